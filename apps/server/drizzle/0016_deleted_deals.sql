-- A deleted deal (deals.deleted_at set, 0015; docs/decisions/017) counts in no roll-up: not in calendar_days, and in
-- money_days neither by deal date nor by what was received for it. Setting deleted_at takes the deal off both, clearing
-- it (a restore) puts it back exactly, and the sweep's hard delete of a deleted deal changes neither. The functions
-- of 0008 (calendar_days, in each team's zone), 0013 and 0014 (money_days) change only in that; their locks and order
-- stay. Deals and payments are held from the start so the re-roll below misses no concurrent write (as in 0014).
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE INDEX "deals_team_deleted_idx" ON "deals" USING btree ("team_id","deleted_at") WHERE "deals"."deleted_at" is not null;
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
      AND x.deleted_at IS NULL
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
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT r.team_id, (r.placement_at AT TIME ZONE z.time_zone)::date, r.kind,
      min(r.placement_at), (array_agg(r.id ORDER BY r.placement_at, r.id))[1], count(*)
    FROM new_rows r JOIN teams z ON z.id = r.team_id
    WHERE r.deleted_at IS NULL
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
  -- Only a moved placement, a delete or a restore changes the calendar; a deal keeps its team and kind.
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT o.team_id, (o.placement_at AT TIME ZONE z.time_zone)::date AS day, o.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = o.team_id
        WHERE n.placement_at <> o.placement_at OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
      UNION
      SELECT n.team_id, (n.placement_at AT TIME ZONE z.time_zone)::date, n.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id JOIN teams z ON z.id = n.team_id
        WHERE n.placement_at <> o.placement_at OR (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
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
--> statement-breakpoint
-- A zone change re-rolls the team's live deals.
CREATE OR REPLACE FUNCTION "calendar_days_reroll"("team" bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_days WHERE team_id = team;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date, x.kind,
      min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*)
    FROM deals x JOIN teams z ON z.id = x.team_id
    WHERE x.team_id = team AND x.deleted_at IS NULL
    GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, count(*)::int,
      (count(*) FILTER (WHERE d.paid_amount < d.price))::int, sum(d.price), sum(d.paid_amount), 0)::money_days
    FROM new_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel, what was paid, whether its status cancels it and
  -- whether it is deleted move money, and an update of nothing else (a status that does not cancel, a note) takes no
  -- lock.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, sn.cancels, n.deleted_at IS NULL)
        IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, so.cancels, o.deleted_at IS NULL)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deal_date AS old_day, o.channel_id AS old_channel, o.price AS old_price, o.paid_amount AS old_paid,
          o.deleted_at IS NULL AS old_live, o.deleted_at IS NULL AND NOT so.cancels AS old_counts,
          n.deal_date AS new_day, n.channel_id AS new_channel, n.price AS new_price, n.paid_amount AS new_paid,
          n.deleted_at IS NULL AS new_live, n.deleted_at IS NULL AND NOT sn.cancels AS new_counts
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, sn.cancels, n.deleted_at IS NULL)
          IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, so.cancels, o.deleted_at IS NULL)
    )
    SELECT ROW(x.team_id, x.day, x.channel_id, x.kind, sum(x.deals)::int, sum(x.unpaid)::int, sum(x.total), sum(x.paid),
      sum(x.received))::money_days
    FROM (
      SELECT team_id, old_day AS day, old_channel AS channel_id, kind, -1 AS deals, -(old_paid < old_price)::int AS unpaid,
          -old_price AS total, -old_paid AS paid, 0::numeric AS received
        FROM moved WHERE old_counts
      UNION ALL
      SELECT team_id, new_day, new_channel, kind, 1, (new_paid < new_price)::int, new_price, new_paid, 0
        FROM moved WHERE new_counts
      -- What was received for a live deal, cancelled or not, counts under its channel: a deal moved to another
      -- channel takes its payments with it, a deleted one takes them off and a restored one brings them back.
      UNION ALL
      SELECT p.team_id, p.paid_at, m.old_channel, m.kind, 0, 0, 0, 0, -p.amount
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.old_live AND (NOT m.new_live OR m.new_channel <> m.old_channel)
      UNION ALL
      SELECT p.team_id, p.paid_at, m.new_channel, m.kind, 0, 0, 0, 0, p.amount
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.new_live AND (NOT m.old_live OR m.new_channel <> m.old_channel)
    ) x
    GROUP BY x.team_id, x.day, x.channel_id, x.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted deal swept away was counted nowhere: its team is not even locked.
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM old_rows WHERE deleted_at IS NULL));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, -count(*)::int,
      -(count(*) FILTER (WHERE d.paid_amount < d.price))::int, -sum(d.price), -sum(d.paid_amount), 0)::money_days
    FROM old_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels AND d.deleted_at IS NULL
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What was received for a deleted deal is off the roll-up already: its hard delete has nothing to take off.
DROP TRIGGER "deals_money_received_delete" ON "deals";
--> statement-breakpoint
CREATE TRIGGER "deals_money_received_delete" BEFORE DELETE ON "deals"
  FOR EACH ROW WHEN (OLD.paid_amount > 0 AND OLD.deleted_at IS NULL) EXECUTE FUNCTION money_days_before_deal_delete();
--> statement-breakpoint
-- Payments count under their live deal's channel and kind on the day they were paid; a deleted deal's count nowhere.
CREATE OR REPLACE FUNCTION "money_days_add_payments"("payments" deal_payments[], "direction" int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM deals d
    JOIN (SELECT DISTINCT team_id, deal_id FROM unnest(payments)) p ON d.team_id = p.team_id AND d.id = p.deal_id
    ORDER BY d.team_id, d.id
    FOR NO KEY UPDATE OF d;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM unnest(payments)));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, direction * sum(p.amount))::money_days
    FROM unnest(payments) p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
    WHERE d.deleted_at IS NULL
    GROUP BY p.team_id, p.paid_at, d.channel_id, d.kind));
END $$;
--> statement-breakpoint
-- Both roll-ups afresh, deleted deals left out.
DELETE FROM calendar_days;
--> statement-breakpoint
INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
  SELECT x.team_id, (x.placement_at AT TIME ZONE z.time_zone)::date, x.kind,
    min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*)
  FROM deals x JOIN teams z ON z.id = x.team_id
  WHERE x.deleted_at IS NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
DELETE FROM money_days;
--> statement-breakpoint
INSERT INTO money_days (team_id, day, channel_id, kind, deals, unpaid, total, paid, received)
  SELECT team_id, day, channel_id, kind, sum(deals), sum(unpaid), sum(total), sum(paid), sum(received)
  FROM (
    SELECT d.team_id, d.deal_date AS day, d.channel_id, d.kind, count(*) AS deals,
        count(*) FILTER (WHERE d.paid_amount < d.price) AS unpaid, sum(d.price) AS total, sum(d.paid_amount) AS paid,
        0::numeric AS received
      FROM deals d JOIN deal_statuses s ON s.id = d.status_id
      WHERE NOT s.cancels AND d.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, sum(p.amount)
      FROM deal_payments p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
      WHERE d.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 3, 4;
