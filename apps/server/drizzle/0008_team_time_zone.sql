ALTER TABLE "teams" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
-- The calendar roll-up (0005) cuts days in each team's own zone, read from teams instead of a Moscow literal.
-- A zone change re-rolls the team's days (calendar_days_reroll) in the transaction that changes it. Every trigger
-- first takes a share lock on its teams' rows, which a zone change's update waits for and which waits for that update:
-- a deal written at the same time as a zone change is counted on the day of the zone that wins, never of the old one.
-- A team deleted with its deals has no row any more: its deals drop out of the joins below (its days cascade away).
CREATE FUNCTION "calendar_days_share_teams"("team_ids" bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM teams WHERE id = ANY(team_ids) ORDER BY id FOR SHARE;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "calendar_days_recount"("team_ids" bigint[], "days" date[], "kinds" text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_lock(team_ids, days, kinds);
  DELETE FROM calendar_days c
    USING unnest(team_ids, days, kinds) AS u(t, d, k)
    WHERE c.team_id = u.t AND c.day = u.d AND c.kind = u.k;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT u.t, u.d, u.k, min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*)
    FROM (SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k)) u
    JOIN teams z ON z.id = u.t
    JOIN deals x ON x.team_id = u.t AND x.kind = u.k
      AND x.placement_at >= u.d::timestamp AT TIME ZONE z.time_zone
      AND x.placement_at < (u.d + 1)::timestamp AT TIME ZONE z.time_zone
    GROUP BY u.t, u.d, u.k;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "calendar_days_after_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT DISTINCT r.team_id, (r.placement_at AT TIME ZONE z.time_zone)::date AS day, r.kind
        FROM new_rows r JOIN teams z ON z.id = r.team_id
    ) k;
  PERFORM calendar_days_lock(team_ids, days, kinds);
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT r.team_id, (r.placement_at AT TIME ZONE z.time_zone)::date, r.kind,
      min(r.placement_at), (array_agg(r.id ORDER BY r.placement_at, r.id))[1], count(*)
    FROM new_rows r JOIN teams z ON z.id = r.team_id
    GROUP BY 1, 2, 3
  ON CONFLICT (team_id, day, kind) DO UPDATE SET
    deal_count = calendar_days.deal_count + excluded.deal_count,
    first_at = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_at ELSE calendar_days.first_at END,
    first_deal_id = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_deal_id ELSE calendar_days.first_deal_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "calendar_days_after_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  -- Only a moved placement changes the calendar; a deal keeps its team and kind.
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT o.team_id, (o.placement_at AT TIME ZONE z.time_zone)::date AS day, o.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = o.team_id
        WHERE n.placement_at <> o.placement_at
      UNION
      SELECT n.team_id, (n.placement_at AT TIME ZONE z.time_zone)::date, n.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = n.team_id
        WHERE n.placement_at <> o.placement_at
    ) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "calendar_days_after_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM old_rows));
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT DISTINCT o.team_id, (o.placement_at AT TIME ZONE z.time_zone)::date AS day, o.kind
        FROM old_rows o JOIN teams z ON z.id = o.team_id
    ) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Called by a zone change after it has updated (and so locked) the team's row.
CREATE FUNCTION "calendar_days_reroll"("team" bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_days WHERE team_id = team;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date, x.kind,
      min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*)
    FROM deals x JOIN teams z ON z.id = x.team_id
    WHERE x.team_id = team
    GROUP BY 1, 2, 3;
END $$;
