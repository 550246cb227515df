CREATE TABLE "bot_polling" (
	"bot_id" bigint PRIMARY KEY NOT NULL,
	"next_offset" bigint DEFAULT 0 NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_members" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "channel_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"telegram_user_id" bigint NOT NULL,
	"user_label" text DEFAULT '' NOT NULL,
	"deal_id" bigint,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "channel_members_team_id_channel_id_id_pk" PRIMARY KEY("team_id","channel_id","id")
);
--> statement-breakpoint
CREATE TABLE "invite_links" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"link" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invite_links_team_id_deal_id_pk" PRIMARY KEY("team_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"team_id" bigint,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_notifications" (
	"team_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"deal_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sent_notifications_team_id_kind_deal_id_employee_id_due_at_pk" PRIMARY KEY("team_id","kind","deal_id","employee_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "subscriber_counts" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_counts_team_id_channel_id_day_pk" PRIMARY KEY("team_id","channel_id","day")
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "bot_status" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "bot_can_invite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "bot_admin_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "subscribers_joined" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "subscribers_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "notify_payments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "remind_minutes_before" smallint;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "telegram_chat_id" bigint;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "telegram_username" text;--> statement-breakpoint
ALTER TABLE "channel_members" ADD CONSTRAINT "channel_members_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_members" ADD CONSTRAINT "channel_members_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE set null ("deal_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_links" ADD CONSTRAINT "invite_links_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD CONSTRAINT "sent_notifications_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_counts" ADD CONSTRAINT "subscriber_counts_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_members_team_deal_idx" ON "channel_members" USING btree ("team_id","deal_id","joined_at") WHERE "channel_members"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "channel_members_team_open_idx" ON "channel_members" USING btree ("team_id","channel_id","telegram_user_id") WHERE "channel_members"."left_at" is null;--> statement-breakpoint
CREATE INDEX "channel_members_team_channel_joined_idx" ON "channel_members" USING btree ("team_id","channel_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_links_link_uq" ON "invite_links" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_uq" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_team_employee_idx" ON "telegram_link_tokens" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "channels_chat_idx" ON "channels" USING btree ("telegram_chat_id") WHERE "channels"."telegram_chat_id" is not null;--> statement-breakpoint
CREATE INDEX "channels_nick_idx" ON "channels" USING btree (lower("telegram_nick_name"));