CREATE TABLE "money_days" (
	"team_id" bigint NOT NULL,
	"day" date NOT NULL,
	"channel_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"deals" integer NOT NULL,
	"unpaid" integer NOT NULL,
	"total" numeric NOT NULL,
	"paid" numeric NOT NULL,
	"received" numeric NOT NULL,
	CONSTRAINT "money_days_team_id_day_channel_id_kind_pk" PRIMARY KEY("team_id","day","channel_id","kind")
);
--> statement-breakpoint
ALTER TABLE "money_days" ADD CONSTRAINT "money_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps money_days exact (docs/decisions/016): triggers on deals and deal_payments add signed deltas in the writing
-- transaction, so every path that writes deals or payments (the API, cascades, bulk loads) updates the roll-up with it.
-- By deal date: deals, unpaid (deals with paid_amount < price), total (prices), paid (paid_amount); by payment date:
-- received (payments, under their deal's channel and kind).
-- Concurrency: every writer first holds its deals' rows (the statement's own rows, or locked below), then the team's
-- advisory lock until it commits, and only then reads what it needs (a payment's deal, a deal's payments) with a fresh
-- snapshot: two writers of one team take turns in that order, so a payment deleted while its deal moves to another
-- channel is taken off the channel it was counted under. A team deleted with its deals has no row any more: its rows
-- drop out of the join below (and cascade away with the team).
CREATE FUNCTION "money_days_lock"("team_ids" bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  team bigint;
BEGIN
  -- A team being deleted has no row any more and nothing is written for it: no lock, so its cascade waits for no one.
  FOR team IN SELECT DISTINCT u.t FROM unnest(team_ids) AS u(t) JOIN teams z ON z.id = u.t ORDER BY u.t LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('money_days/' || team, 0));
  END LOOP;
END $$;
--> statement-breakpoint
-- Adds deltas (rows of money_days to add up per key), in key order, and deletes the rows they bring to zero.
CREATE FUNCTION "money_days_apply"("delta" money_days[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_days AS m (team_id, day, channel_id, kind, deals, unpaid, total, paid, received)
    SELECT d.team_id, d.day, d.channel_id, d.kind,
      sum(d.deals), sum(d.unpaid), sum(d.total), sum(d.paid), sum(d.received)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.deals) <> 0 OR sum(d.unpaid) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0 OR sum(d.received) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (team_id, day, channel_id, kind) DO UPDATE SET
    deals = m.deals + excluded.deals,
    unpaid = m.unpaid + excluded.unpaid,
    total = m.total + excluded.total,
    paid = m.paid + excluded.paid,
    received = m.received + excluded.received;
  DELETE FROM money_days m
    USING (SELECT DISTINCT team_id, day, channel_id, kind FROM unnest(delta)) d
    WHERE m.team_id = d.team_id AND m.day = d.day AND m.channel_id = d.channel_id AND m.kind = d.kind
      AND m.deals = 0 AND m.unpaid = 0 AND m.total = 0 AND m.paid = 0 AND m.received = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_days_after_deal_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(team_id, deal_date, channel_id, kind, count(*)::int, (count(*) FILTER (WHERE paid_amount < price))::int,
      sum(price), sum(paid_amount), 0)::money_days
    FROM new_rows GROUP BY team_id, deal_date, channel_id, kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_days_after_deal_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel and what was paid move money, and an update of
  -- nothing else (a status, a note) takes no lock.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount) IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(x.team_id, x.day, x.channel_id, x.kind, sum(x.deals)::int, sum(x.unpaid)::int, sum(x.total), sum(x.paid),
      sum(x.received))::money_days
    FROM (
      SELECT o.team_id, o.deal_date AS day, o.channel_id, o.kind, -1 AS deals, -(o.paid_amount < o.price)::int AS unpaid,
          -o.price AS total, -o.paid_amount AS paid, 0::numeric AS received
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount) IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount)
      UNION ALL
      SELECT n.team_id, n.deal_date, n.channel_id, n.kind, 1, (n.paid_amount < n.price)::int, n.price, n.paid_amount, 0
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount) IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount)
      -- A deal moved to another channel takes its payments with it.
      UNION ALL
      SELECT p.team_id, p.paid_at, o.channel_id, o.kind, 0, 0, 0, 0, -p.amount
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_payments p ON p.team_id = o.team_id AND p.deal_id = o.id
        WHERE n.channel_id <> o.channel_id
      UNION ALL
      SELECT p.team_id, p.paid_at, n.channel_id, n.kind, 0, 0, 0, 0, p.amount
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_payments p ON p.team_id = n.team_id AND p.deal_id = n.id
        WHERE n.channel_id <> o.channel_id
    ) x
    GROUP BY x.team_id, x.day, x.channel_id, x.kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_days_after_deal_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM old_rows));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(team_id, deal_date, channel_id, kind, -count(*)::int, -(count(*) FILTER (WHERE paid_amount < price))::int,
      -sum(price), -sum(paid_amount), 0)::money_days
    FROM old_rows GROUP BY team_id, deal_date, channel_id, kind));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deal's payments are deleted by the cascade after the deal, when their channel and kind can no longer be read:
-- so a deal takes what it received off the roll-up itself, before it goes (the payments' own trigger then finds no
-- deal and leaves them). Row by row, only for deals with payments; a deleted deal's row is already locked here.
CREATE FUNCTION "money_days_before_deal_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted team's deals: nothing to take off (its rows cascade away), and there may be millions of them.
  IF NOT EXISTS (SELECT 1 FROM teams WHERE id = OLD.team_id) THEN
    RETURN OLD;
  END IF;
  PERFORM money_days_lock(ARRAY[OLD.team_id]);
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, OLD.channel_id, OLD.kind, 0, 0, 0, 0, -sum(p.amount))::money_days
    FROM deal_payments p WHERE p.team_id = OLD.team_id AND p.deal_id = OLD.id
    GROUP BY p.team_id, p.paid_at));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Payments count under their deal's channel and kind on the day they were paid. The deals are locked before the
-- team (the order every deal write takes), so the channel read after the team's lock is the one the deal keeps.
CREATE FUNCTION "money_days_add_payments"("payments" deal_payments[], "direction" int) RETURNS void
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
    GROUP BY p.team_id, p.paid_at, d.channel_id, d.kind));
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_days_after_payment_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_add_payments(ARRAY(SELECT p::deal_payments FROM new_rows p), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "money_days_after_payment_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM money_days_add_payments(ARRAY(SELECT p::deal_payments FROM old_rows p), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deals_money_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_insert();
--> statement-breakpoint
CREATE TRIGGER "deals_money_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_update();
--> statement-breakpoint
CREATE TRIGGER "deals_money_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_deal_delete();
--> statement-breakpoint
CREATE TRIGGER "deals_money_received_delete" BEFORE DELETE ON "deals"
  FOR EACH ROW WHEN (OLD.paid_amount > 0) EXECUTE FUNCTION money_days_before_deal_delete();
--> statement-breakpoint
CREATE TRIGGER "deal_payments_money_insert" AFTER INSERT ON "deal_payments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_payment_insert();
--> statement-breakpoint
CREATE TRIGGER "deal_payments_money_delete" AFTER DELETE ON "deal_payments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_days_after_payment_delete();
--> statement-breakpoint
INSERT INTO money_days (team_id, day, channel_id, kind, deals, unpaid, total, paid, received)
  SELECT team_id, day, channel_id, kind, sum(deals), sum(unpaid), sum(total), sum(paid), sum(received)
  FROM (
    SELECT team_id, deal_date AS day, channel_id, kind, count(*) AS deals,
        count(*) FILTER (WHERE paid_amount < price) AS unpaid, sum(price) AS total, sum(paid_amount) AS paid,
        0::numeric AS received
      FROM deals GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, sum(p.amount)
      FROM deal_payments p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
      GROUP BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 3, 4;
