-- The marking month's counts by day (issue 38, docs/decisions/033): calendar_days carries, beside the active deals of a
-- team's day and kind, how many of them have a marking that lacks nothing (complete_count), one that lacks nothing but
-- the team's own legal details (complete_if_legal_count: counted once the team sets them), and their report accepted
-- whole by the ОРД (sent_count). A month's totals then read its days, as its count and amount already did, instead of
-- every marking of the month (38 000 at the benchmark's scale). What each marking lacks is computed by the database
-- in generated columns built from the same table of needs the card lists them by (@addesk/contract `markingNeeds`),
-- so every writer of a marking keeps them. The rows' copy of their deal's placement (0037) is no longer read: it goes
-- with its triggers. The deals' and the markings' tables are held from the start so the backfill misses no write.
LOCK TABLE "deals", "deal_markings", "marking_reports" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DROP TRIGGER "deals_marking_placement_update" ON "deals";
--> statement-breakpoint
DROP TRIGGER "deal_markings_placement_insert" ON "deal_markings";
--> statement-breakpoint
DROP TRIGGER "marking_reports_placement_insert" ON "marking_reports";
--> statement-breakpoint
DROP FUNCTION marking_placement_after_deal_update();
--> statement-breakpoint
DROP FUNCTION marking_placement_before_insert();
--> statement-breakpoint
DROP INDEX "deal_markings_team_placement_idx";--> statement-breakpoint
DROP INDEX "marking_reports_team_placement_idx";--> statement-breakpoint
ALTER TABLE "deal_markings" DROP COLUMN "placement_at";--> statement-breakpoint
ALTER TABLE "marking_reports" DROP COLUMN "placement_at";--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "deal_markings" m SET "kind" = d."kind" FROM "deals" d WHERE d."team_id" = m."team_id" AND d."id" = m."deal_id";
--> statement-breakpoint
ALTER TABLE "deal_markings" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "complete" boolean GENERATED ALWAYS AS (case "deal_markings"."registered_by" when 'not_required' then coalesce("deal_markings"."reason"::text, '') <> '' and not (false) when 'counterpart' then coalesce("deal_markings"."erid"::text, '') <> '' and coalesce("deal_markings"."advertiser" ->> 'name', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'inn', '') <> '' and not (false) when 'us' then coalesce("deal_markings"."advertiser" ->> 'type', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'name', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'inn', '') <> '' and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'type', '') <> '') and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'name', '') <> '') and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'inn', '') <> '') and coalesce("deal_markings"."contract" ->> 'number', '') <> '' and coalesce("deal_markings"."contract" ->> 'date', '') <> '' and coalesce("deal_markings"."contract" ->> 'type', '') <> '' and coalesce("deal_markings"."contract" ->> 'subject', '') <> '' and coalesce("deal_markings"."contract" ->> 'amount', '') <> '' and coalesce("deal_markings"."creative" ->> 'form', '') <> '' and coalesce("deal_markings"."creative" ->> 'text', '') <> '' and coalesce("deal_markings"."creative" ->> 'kktu', '') <> '' and not (true) else false end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "complete_if_legal" boolean GENERATED ALWAYS AS (case "deal_markings"."registered_by" when 'not_required' then coalesce("deal_markings"."reason"::text, '') <> '' and false when 'counterpart' then coalesce("deal_markings"."erid"::text, '') <> '' and coalesce("deal_markings"."advertiser" ->> 'name', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'inn', '') <> '' and false when 'us' then coalesce("deal_markings"."advertiser" ->> 'type', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'name', '') <> '' and coalesce("deal_markings"."advertiser" ->> 'inn', '') <> '' and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'type', '') <> '') and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'name', '') <> '') and (not "deal_markings"."kind" in ('purchase') or coalesce("deal_markings"."seller" ->> 'inn', '') <> '') and coalesce("deal_markings"."contract" ->> 'number', '') <> '' and coalesce("deal_markings"."contract" ->> 'date', '') <> '' and coalesce("deal_markings"."contract" ->> 'type', '') <> '' and coalesce("deal_markings"."contract" ->> 'subject', '') <> '' and coalesce("deal_markings"."contract" ->> 'amount', '') <> '' and coalesce("deal_markings"."creative" ->> 'form', '') <> '' and coalesce("deal_markings"."creative" ->> 'text', '') <> '' and coalesce("deal_markings"."creative" ->> 'kktu', '') <> '' and true else false end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "marking_reports" ADD COLUMN "sent" boolean GENERATED ALWAYS AS (coalesce("marking_reports"."statistics" = 'done' and "marking_reports"."act" = 'done', false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD COLUMN "complete_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD COLUMN "complete_if_legal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counts the given days afresh from the live deals, after their locks: what an update or a delete leaves behind
-- cannot be derived from the changed rows alone (the day's first placement may be another deal).
CREATE OR REPLACE FUNCTION calendar_days_recount(team_ids bigint[], days date[], kinds text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_lock(team_ids, days, kinds);
  DELETE FROM calendar_days c
    USING unnest(team_ids, days, kinds) AS u(t, d, k)
    WHERE c.team_id = u.t AND c.day = u.d AND c.kind = u.k;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total,
      complete_count, complete_if_legal_count, sent_count)
    SELECT u.t, u.d, u.k, min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*),
      count(*) FILTER (WHERE NOT s.cancels), coalesce(sum(x.price) FILTER (WHERE NOT s.cancels), 0),
      count(*) FILTER (WHERE NOT s.cancels AND m.complete), count(*) FILTER (WHERE NOT s.cancels AND m.complete_if_legal),
      count(*) FILTER (WHERE NOT s.cancels AND r.sent)
    FROM (SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k)) u
    JOIN teams z ON z.id = u.t
    JOIN deals x ON x.team_id = u.t AND x.kind = u.k
      AND x.placement_at >= u.d::timestamp AT TIME ZONE z.time_zone
      AND x.placement_at < (u.d + 1)::timestamp AT TIME ZONE z.time_zone
      AND x.deleted_at IS NULL
    JOIN deal_statuses s ON s.id = x.status_id
    LEFT JOIN deal_markings m ON m.team_id = x.team_id AND m.deal_id = x.id
    LEFT JOIN marking_reports r ON r.team_id = x.team_id AND r.deal_id = x.id
    GROUP BY u.t, u.d, u.k;
END $$;
--> statement-breakpoint
-- A change of the team's zone moves every day boundary: the team's days are rolled up again, in the transaction of
-- the change (called by the zone change in modules/team, not by a trigger).
CREATE OR REPLACE FUNCTION calendar_days_reroll(team bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_days WHERE team_id = team;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total,
      complete_count, complete_if_legal_count, sent_count)
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date, x.kind,
      min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*),
      count(*) FILTER (WHERE NOT s.cancels), coalesce(sum(x.price) FILTER (WHERE NOT s.cancels), 0),
      count(*) FILTER (WHERE NOT s.cancels AND m.complete), count(*) FILTER (WHERE NOT s.cancels AND m.complete_if_legal),
      count(*) FILTER (WHERE NOT s.cancels AND r.sent)
    FROM deals x JOIN teams z ON z.id = x.team_id JOIN deal_statuses s ON s.id = x.status_id
    LEFT JOIN deal_markings m ON m.team_id = x.team_id AND m.deal_id = x.id
    LEFT JOIN marking_reports r ON r.team_id = x.team_id AND r.deal_id = x.id
    WHERE x.team_id = team AND x.deleted_at IS NULL
    GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Adds to the marking counts of their deals' days what changed markings and reports moved, one change per deal (-1, 0
-- or 1 each of complete, complete once the team's details are set, and sent), while the deal is live and not
-- cancelled: a new deal starts with no marking, and a move, a cancellation or a delete of a deal recounts its days
-- whole. The deals are read FOR SHARE, after the teams' rows as every writer of the calendar: a deal's change in flight
-- is waited for (its recount read the marking as it was before this change, which comes on top of it), and one that
-- comes later waits for this transaction and recounts with this change in.
CREATE OR REPLACE FUNCTION calendar_days_mark(team_ids bigint[], deal_ids bigint[], completes int[],
  if_legals int[], sents int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  keys record;
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT unnest(team_ids)));
  PERFORM 1 FROM deals x JOIN unnest(team_ids, deal_ids) AS u(t, id) ON x.team_id = u.t AND x.id = u.id
    ORDER BY x.team_id, x.id FOR SHARE OF x;
  SELECT array_agg(t) AS t, array_agg(d) AS d, array_agg(k) AS k, array_agg(c) AS c, array_agg(l) AS l,
      array_agg(s) AS s
    INTO keys
    FROM (
      SELECT u.t, (x.placement_at AT TIME ZONE z.time_zone)::date AS d, x.kind AS k, sum(u.c)::int AS c,
          sum(u.l)::int AS l, sum(u.s)::int AS s
        FROM unnest(team_ids, deal_ids, completes, if_legals, sents) AS u(t, id, c, l, s)
        JOIN deals x ON x.team_id = u.t AND x.id = u.id AND x.deleted_at IS NULL
        JOIN deal_statuses st ON st.id = x.status_id AND NOT st.cancels
        JOIN teams z ON z.id = u.t
        GROUP BY 1, 2, 3
    ) g;
  IF keys.t IS NULL THEN
    RETURN;
  END IF;
  PERFORM calendar_days_lock(keys.t, keys.d, keys.k);
  UPDATE calendar_days c SET complete_count = c.complete_count + u.c,
      complete_if_legal_count = c.complete_if_legal_count + u.l, sent_count = c.sent_count + u.s
    FROM unnest(keys.t, keys.d, keys.k, keys.c, keys.l, keys.s) AS u(t, d, k, c, l, s)
    WHERE c.team_id = u.t AND c.day = u.d AND c.kind = u.k;
END $$;
--> statement-breakpoint
-- A marking written, changed or deleted: what it moved of complete and complete once the team's details are set.
CREATE OR REPLACE FUNCTION deal_markings_calendar() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ch record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(team_id) AS t, array_agg(deal_id) AS id, array_agg(complete::int) AS c,
        array_agg(complete_if_legal::int) AS l
      INTO ch FROM new_rows WHERE complete OR complete_if_legal;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(team_id) AS t, array_agg(deal_id) AS id, array_agg(-complete::int) AS c,
        array_agg(-complete_if_legal::int) AS l
      INTO ch FROM old_rows WHERE complete OR complete_if_legal;
  ELSE
    SELECT array_agg(n.team_id) AS t, array_agg(n.deal_id) AS id,
        array_agg(n.complete::int - o.complete::int) AS c,
        array_agg(n.complete_if_legal::int - o.complete_if_legal::int) AS l
      INTO ch FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.deal_id = o.deal_id
      WHERE n.complete <> o.complete OR n.complete_if_legal <> o.complete_if_legal;
  END IF;
  IF ch.t IS NOT NULL THEN
    PERFORM calendar_days_mark(ch.t, ch.id, ch.c, ch.l, array_fill(0, ARRAY[cardinality(ch.t)]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A report written, changed or deleted: whether it moved the deal in or out of the sent ones.
CREATE OR REPLACE FUNCTION marking_reports_calendar() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ch record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(team_id) AS t, array_agg(deal_id) AS id, array_agg(1) AS s INTO ch FROM new_rows WHERE sent;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(team_id) AS t, array_agg(deal_id) AS id, array_agg(-1) AS s INTO ch FROM old_rows WHERE sent;
  ELSE
    SELECT array_agg(n.team_id) AS t, array_agg(n.deal_id) AS id, array_agg(n.sent::int - o.sent::int) AS s
      INTO ch FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.deal_id = o.deal_id
      WHERE n.sent <> o.sent;
  END IF;
  IF ch.t IS NOT NULL THEN
    PERFORM calendar_days_mark(ch.t, ch.id, array_fill(0, ARRAY[cardinality(ch.t)]),
      array_fill(0, ARRAY[cardinality(ch.t)]), ch.s);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_markings_calendar_insert AFTER INSERT ON deal_markings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_markings_calendar_update AFTER UPDATE ON deal_markings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_markings_calendar_delete AFTER DELETE ON deal_markings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER marking_reports_calendar_insert AFTER INSERT ON marking_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER marking_reports_calendar_update AFTER UPDATE ON marking_reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER marking_reports_calendar_delete AFTER DELETE ON marking_reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();
--> statement-breakpoint
-- The days of the markings and reports written so far.
UPDATE calendar_days c SET complete_count = k.complete, complete_if_legal_count = k.if_legal, sent_count = k.sent
  FROM (
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date AS day, x.kind,
        count(*) FILTER (WHERE m.complete) AS complete, count(*) FILTER (WHERE m.complete_if_legal) AS if_legal,
        count(*) FILTER (WHERE r.sent) AS sent
      FROM deals x JOIN teams z ON z.id = x.team_id JOIN deal_statuses s ON s.id = x.status_id
      LEFT JOIN deal_markings m ON m.team_id = x.team_id AND m.deal_id = x.id
      LEFT JOIN marking_reports r ON r.team_id = x.team_id AND r.deal_id = x.id
      WHERE x.deleted_at IS NULL AND NOT s.cancels AND (m.deal_id IS NOT NULL OR r.deal_id IS NOT NULL)
      GROUP BY 1, 2, 3
  ) k
  WHERE c.team_id = k.team_id AND c.day = k.day AND c.kind = k.kind;
