-- The status a full payment moves a deal to (issue 33): 'Оплачена' of sales (4) and of purchases (13), the fixed ids of
-- migration 0003. A deal whose status comes before it by position moves; one already past it keeps its status.
ALTER TABLE "deal_statuses" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "deal_statuses" SET "paid" = true WHERE "id" IN (4, 13);
