-- One person's pay by their payments (issue 38, docs/decisions/033): a payment carries its deal's person, channel and
-- kind, kept by the triggers below, so the deals of a person's percent lines that received money in a period are an
-- index range of that person's payments (a couple of hundred rows a month, read from the index alone) instead of a
-- probe of the payments' index for every deal the person has on the lines' channels (8 900 at the benchmark's
-- scale). Every payment writer holds its deal's row first (payments, their deletes, an import's batch), and a deal
-- that changes hands or channel updates its payments under that same row lock, so the two orders never cross. A
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
CREATE OR REPLACE FUNCTION deal_payments_deal_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_payments SET employee_id = NEW.employee_id, channel_id = NEW.channel_id, kind = NEW.kind
    WHERE team_id = NEW.team_id AND deal_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_payments_deal_insert BEFORE INSERT ON deal_payments
  FOR EACH ROW WHEN (NEW.channel_id IS NULL) EXECUTE FUNCTION deal_payments_deal_before_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_payments_deal AFTER UPDATE OF employee_id, channel_id, kind ON deals
  FOR EACH ROW WHEN (OLD.employee_id IS DISTINCT FROM NEW.employee_id OR OLD.channel_id <> NEW.channel_id
    OR OLD.kind <> NEW.kind)
  EXECUTE FUNCTION deal_payments_deal_after_update();
--> statement-breakpoint
CREATE INDEX "deal_payments_team_employee_paid_idx" ON "deal_payments" USING btree ("team_id","employee_id","paid_at","deal_id","channel_id","kind") WHERE "deal_payments"."employee_id" is not null;
