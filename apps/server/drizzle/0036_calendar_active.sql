-- The marking month's count and amount by the calendar (issue 38, docs/decisions/033): calendar_days gains, per team,
-- day (in the team's zone) and kind, how many of the day's live deals have a status that does not cancel them and
-- their prices, so GET /api/marking/months/{m} and /api/marking/due read a month's 62 rows instead of its 55 000 deals
-- (modules/marking, marking-month.repository.ts). Kept as the day's count is: an insert adds, anything else that
-- moves a deal's figures recounts its old and new day after the day's lock; a change of price or of whether the
-- status cancels now recounts the day too. The functions of 0016 change only in that; their locks and order stay.
-- Deals are held from the start so the backfill below misses no concurrent write (as in 0016).
LOCK TABLE "deals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "calendar_days" ADD COLUMN "active_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD COLUMN "active_total" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- Counts the given days afresh from the live deals, after their locks: what an update or a delete leaves behind
-- cannot be derived from the changed rows alone (the day's first placement may be another deal).
CREATE OR REPLACE FUNCTION calendar_days_recount(team_ids bigint[], days date[], kinds text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_lock(team_ids, days, kinds);
  DELETE FROM calendar_days c
    USING unnest(team_ids, days, kinds) AS u(t, d, k)
    WHERE c.team_id = u.t AND c.day = u.d AND c.kind = u.k;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total)
    SELECT u.t, u.d, u.k, min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*),
      count(*) FILTER (WHERE NOT s.cancels), coalesce(sum(x.price) FILTER (WHERE NOT s.cancels), 0)
    FROM (SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k)) u
    JOIN teams z ON z.id = u.t
    JOIN deals x ON x.team_id = u.t AND x.kind = u.k
      AND x.placement_at >= u.d::timestamp AT TIME ZONE z.time_zone
      AND x.placement_at < (u.d + 1)::timestamp AT TIME ZONE z.time_zone
      AND x.deleted_at IS NULL
    JOIN deal_statuses s ON s.id = x.status_id
    GROUP BY u.t, u.d, u.k;
END $$;
--> statement-breakpoint
-- New deals add to their days' counts (and, when their status does not cancel them, to the active ones and their
-- prices) and may become a day's first placement; no recount is needed.
CREATE OR REPLACE FUNCTION calendar_days_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows WHERE deleted_at IS NULL));
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT DISTINCT r.team_id, (r.placement_at AT TIME ZONE z.time_zone)::date AS day, r.kind
        FROM new_rows r JOIN teams z ON z.id = r.team_id
        WHERE r.deleted_at IS NULL
    ) k;
  IF team_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM calendar_days_lock(team_ids, days, kinds);
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total)
    SELECT r.team_id, (r.placement_at AT TIME ZONE z.time_zone)::date, r.kind,
      min(r.placement_at), (array_agg(r.id ORDER BY r.placement_at, r.id))[1], count(*),
      count(*) FILTER (WHERE NOT s.cancels), coalesce(sum(r.price) FILTER (WHERE NOT s.cancels), 0)
    FROM new_rows r JOIN teams z ON z.id = r.team_id JOIN deal_statuses s ON s.id = r.status_id
    WHERE r.deleted_at IS NULL
    GROUP BY 1, 2, 3
  ON CONFLICT (team_id, day, kind) DO UPDATE SET
    deal_count = calendar_days.deal_count + excluded.deal_count,
    active_count = calendar_days.active_count + excluded.active_count,
    active_total = calendar_days.active_total + excluded.active_total,
    first_at = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_at ELSE calendar_days.first_at END,
    first_deal_id = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_deal_id ELSE calendar_days.first_deal_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A moved placement, a delete or a restore, a new price or a status that starts or stops cancelling the deal changes
-- the calendar: both the old day and the new are recounted.
CREATE OR REPLACE FUNCTION calendar_days_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  -- Only a moved placement, a delete or a restore, a price or whether the status cancels changes the calendar; a deal
  -- keeps its team and kind.
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT o.team_id, (o.placement_at AT TIME ZONE z.time_zone)::date AS day, o.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = o.team_id
        JOIN deal_statuses so ON so.id = o.status_id JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE n.placement_at <> o.placement_at OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
          OR n.price <> o.price OR sn.cancels <> so.cancels
      UNION
      SELECT n.team_id, (n.placement_at AT TIME ZONE z.time_zone)::date, n.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = n.team_id
        JOIN deal_statuses so ON so.id = o.status_id JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE n.placement_at <> o.placement_at OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
          OR n.price <> o.price OR sn.cancels <> so.cancels
    ) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change of the team's zone moves every day boundary: the team's days are rolled up again, in the transaction of
-- the change (called by the zone change in modules/team, not by a trigger).
CREATE OR REPLACE FUNCTION calendar_days_reroll(team bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_days WHERE team_id = team;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total)
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date, x.kind,
      min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*),
      count(*) FILTER (WHERE NOT s.cancels), coalesce(sum(x.price) FILTER (WHERE NOT s.cancels), 0)
    FROM deals x JOIN teams z ON z.id = x.team_id JOIN deal_statuses s ON s.id = x.status_id
    WHERE x.team_id = team AND x.deleted_at IS NULL
    GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- The days already there: their active deals and prices, from the live deals.
UPDATE calendar_days c SET active_count = a.active_count, active_total = a.active_total
  FROM (
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date AS day, x.kind,
      count(*) FILTER (WHERE NOT s.cancels) AS active_count,
      coalesce(sum(x.price) FILTER (WHERE NOT s.cancels), 0) AS active_total
    FROM deals x JOIN teams z ON z.id = x.team_id JOIN deal_statuses s ON s.id = x.status_id
    WHERE x.deleted_at IS NULL
    GROUP BY 1, 2, 3
  ) a
  WHERE c.team_id = a.team_id AND c.day = a.day AND c.kind = a.kind;
