-- Archive instead of loss (decisions D5, issue 16): a deleted channel is archived, a deleted deal is kept for 30 days
-- to restore, a person removed from the team keeps their name on their past deals. Only the columns here; what
-- leaves lists and sums is in the queries and the roll-ups' triggers.
ALTER TABLE "channels" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "removed_at" timestamp with time zone;