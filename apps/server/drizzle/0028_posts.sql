CREATE TABLE "channel_posts" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"message_id" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "channel_posts_team_id_channel_id_message_id_pk" PRIMARY KEY("team_id","channel_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "deal_posts" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"link" text NOT NULL,
	"found_by_bot" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"first_text" text,
	"text" text,
	"edited_at" timestamp with time zone,
	"displaced_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"refresh_at" timestamp with time zone,
	CONSTRAINT "deal_posts_team_id_deal_id_pk" PRIMARY KEY("team_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_report_links" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_report_links_team_id_deal_id_pk" PRIMARY KEY("team_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "post_views_team_id_deal_id_at_pk" PRIMARY KEY("team_id","deal_id","at")
);
--> statement-breakpoint
CREATE TABLE "preview_channels" (
	"username" text PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "post_link" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "post_views" integer;--> statement-breakpoint
ALTER TABLE "channel_posts" ADD CONSTRAINT "channel_posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_posts" ADD CONSTRAINT "channel_posts_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_posts" ADD CONSTRAINT "deal_posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_posts" ADD CONSTRAINT "deal_posts_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_report_links" ADD CONSTRAINT "deal_report_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_report_links" ADD CONSTRAINT "deal_report_links_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_posts_team_channel_posted_idx" ON "channel_posts" USING btree ("team_id","channel_id","posted_at");--> statement-breakpoint
CREATE INDEX "channel_posts_team_posted_idx" ON "channel_posts" USING btree ("team_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_report_links_token_uq" ON "deal_report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "deals_team_kind_cpm_idx" ON "deals" USING btree ("team_id","kind",(-coalesce(round("price" * 1000 / nullif("post_views", 0), 2), 'Infinity'::numeric)) desc,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_post_watch_idx" ON "deals" USING btree ("placement_at") WHERE "deals"."post_link" is not null and "deals"."deleted_at" is null;