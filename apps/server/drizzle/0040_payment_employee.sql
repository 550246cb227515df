-- One person's pay by their payments (issue 38, docs/decisions/033): a payment carries its deal's person, channel and
-- kind, kept by the triggers below, so the deals of a person's percent lines that received money in a period are an
-- index range of that person's payments (a couple of hundred rows a month, read from the index alone) instead of a
-- probe of the payments' index for every deal the person has on the lines' channels (8 900 at the benchmark's
-- scale). Every payment writer holds its deal's row first (payments, their deletes, an import's batch), and a deal
-- that changes hands or channel updates its payments under that same row lock, so the two orders never cross; it
-- does so in a statement trigger named to run after the deals' others, so the locks those take (the calendar's days,
-- the data version, the money roll-up) keep the order every other writer takes them in: a row trigger ran first and
-- took the data version before the calendar's days, which deadlocked with a payment at once. A
-- payment written without them (every writer of the product) is given them from its deal; a bulk load that copies
-- them from the deal itself skips the call, a tenth of the time of loading a million payments on PGlite. The tables
-- are held from the start so the backfill misses no write.
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "deal_payments" ADD COLUMN "employee_id" bigint;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD COLUMN "channel_id" bigint;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "deal_payments" p SET "employee_id" = d."employee_id", "channel_id" = d."channel_id", "kind" = d."kind"
  FROM "deals" d WHERE d."team_id" = p."team_id" AND d."id" = p."deal_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_payments_deal_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.employee_id, d.channel_id, d.kind INTO NEW.employee_id, NEW.channel_id, NEW.kind
    FROM deals d WHERE d.team_id = NEW.team_id AND d.id = NEW.deal_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_payments_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only when a deal moved: an UPDATE of no rows would still run the payments' statement triggers.
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind) THEN
    UPDATE deal_payments p SET employee_id = n.employee_id, channel_id = n.channel_id, kind = n.kind
      FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE (o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind)
        AND p.team_id = n.team_id AND p.deal_id = n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_payments_deal_insert BEFORE INSERT ON deal_payments
  FOR EACH ROW WHEN (NEW.channel_id IS NULL) EXECUTE FUNCTION deal_payments_deal_before_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_payments_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION deal_payments_after_deal_update();
--> statement-breakpoint
CREATE INDEX "deal_payments_team_employee_paid_idx" ON "deal_payments" USING btree ("team_id","employee_id","paid_at","deal_id","channel_id","kind") WHERE "deal_payments"."employee_id" is not null;
