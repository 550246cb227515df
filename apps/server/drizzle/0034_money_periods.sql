-- The week and month roll-up and the cancelled deals (issue 38, docs/decisions/033): money_days gains, by deal date,
-- the live deals whose status cancels them (how many, their prices), so the lists' summary line reads no deal;
-- money_periods holds the same sums per week (from Monday) and per calendar month, written by money_days_apply beside
-- the days, so a year reads 12 rows per channel and kind instead of 365, and a quarter 13 instead of 91. Every
-- function that builds a money_days row changes for the two new columns (the row type grew); their locks and order
-- stay. A day is truncated as a timestamp without zone, so no session's TimeZone moves it. Deals and payments are held from the start so the backfill below
-- misses no concurrent write (as in 0016 and 0029).
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "money_periods" (
	"team_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"start" date NOT NULL,
	"channel_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"deals" integer NOT NULL,
	"unpaid" integer NOT NULL,
	"total" numeric NOT NULL,
	"paid" numeric NOT NULL,
	"received" numeric NOT NULL,
	"viewed_total" numeric NOT NULL,
	"views" bigint NOT NULL,
	"cancelled" integer NOT NULL,
	"cancelled_total" numeric NOT NULL,
	CONSTRAINT "money_periods_team_id_unit_start_channel_id_kind_pk" PRIMARY KEY("team_id","unit","start","channel_id","kind")
);
--> statement-breakpoint
DROP INDEX "deals_team_kind_unpaid_idx";--> statement-breakpoint
ALTER TABLE "money_days" ADD COLUMN "cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "money_days" ADD COLUMN "cancelled_total" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "money_periods" ADD CONSTRAINT "money_periods_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_team_kind_unpaid_idx" ON "deals" USING btree ("team_id","kind","payment_due_date","deal_date","id") WHERE "deals"."paid_amount" < "deals"."price";
--> statement-breakpoint
-- Adds deltas up per key, in key order, into the days and into their weeks and months, and deletes the rows they
-- bring to zero: the roll-ups hold only days, weeks and months that have money.
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
--> statement-breakpoint
-- New live deals add to their deal dates: those not cancelled their money (and, whose post has views, its price and
-- views), the cancelled ones their number and prices.
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
--> statement-breakpoint
-- A change of price, date, channel, what was paid, the post's views, whether the status cancels or whether the deal
-- is deleted moves money (or a cancelled deal's count and price) from the old key to the new; a deal moved to
-- another channel, deleted or restored takes its payments along. Anything else (a note, a status that does not
-- cancel) takes no lock.
CREATE OR REPLACE FUNCTION money_days_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel, what was paid, its post's views (none and 0 are
  -- alike: no views), whether its status cancels it and whether it is deleted move money, and an update of nothing
  -- else (a status that does not cancel, a note) takes no lock.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, greatest(n.post_views, 0), sn.cancels,
          n.deleted_at IS NULL)
        IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, greatest(o.post_views, 0), so.cancels,
          o.deleted_at IS NULL)
  ) THEN
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
--> statement-breakpoint
-- A hard delete takes live deals off their deal dates; a deleted deal swept away was counted nowhere.
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
--> statement-breakpoint
-- A deal's payments go by cascade after the deal, when their channel and kind can no longer be read: so a live deal
-- with payments takes what it received off the roll-up itself, row by row, before it goes.
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
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Payments count under their live deal's channel and kind on the day they were paid; the deals are locked before the
-- team, the order every deal write takes.
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
END $$;
--> statement-breakpoint
-- The live cancelled deals there are, by deal date; a day with only cancelled deals gets its row.
INSERT INTO money_days AS m (team_id, day, channel_id, kind, deals, unpaid, total, paid, received, cancelled,
    cancelled_total)
  SELECT d.team_id, d.deal_date, d.channel_id, d.kind, 0, 0, 0, 0, 0, count(*), sum(d.price)
    FROM deals d JOIN deal_statuses s ON s.id = d.status_id
    WHERE s.cancels AND d.deleted_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (team_id, day, channel_id, kind) DO UPDATE SET
    cancelled = excluded.cancelled, cancelled_total = excluded.cancelled_total;
--> statement-breakpoint
-- The weeks and months, from the days.
INSERT INTO money_periods (team_id, unit, start, channel_id, kind, deals, unpaid, total, paid, received, viewed_total,
    views, cancelled, cancelled_total)
  SELECT d.team_id, u.unit, date_trunc(u.unit, d.day::timestamp)::date, d.channel_id, d.kind, sum(d.deals), sum(d.unpaid),
      sum(d.total), sum(d.paid), sum(d.received), sum(d.viewed_total), sum(d.views), sum(d.cancelled),
      sum(d.cancelled_total)
    FROM money_days d CROSS JOIN (VALUES ('week'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4, 5;
