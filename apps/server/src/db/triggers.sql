-- The trigger functions and triggers the migrations leave live, in one place to read: each function as the last
-- migration that touched it wrote it, each trigger as it stands after drizzle/0024. The migrations are what runs and
-- where a change goes (a new migration); this file is what they add up to. test/db/triggers.test.ts holds the two
-- together: it drops every function and trigger of a migrated database, runs this file and expects each back exactly
-- as the migrations left it (whitespace aside), on PGlite and on PostgreSQL. A migration that changes one therefore
-- changes it here too. Comments inside a body are the migration's own and part of what is compared.

-- ## The calendar roll-up: calendar_days (migrations 0005, 0008, 0016, 0036, 0039; docs/decisions/008, 013, 017, 033)
-- One row per team, day and kind with the day's first placement and its count, and how many of them are not
-- cancelled with their prices and how many of those are marked completely or sent (the marking month's totals), so a
-- month of the calendar is a few dozen rows whatever the number of deals. Statement-level triggers on deals keep it exact in the writing transaction, so every path that
-- writes deals (the API, cascades from a deleted channel or team, bulk loads) moves the calendar with it. A day is
-- the placement's date in the team's zone; a deleted deal is on no day.

-- Two writers of the same day take turns: each (team, day, kind) is locked for the rest of the transaction, in one
-- order, before it is touched.
-- Last written by migration 0005.
CREATE OR REPLACE FUNCTION calendar_days_lock(team_ids bigint[], days date[], kinds text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  key record;
BEGIN
  FOR key IN
    SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k) ORDER BY t, d, k
  LOOP
    -- The day as a number of days: its text form would depend on the session's DateStyle.
    PERFORM pg_advisory_xact_lock(
      hashtextextended('calendar_days/' || key.t || '/' || (key.d - DATE '2000-01-01') || '/' || key.k, 0));
  END LOOP;
END $$;

-- A share lock on the teams' rows, which a zone change's update waits for and which waits for it: a deal written
-- during a zone change is counted on a day of the zone that wins, never of the old one.
-- Last written by migration 0008.
CREATE OR REPLACE FUNCTION calendar_days_share_teams(team_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM teams WHERE id = ANY(team_ids) ORDER BY id FOR SHARE;
END $$;

-- Counts the given days afresh from the live deals, after their locks: what an update or a delete leaves behind
-- cannot be derived from the changed rows alone (the day's first placement may be another deal).
-- Last written by migration 0039.
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

-- New deals add to their days' counts (and, when their status does not cancel them, to the active ones and their
-- prices) and may become a day's first placement; no recount is needed.
-- Last written by migration 0036.
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

-- A moved placement, a delete or a restore, a new price or a status that starts or stops cancelling the deal changes
-- the calendar: both the old day and the new are recounted.
-- Last written by migration 0036.
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

-- A hard delete (a cascade, the sweep) recounts the days of the live deals it took.
-- Last written by migration 0016.
CREATE OR REPLACE FUNCTION calendar_days_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  -- A deleted deal swept away was counted on no day: nothing to recount, no team to hold.
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM old_rows WHERE deleted_at IS NULL));
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT DISTINCT o.team_id, (o.placement_at AT TIME ZONE z.time_zone)::date AS day, o.kind
        FROM old_rows o JOIN teams z ON z.id = o.team_id
        WHERE o.deleted_at IS NULL
    ) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;

-- A change of the team's zone moves every day boundary: the team's days are rolled up again, in the transaction of
-- the change (called by the zone change in modules/team, not by a trigger).
-- Last written by migration 0039.
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

-- The deals' triggers of the calendar: after each statement, with its rows as transition tables.
CREATE OR REPLACE TRIGGER deals_calendar_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_insert();
CREATE OR REPLACE TRIGGER deals_calendar_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_update();
CREATE OR REPLACE TRIGGER deals_calendar_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_delete();

-- ## The marking counts: deal_markings and marking_reports into calendar_days (migration 0039; docs/decisions/033)
-- A marking's completeness and a report's sending are generated columns; what a statement moves of them is added to
-- the days of their deals, in the calendar's locks and order.

-- Adds to the marking counts of their deals' days what changed markings and reports moved, one change per deal (-1, 0
-- or 1 each of complete, complete once the team's details are set, and sent), while the deal is live and not
-- cancelled: a new deal starts with no marking, and a move, a cancellation or a delete of a deal recounts its days
-- whole. The deals are read FOR SHARE, after the teams' rows as every writer of the calendar: a deal's change in flight
-- is waited for (its recount read the marking as it was before this change, which comes on top of it), and one that
-- comes later waits for this transaction and recounts with this change in.
-- Last written by migration 0039.
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

-- A marking written, changed or deleted: what it moved of complete and complete once the team's details are set.
-- Last written by migration 0039.
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

-- A report written, changed or deleted: whether it moved the deal in or out of the sent ones.
-- Last written by migration 0039.
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

-- The markings' and the reports' triggers of the calendar: after each statement, with its rows as transition tables.
CREATE OR REPLACE TRIGGER deal_markings_calendar_insert AFTER INSERT ON deal_markings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
CREATE OR REPLACE TRIGGER deal_markings_calendar_update AFTER UPDATE ON deal_markings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
CREATE OR REPLACE TRIGGER deal_markings_calendar_delete AFTER DELETE ON deal_markings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_markings_calendar();
CREATE OR REPLACE TRIGGER marking_reports_calendar_insert AFTER INSERT ON marking_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();
CREATE OR REPLACE TRIGGER marking_reports_calendar_update AFTER UPDATE ON marking_reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();
CREATE OR REPLACE TRIGGER marking_reports_calendar_delete AFTER DELETE ON marking_reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marking_reports_calendar();

-- ## The money roll-up: money_days and money_periods (migrations 0013, 0014, 0016, 0029, 0034, 0038;
-- docs/decisions/016, 017, 033)
-- One row per team, day, channel and kind: by deal date the deals, the unpaid ones, their prices and what was paid,
-- and the prices and views of those whose post has views (post_views > 0, for the average CPM), and the cancelled
-- deals' number and prices; by payment date what was received. money_periods holds the same per week and month.
-- Every figure of finance and the lists' default summary read them instead of the deals. Triggers on deals and
-- deal_payments add signed deltas in the writing transaction. A cancelled deal ('Отменена') carries no money by deal
-- date but what was received for it still counts; a deleted deal counts nowhere. Every writer holds its deals' rows
-- first, then the team's advisory lock, and only then reads what it needs.

-- One writer of a team's money at a time, until it commits, in team order; a team being deleted is not locked, so
-- its cascade waits for no one.
-- Last written by migration 0013.
CREATE OR REPLACE FUNCTION money_days_lock(team_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  team bigint;
BEGIN
  -- A team being deleted has no row any more and nothing is written for it: no lock, so its cascade waits for no one.
  FOR team IN SELECT DISTINCT u.t FROM unnest(team_ids) AS u(t) JOIN teams z ON z.id = u.t ORDER BY u.t LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('money_days/' || team, 0));
  END LOOP;
END $$;

-- Adds deltas up per key, in key order, into the days and into their weeks and months, and deletes the rows they
-- bring to zero: the roll-ups hold only days, weeks and months that have money.
-- Last written by migration 0034.
CREATE OR REPLACE FUNCTION money_days_apply(delta money_days[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_days AS m (team_id, day, channel_id, kind, deals, unpaid, total, paid, received, viewed_total, views,
      cancelled, cancelled_total)
    SELECT d.team_id, d.day, d.channel_id, d.kind,
      sum(d.deals), sum(d.unpaid), sum(d.total), sum(d.paid), sum(d.received), sum(d.viewed_total), sum(d.views),
      sum(d.cancelled), sum(d.cancelled_total)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.deals) <> 0 OR sum(d.unpaid) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0 OR sum(d.received) <> 0
      OR sum(d.viewed_total) <> 0 OR sum(d.views) <> 0 OR sum(d.cancelled) <> 0 OR sum(d.cancelled_total) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (team_id, day, channel_id, kind) DO UPDATE SET
    deals = m.deals + excluded.deals,
    unpaid = m.unpaid + excluded.unpaid,
    total = m.total + excluded.total,
    paid = m.paid + excluded.paid,
    received = m.received + excluded.received,
    viewed_total = m.viewed_total + excluded.viewed_total,
    views = m.views + excluded.views,
    cancelled = m.cancelled + excluded.cancelled,
    cancelled_total = m.cancelled_total + excluded.cancelled_total;
  DELETE FROM money_days m
    USING (SELECT DISTINCT team_id, day, channel_id, kind FROM unnest(delta)) d
    WHERE m.team_id = d.team_id AND m.day = d.day AND m.channel_id = d.channel_id AND m.kind = d.kind
      AND m.deals = 0 AND m.unpaid = 0 AND m.total = 0 AND m.paid = 0 AND m.received = 0
      AND m.viewed_total = 0 AND m.views = 0 AND m.cancelled = 0 AND m.cancelled_total = 0;
  -- The same deltas by the week and by the month of their day.
  INSERT INTO money_periods AS m (team_id, unit, start, channel_id, kind, deals, unpaid, total, paid, received,
      viewed_total, views, cancelled, cancelled_total)
    SELECT d.team_id, u.unit, date_trunc(u.unit, d.day::timestamp)::date, d.channel_id, d.kind,
      sum(d.deals), sum(d.unpaid), sum(d.total), sum(d.paid), sum(d.received), sum(d.viewed_total), sum(d.views),
      sum(d.cancelled), sum(d.cancelled_total)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id CROSS JOIN (VALUES ('week'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.deals) <> 0 OR sum(d.unpaid) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0 OR sum(d.received) <> 0
      OR sum(d.viewed_total) <> 0 OR sum(d.views) <> 0 OR sum(d.cancelled) <> 0 OR sum(d.cancelled_total) <> 0
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (team_id, unit, start, channel_id, kind) DO UPDATE SET
    deals = m.deals + excluded.deals,
    unpaid = m.unpaid + excluded.unpaid,
    total = m.total + excluded.total,
    paid = m.paid + excluded.paid,
    received = m.received + excluded.received,
    viewed_total = m.viewed_total + excluded.viewed_total,
    views = m.views + excluded.views,
    cancelled = m.cancelled + excluded.cancelled,
    cancelled_total = m.cancelled_total + excluded.cancelled_total;
  DELETE FROM money_periods m
    USING (
      SELECT DISTINCT d.team_id, u.unit, date_trunc(u.unit, d.day::timestamp)::date AS start, d.channel_id, d.kind
        FROM unnest(delta) d CROSS JOIN (VALUES ('week'), ('month')) u (unit)
    ) d
    WHERE m.team_id = d.team_id AND m.unit = d.unit AND m.start = d.start AND m.channel_id = d.channel_id
      AND m.kind = d.kind AND m.deals = 0 AND m.unpaid = 0 AND m.total = 0 AND m.paid = 0 AND m.received = 0
      AND m.viewed_total = 0 AND m.views = 0 AND m.cancelled = 0 AND m.cancelled_total = 0;
END $$;

-- New live deals add to their deal dates: those not cancelled their money (and, whose post has views, its price and
-- views), the cancelled ones their number and prices.
-- Last written by migration 0034.
CREATE OR REPLACE FUNCTION money_days_after_deal_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, count(*)::int,
      (count(*) FILTER (WHERE d.paid_amount < d.price))::int, sum(d.price), sum(d.paid_amount), 0,
      coalesce(sum(d.price) FILTER (WHERE d.post_views > 0), 0),
      coalesce(sum(d.post_views) FILTER (WHERE d.post_views > 0), 0), 0, 0)::money_days
    FROM new_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind
    UNION ALL
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, 0, 0, 0, 0, 0, 0, 0, count(*)::int, sum(d.price))::money_days
    FROM new_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;

-- A change of price, date, channel, what was paid, the post's views, whether the status cancels or whether the deal
-- is deleted moves money (or a cancelled deal's count and price) from the old key to the new; a deal moved to
-- another channel, deleted or restored takes its payments along. Anything else (a note, a status that does not
-- cancel) takes no lock.
-- Last written by migration 0041.
CREATE OR REPLACE FUNCTION money_days_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel, what was paid, its post's views (none and 0 are
  -- alike: no views), whether its status cancels it and whether it is deleted move money, and an update of nothing
  -- else (a status that does not cancel, a note) takes no lock.
  -- Counted rather than asked EXISTS: see the pay roll-up's check (pay_after_deal_update).
  IF (
    SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, greatest(n.post_views, 0), sn.cancels,
          n.deleted_at IS NULL)
        IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, greatest(o.post_views, 0), so.cancels,
          o.deleted_at IS NULL)
  ) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deal_date AS old_day, o.channel_id AS old_channel, o.price AS old_price, o.paid_amount AS old_paid,
          greatest(o.post_views, 0) AS old_views,
          o.deleted_at IS NULL AS old_live, o.deleted_at IS NULL AND NOT so.cancels AS old_counts,
          o.deleted_at IS NULL AND so.cancels AS old_cancelled,
          n.deal_date AS new_day, n.channel_id AS new_channel, n.price AS new_price, n.paid_amount AS new_paid,
          greatest(n.post_views, 0) AS new_views,
          n.deleted_at IS NULL AS new_live, n.deleted_at IS NULL AND NOT sn.cancels AS new_counts,
          n.deleted_at IS NULL AND sn.cancels AS new_cancelled
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, greatest(n.post_views, 0), sn.cancels,
            n.deleted_at IS NULL)
          IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, greatest(o.post_views, 0), so.cancels,
            o.deleted_at IS NULL)
    )
    SELECT ROW(x.team_id, x.day, x.channel_id, x.kind, sum(x.deals)::int, sum(x.unpaid)::int, sum(x.total), sum(x.paid),
      sum(x.received), sum(x.viewed_total), sum(x.views), sum(x.cancelled)::int, sum(x.cancelled_total))::money_days
    FROM (
      SELECT team_id, old_day AS day, old_channel AS channel_id, kind, -1 AS deals, -(old_paid < old_price)::int AS unpaid,
          -old_price AS total, -old_paid AS paid, 0::numeric AS received,
          -(CASE WHEN old_views > 0 THEN old_price ELSE 0 END) AS viewed_total, -old_views::bigint AS views,
          0 AS cancelled, 0::numeric AS cancelled_total
        FROM moved WHERE old_counts
      UNION ALL
      SELECT team_id, new_day, new_channel, kind, 1, (new_paid < new_price)::int, new_price, new_paid, 0,
          CASE WHEN new_views > 0 THEN new_price ELSE 0 END, new_views, 0, 0
        FROM moved WHERE new_counts
      UNION ALL
      SELECT team_id, old_day, old_channel, kind, 0, 0, 0, 0, 0, 0, 0, -1, -old_price
        FROM moved WHERE old_cancelled
      UNION ALL
      SELECT team_id, new_day, new_channel, kind, 0, 0, 0, 0, 0, 0, 0, 1, new_price
        FROM moved WHERE new_cancelled
      -- What was received for a live deal, cancelled or not, counts under its channel: a deal moved to another
      -- channel takes its payments with it, a deleted one takes them off and a restored one brings them back.
      UNION ALL
      SELECT p.team_id, p.paid_at, m.old_channel, m.kind, 0, 0, 0, 0, -p.amount, 0, 0, 0, 0
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.old_live AND (NOT m.new_live OR m.new_channel <> m.old_channel)
      UNION ALL
      SELECT p.team_id, p.paid_at, m.new_channel, m.kind, 0, 0, 0, 0, p.amount, 0, 0, 0, 0
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.new_live AND (NOT m.old_live OR m.new_channel <> m.old_channel)
    ) x
    GROUP BY x.team_id, x.day, x.channel_id, x.kind));
  RETURN NULL;
END $$;

-- A hard delete takes live deals off their deal dates; a deleted deal swept away was counted nowhere.
-- Last written by migration 0034.
CREATE OR REPLACE FUNCTION money_days_after_deal_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted deal swept away was counted nowhere: its team is not even locked.
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM old_rows WHERE deleted_at IS NULL));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, -count(*)::int,
      -(count(*) FILTER (WHERE d.paid_amount < d.price))::int, -sum(d.price), -sum(d.paid_amount), 0,
      -coalesce(sum(d.price) FILTER (WHERE d.post_views > 0), 0),
      -coalesce(sum(d.post_views) FILTER (WHERE d.post_views > 0), 0), 0, 0)::money_days
    FROM old_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind
    UNION ALL
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, 0, 0, 0, 0, 0, 0, 0, -count(*)::int, -sum(d.price))::money_days
    FROM old_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;

-- A deal's payments go by cascade after the deal, when their channel and kind can no longer be read: so a live deal
-- with payments takes what it received off the roll-up itself, row by row, before it goes, and off its person's share
-- when it earned.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION money_days_before_deal_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted team's deals: nothing to take off (its rows cascade away), and there may be millions of them.
  IF NOT EXISTS (SELECT 1 FROM teams WHERE id = OLD.team_id) THEN
    RETURN OLD;
  END IF;
  PERFORM money_days_lock(ARRAY[OLD.team_id]);
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, OLD.channel_id, OLD.kind, 0, 0, 0, 0, -sum(p.amount), 0, 0, 0, 0)::money_days
    FROM deal_payments p WHERE p.team_id = OLD.team_id AND p.deal_id = OLD.id
    GROUP BY p.team_id, p.paid_at));
  IF OLD.employee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deal_statuses WHERE id = OLD.status_id AND cancels) THEN
    PERFORM pay_received_apply(ARRAY(
      SELECT ROW(p.team_id, OLD.employee_id, OLD.channel_id, OLD.kind, 'day', p.paid_at, -sum(p.amount))::pay_received
      FROM deal_payments p WHERE p.team_id = OLD.team_id AND p.deal_id = OLD.id
      GROUP BY p.team_id, p.paid_at));
  END IF;
  RETURN OLD;
END $$;

-- Payments count under their live deal's channel and kind on the day they were paid, and for its person while the
-- deal earns; the deals are locked before the team, the order every deal write takes.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION money_days_add_payments(payments deal_payments[], direction int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM deals d
    JOIN (SELECT DISTINCT team_id, deal_id FROM unnest(payments)) p ON d.team_id = p.team_id AND d.id = p.deal_id
    ORDER BY d.team_id, d.id
    FOR NO KEY UPDATE OF d;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM unnest(payments)));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, direction * sum(p.amount), 0, 0, 0, 0)::money_days
    FROM unnest(payments) p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
    WHERE d.deleted_at IS NULL
    GROUP BY p.team_id, p.paid_at, d.channel_id, d.kind));
  PERFORM pay_received_apply(ARRAY(
    SELECT ROW(p.team_id, d.employee_id, d.channel_id, d.kind, 'day', p.paid_at, direction * sum(p.amount))::pay_received
    FROM unnest(payments) p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
    JOIN deal_statuses s ON s.id = d.status_id
    WHERE d.deleted_at IS NULL AND NOT s.cancels AND d.employee_id IS NOT NULL
    GROUP BY p.team_id, d.employee_id, d.channel_id, d.kind, p.paid_at));
END $$;

-- A payment recorded is money received on its day.
-- Last written by migration 0013.
CREATE OR REPLACE FUNCTION money_days_after_payment_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_add_payments(ARRAY(SELECT p::deal_payments FROM new_rows p), 1);
  RETURN NULL;
END $$;

-- A payment deleted is taken off again; one deleted by its deal's cascade finds no deal and is left, as the deal took
-- it off before it went (money_days_before_deal_delete).
-- Last written by migration 0013.
CREATE OR REPLACE FUNCTION money_days_after_payment_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_add_payments(ARRAY(SELECT p::deal_payments FROM old_rows p), -1);
  RETURN NULL;
END $$;

-- The deals' and payments' triggers of the money roll-up. The row trigger runs only for a live deal with payments:
-- what a deleted deal received is off the roll-up already.
CREATE OR REPLACE TRIGGER deals_money_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_insert();
CREATE OR REPLACE TRIGGER deals_money_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_update();
CREATE OR REPLACE TRIGGER deals_money_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_delete();
CREATE OR REPLACE TRIGGER deals_money_received_delete BEFORE DELETE ON deals
  FOR EACH ROW WHEN (OLD.paid_amount > 0 AND OLD.deleted_at IS NULL) EXECUTE FUNCTION money_days_before_deal_delete();
CREATE OR REPLACE TRIGGER deal_payments_money_insert AFTER INSERT ON deal_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_payment_insert();
CREATE OR REPLACE TRIGGER deal_payments_money_delete AFTER DELETE ON deal_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_payment_delete();

-- ## The pay roll-up: pay_received and pay_posts (migration 0038; docs/decisions/026, 033)
-- Per team, person, channel and kind what was received by payment day and month for the person's deals that earn (live,
-- status not cancelling), and per team and channel the sales that earn by placement day in the team's zone and month:
-- a role's basis for any period is a dozen months and the days of the two it cuts. The payments' share is written by
-- the money roll-up's own functions (money_days_add_payments, money_days_before_deal_delete); what else moves it, by
-- the triggers below, after the locks the money roll-up takes, in its order.

-- Adds deltas of what was received, each dated its payment day, into the days and their months, in key order, and
-- deletes the rows they bring to zero.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION pay_received_apply(delta pay_received[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pay_received AS m (team_id, employee_id, channel_id, kind, unit, start, amount)
    SELECT d.team_id, d.employee_id, d.channel_id, d.kind, u.unit, date_trunc(u.unit, d.start::timestamp)::date,
      sum(d.amount)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (team_id, employee_id, channel_id, kind, unit, start) DO UPDATE SET amount = m.amount + excluded.amount;
  DELETE FROM pay_received m
    USING (
      SELECT DISTINCT d.team_id, d.employee_id, d.channel_id, d.kind, u.unit,
          date_trunc(u.unit, d.start::timestamp)::date AS start
        FROM unnest(delta) d CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    ) d
    WHERE m.team_id = d.team_id AND m.employee_id = d.employee_id AND m.channel_id = d.channel_id AND m.kind = d.kind
      AND m.unit = d.unit AND m.start = d.start AND m.amount = 0;
END $$;

-- Adds deltas of posts, each dated its day in the team's zone, into the days and their months, likewise.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION pay_posts_apply(delta pay_posts[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pay_posts AS m (team_id, channel_id, unit, start, posts)
    SELECT d.team_id, d.channel_id, u.unit, date_trunc(u.unit, d.start::timestamp)::date, sum(d.posts)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.posts) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (team_id, channel_id, unit, start) DO UPDATE SET posts = m.posts + excluded.posts;
  DELETE FROM pay_posts m
    USING (
      SELECT DISTINCT d.team_id, d.channel_id, u.unit, date_trunc(u.unit, d.start::timestamp)::date AS start
        FROM unnest(delta) d CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    ) d
    WHERE m.team_id = d.team_id AND m.channel_id = d.channel_id AND m.unit = d.unit AND m.start = d.start
      AND m.posts = 0;
END $$;

-- New live sales whose status does not cancel them are posts of their channel on their day in the team's zone, and a
-- hard delete takes them off again (a deleted deal swept away was counted nowhere); a new deal has no payments yet.
-- The teams are shared first, as the calendar does, so a zone change waits or is waited for. The insert's and the
-- delete's triggers name their rows alike.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION pay_posts_after_deal_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM written WHERE kind = 'sale' AND deleted_at IS NULL));
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM written WHERE kind = 'sale' AND deleted_at IS NULL));
  PERFORM pay_posts_apply(ARRAY(
    SELECT ROW(d.team_id, d.channel_id, 'day', (d.placement_at AT TIME ZONE z.time_zone)::date,
        CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*)::int)::pay_posts
    FROM written d JOIN teams z ON z.id = d.team_id JOIN deal_statuses s ON s.id = d.status_id
    WHERE d.kind = 'sale' AND d.deleted_at IS NULL AND NOT s.cancels
    GROUP BY d.team_id, d.channel_id, (d.placement_at AT TIME ZONE z.time_zone)::date));
  RETURN NULL;
END $$;

-- A deal earns while it is live and its status does not cancel it. One that starts or stops earning, or moves to
-- another person or channel, takes what was received for it from the old key to the new; a sale's post moves the same
-- way, and with its placement. Anything else (a price, a note, a status that does not cancel) takes no lock.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION pay_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind.
  -- Counted rather than asked EXISTS: with a limit of one the planner nests the loops over both tables, and a bulk
  -- update that moves nothing of this (a load's paid amounts) then compares every row with every other.
  IF (
    SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (o.deleted_at IS NULL AND NOT so.cancels, o.employee_id, o.channel_id, o.placement_at)
        IS DISTINCT FROM (n.deleted_at IS NULL AND NOT sn.cancels, n.employee_id, n.channel_id, n.placement_at)
  ) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM pay_received_apply(received), pay_posts_apply(posts) FROM (
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deleted_at IS NULL AND NOT so.cancels AS old_earns, o.employee_id AS old_employee,
          o.channel_id AS old_channel, (o.placement_at AT TIME ZONE z.time_zone)::date AS old_day,
          n.deleted_at IS NULL AND NOT sn.cancels AS new_earns, n.employee_id AS new_employee,
          n.channel_id AS new_channel, (n.placement_at AT TIME ZONE z.time_zone)::date AS new_day
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN teams z ON z.id = n.team_id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (o.deleted_at IS NULL AND NOT so.cancels, o.employee_id, o.channel_id, o.placement_at)
          IS DISTINCT FROM (n.deleted_at IS NULL AND NOT sn.cancels, n.employee_id, n.channel_id, n.placement_at)
    ),
    -- Only a deal whose person or channel changes, or which starts or stops earning, moves what it received.
    switched AS (
      SELECT * FROM moved
        WHERE (old_earns AND old_employee IS NOT NULL OR new_earns AND new_employee IS NOT NULL)
          AND (old_earns, old_employee, old_channel) IS DISTINCT FROM (new_earns, new_employee, new_channel)
    )
    SELECT
      ARRAY(
        SELECT ROW(p.team_id, m.old_employee, m.old_channel, m.kind, 'day', p.paid_at, -sum(p.amount))::pay_received
          FROM switched m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
          WHERE m.old_earns AND m.old_employee IS NOT NULL
          GROUP BY p.team_id, m.old_employee, m.old_channel, m.kind, p.paid_at
        UNION ALL
        SELECT ROW(p.team_id, m.new_employee, m.new_channel, m.kind, 'day', p.paid_at, sum(p.amount))::pay_received
          FROM switched m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
          WHERE m.new_earns AND m.new_employee IS NOT NULL
          GROUP BY p.team_id, m.new_employee, m.new_channel, m.kind, p.paid_at
      ) AS received,
      ARRAY(
        SELECT ROW(team_id, old_channel, 'day', old_day, -count(*)::int)::pay_posts
          FROM moved WHERE kind = 'sale' AND old_earns GROUP BY team_id, old_channel, old_day
        UNION ALL
        SELECT ROW(team_id, new_channel, 'day', new_day, count(*)::int)::pay_posts
          FROM moved WHERE kind = 'sale' AND new_earns GROUP BY team_id, new_channel, new_day
      ) AS posts
  ) x;
  RETURN NULL;
END $$;

-- A change of the team's zone moves every day's edges: the team's posts are rolled up again, in the transaction of the
-- change, which holds the team's row, so no deal write of the team counts a post in between.
-- Last written by migration 0038.
CREATE OR REPLACE FUNCTION pay_posts_after_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pay_posts WHERE team_id = NEW.id;
  INSERT INTO pay_posts (team_id, channel_id, unit, start, posts)
    SELECT x.team_id, x.channel_id, u.unit,
      date_trunc(u.unit, ((x.placement_at AT TIME ZONE NEW.time_zone)::date)::timestamp)::date, count(*)
    FROM deals x JOIN deal_statuses s ON s.id = x.status_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    WHERE x.team_id = NEW.id AND x.kind = 'sale' AND x.deleted_at IS NULL AND NOT s.cancels
    GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

-- The deals' and team's triggers of the pay roll-up.
CREATE OR REPLACE TRIGGER deals_pay_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION pay_posts_after_deal_write();
CREATE OR REPLACE TRIGGER deals_pay_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pay_after_deal_update();
CREATE OR REPLACE TRIGGER deals_pay_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION pay_posts_after_deal_write();
CREATE OR REPLACE TRIGGER teams_pay_zone AFTER UPDATE OF time_zone ON teams
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION pay_posts_after_zone();

-- ## A payment's deal: person, channel and kind (migration 0040; docs/decisions/033)
-- deal_payments.employee_id, channel_id and kind are its deal's, so one person's pay reads the deals that received
-- money in a period from that person's payments. A payment written without them is given them from its deal; a bulk
-- load that copies them from the deal itself (the benchmark's fill) skips a function call a row. Every payment writer
-- holds its deal's row first, and a deal that changes hands or channel moves its payments under that same lock, in
-- a statement trigger that runs after the deals' others (by name), so their locks keep the order every writer takes.

-- Last written by migration 0040.
CREATE OR REPLACE FUNCTION deal_payments_deal_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.employee_id, d.channel_id, d.kind INTO NEW.employee_id, NEW.channel_id, NEW.kind
    FROM deals d WHERE d.team_id = NEW.team_id AND d.id = NEW.deal_id;
  RETURN NEW;
END $$;

-- Last written by migration 0041.
CREATE OR REPLACE FUNCTION deal_payments_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only when a deal moved: an UPDATE of no rows would still run the payments' statement triggers. Counted rather
  -- than asked EXISTS: see the pay roll-up's check (pay_after_deal_update).
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind) > 0 THEN
    UPDATE deal_payments p SET employee_id = n.employee_id, channel_id = n.channel_id, kind = n.kind
      FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE (o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind)
        AND p.team_id = n.team_id AND p.deal_id = n.id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER deal_payments_deal_insert BEFORE INSERT ON deal_payments
  FOR EACH ROW WHEN (NEW.channel_id IS NULL) EXECUTE FUNCTION deal_payments_deal_before_insert();
CREATE OR REPLACE TRIGGER deals_payments_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION deal_payments_after_deal_update();

-- ## The team's data version: team_data_versions (migrations 0019, 0022, 0024, 0026; docs/decisions/020)
-- A number that goes up in the transaction of every write of the team's data, so an answer's ETag made of it changes
-- whenever the answer could and a repeated read can be answered 304. Statement-level: a statement of a million rows
-- bumps once. Rows are bumped in team order, so two statements touching several teams cannot deadlock.

-- Bumps the version of every team the statement wrote rows of; a team deleted by the same cascade is skipped.
-- Last written by migration 0019.
CREATE OR REPLACE FUNCTION team_data_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The join with teams skips a team deleted by this statement's cascade: its version row is gone with it.
  -- An update reads only the new rows: a row never moves to another team.
  IF TG_OP = 'DELETE' THEN
    INSERT INTO team_data_versions (team_id, version)
      SELECT d.team_id, 1 FROM (SELECT DISTINCT team_id FROM old_rows) d JOIN teams t ON t.id = d.team_id
      ORDER BY d.team_id
    ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  ELSE
    INSERT INTO team_data_versions (team_id, version)
      SELECT d.team_id, 1 FROM (SELECT DISTINCT team_id FROM new_rows) d JOIN teams t ON t.id = d.team_id
      ORDER BY d.team_id
    ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- The team's own row (its zone cuts every day of its answers): a new team starts at 1, a change bumps.
-- Last written by migration 0019.
CREATE OR REPLACE FUNCTION team_data_bump_own() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_data_versions (team_id, version)
    SELECT id, 1 FROM new_rows ORDER BY id
  ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER teams_data_version_insert AFTER INSERT ON teams
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump_own();
CREATE OR REPLACE TRIGGER teams_data_version_update AFTER UPDATE ON teams
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump_own();

-- Every table of team data a user reads bumps on insert, update and delete, under <table>_data_version_<event>
-- (accounts left the list in 0022, when they stopped being team data; invitations joined it then, payouts in 0024,
-- channel_prices in 0026).
-- The tables with a team_id that need none, and why, are listed in test/db/team-data-version.test.ts.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['channel_employees', 'channel_members', 'channel_prices', 'channels', 'contacts',
    'deal_payments', 'deals', 'employees', 'external_channels', 'invitations', 'invite_links', 'payment_methods',
    'payouts', 'referral_codes', 'referrals', 'subscriber_counts', 'subscriptions', 'user_settings']
  LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_insert', name);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_update', name);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_delete', name);
  END LOOP;
END $$;
