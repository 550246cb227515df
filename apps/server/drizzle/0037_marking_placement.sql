-- The marking month's marked deals by placement (issue 38, docs/decisions/033): deal_markings and marking_reports
-- carry their deal's placement, so GET /api/marking/months/{m} and /api/marking/due find the month's marked deals as
-- a range of (team, placement) instead of every marking row of the team (155 000 at the benchmark's scale). The
-- placement is an instant, the same in every zone: a change of the team's zone moves the month's bounds, not the rows.
-- Deals are held from the start so the backfill below misses no concurrent move.
LOCK TABLE "deals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "placement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marking_reports" ADD COLUMN "placement_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deal_markings_team_placement_idx" ON "deal_markings" USING btree ("team_id","placement_at","deal_id");--> statement-breakpoint
CREATE INDEX "marking_reports_team_placement_idx" ON "marking_reports" USING btree ("team_id","placement_at","deal_id");
--> statement-breakpoint
UPDATE "deal_markings" m SET "placement_at" = d."placement_at" FROM "deals" d
  WHERE d."team_id" = m."team_id" AND d."id" = m."deal_id";
--> statement-breakpoint
UPDATE "marking_reports" r SET "placement_at" = d."placement_at" FROM "deals" d
  WHERE d."team_id" = r."team_id" AND d."id" = r."deal_id";
--> statement-breakpoint
-- A new row takes its deal's placement. FOR SHARE waits for a move of the deal in flight and reads it once committed;
-- a move that comes after waits for this row's transaction, and its trigger then sees the row.
CREATE OR REPLACE FUNCTION marking_placement_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.placement_at INTO NEW.placement_at FROM deals d
  WHERE d.team_id = NEW.team_id AND d.id = NEW.deal_id
  FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION marking_placement_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_markings m SET placement_at = n.placement_at
  FROM new_rows n JOIN old_rows o ON o.team_id = n.team_id AND o.id = n.id
  WHERE n.placement_at IS DISTINCT FROM o.placement_at AND m.team_id = n.team_id AND m.deal_id = n.id;
  UPDATE marking_reports r SET placement_at = n.placement_at
  FROM new_rows n JOIN old_rows o ON o.team_id = n.team_id AND o.id = n.id
  WHERE n.placement_at IS DISTINCT FROM o.placement_at AND r.team_id = n.team_id AND r.deal_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deal_markings_placement_insert BEFORE INSERT ON deal_markings
  FOR EACH ROW EXECUTE FUNCTION marking_placement_before_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER marking_reports_placement_insert BEFORE INSERT ON marking_reports
  FOR EACH ROW EXECUTE FUNCTION marking_placement_before_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_marking_placement_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION marking_placement_after_deal_update();
