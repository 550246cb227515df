-- One person's pay by their payments (issue 38, docs/decisions/033): a payment carries its deal's person, kept by the
-- triggers below, so the deals of a person that received money in a period are an index range of that person's
-- payments (a couple of hundred rows a month) instead of a probe of the payments' index for every deal the person has
-- on the line's channels (8 900 at the benchmark's scale). Every payment writer holds its deal's row first (payments,
-- their deletes, an import's batch), and a deal that changes hands updates its payments under that same row lock, so
-- the two orders never cross. The tables are held from the start so the backfill misses no write.
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "deal_payments" ADD COLUMN "employee_id" bigint;--> statement-breakpoint
UPDATE "deal_payments" p SET "employee_id" = d."employee_id" FROM "deals" d
  WHERE d."team_id" = p."team_id" AND d."id" = p."deal_id" AND d."employee_id" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_payments_employee_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.employee_id := (SELECT d.employee_id FROM deals d WHERE d.team_id = NEW.team_id AND d.id = NEW.deal_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_payments_employee_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_payments SET employee_id = NEW.employee_id WHERE team_id = NEW.team_id AND deal_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_payments_employee_insert BEFORE INSERT ON deal_payments
  FOR EACH ROW EXECUTE FUNCTION deal_payments_employee_before_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_payments_employee AFTER UPDATE OF employee_id ON deals
  FOR EACH ROW WHEN (OLD.employee_id IS DISTINCT FROM NEW.employee_id)
  EXECUTE FUNCTION deal_payments_employee_after_deal_update();
--> statement-breakpoint
CREATE INDEX "deal_payments_team_employee_paid_idx" ON "deal_payments" USING btree ("team_id","employee_id","paid_at","deal_id") WHERE "deal_payments"."employee_id" is not null;
