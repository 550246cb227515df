-- A cancelled deal ('Отменена', deal_statuses.cancels) is no money by deal date (docs/decisions/016): the roll-up's
-- deals, unpaid, total and paid leave it out, so accrual finance and the debts' totals do; what was received for it
-- still counts by payment date, since that money moved. The deals' triggers of 0013 change only in that, their locks
-- and order stay; deals and payments are held from the start so the re-roll below misses no concurrent write (and a
-- deal written meanwhile, which needs deal_statuses, waits behind deals instead of deadlocking on it).
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "deal_statuses" ADD COLUMN "cancels" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "deal_statuses" SET "cancels" = true WHERE "id" IN (7, 16);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, count(*)::int,
      (count(*) FILTER (WHERE d.paid_amount < d.price))::int, sum(d.price), sum(d.paid_amount), 0)::money_days
    FROM new_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel, what was paid and whether its status cancels it
  -- move money, and an update of nothing else (a status that does not cancel, a note) takes no lock.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, sn.cancels)
        IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, so.cancels)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deal_date AS old_day, o.channel_id AS old_channel, o.price AS old_price, o.paid_amount AS old_paid,
          NOT so.cancels AS old_counts,
          n.deal_date AS new_day, n.channel_id AS new_channel, n.price AS new_price, n.paid_amount AS new_paid,
          NOT sn.cancels AS new_counts
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, sn.cancels)
          IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, so.cancels)
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
      -- A deal moved to another channel takes its payments with it, cancelled or not.
      UNION ALL
      SELECT p.team_id, p.paid_at, m.old_channel, m.kind, 0, 0, 0, 0, -p.amount
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.new_channel <> m.old_channel
      UNION ALL
      SELECT p.team_id, p.paid_at, m.new_channel, m.kind, 0, 0, 0, 0, p.amount
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.new_channel <> m.old_channel
    ) x
    GROUP BY x.team_id, x.day, x.channel_id, x.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "money_days_after_deal_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM old_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(d.team_id, d.deal_date, d.channel_id, d.kind, -count(*)::int,
      -(count(*) FILTER (WHERE d.paid_amount < d.price))::int, -sum(d.price), -sum(d.paid_amount), 0)::money_days
    FROM old_rows d JOIN deal_statuses s ON s.id = d.status_id
    WHERE NOT s.cancels
    GROUP BY d.team_id, d.deal_date, d.channel_id, d.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The roll-up afresh, the way 0013 first made it, cancelled deals left out by deal date.
DELETE FROM money_days;
--> statement-breakpoint
INSERT INTO money_days (team_id, day, channel_id, kind, deals, unpaid, total, paid, received)
  SELECT team_id, day, channel_id, kind, sum(deals), sum(unpaid), sum(total), sum(paid), sum(received)
  FROM (
    SELECT d.team_id, d.deal_date AS day, d.channel_id, d.kind, count(*) AS deals,
        count(*) FILTER (WHERE d.paid_amount < d.price) AS unpaid, sum(d.price) AS total, sum(d.paid_amount) AS paid,
        0::numeric AS received
      FROM deals d JOIN deal_statuses s ON s.id = d.status_id
      WHERE NOT s.cancels
      GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, sum(p.amount)
      FROM deal_payments p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
      GROUP BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 3, 4;
