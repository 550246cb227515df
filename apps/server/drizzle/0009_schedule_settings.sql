ALTER TABLE "teams" ADD COLUMN "min_gap_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "calendar_feed_token_hash" text;