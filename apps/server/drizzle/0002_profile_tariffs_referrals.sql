CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"team_id" bigint NOT NULL,
	"friend_team_id" bigint NOT NULL,
	"referrer_employee_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_team_id_friend_team_id_pk" PRIMARY KEY("team_id","friend_team_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"tariff" text NOT NULL,
	"source" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_team_id_id_pk" PRIMARY KEY("team_id","id"),
	CONSTRAINT "subscriptions_period_chk" CHECK ("subscriptions"."ends_at" > "subscriptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"notify_posting" boolean DEFAULT true NOT NULL,
	"notify_statistics" boolean DEFAULT true NOT NULL,
	"notify_employees" boolean DEFAULT true NOT NULL,
	"notify_subscription" boolean DEFAULT true NOT NULL,
	"notify_referral" boolean DEFAULT true NOT NULL,
	"bot_enabled" boolean DEFAULT true NOT NULL,
	"calendar_sync" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_team_id_employee_id_pk" PRIMARY KEY("team_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_team_id_teams_id_fk" FOREIGN KEY ("friend_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_team_id_referrer_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","referrer_employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_codes_team_employee_idx" ON "referral_codes" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "referrals_friend_idx" ON "referrals" USING btree ("friend_team_id");--> statement-breakpoint
CREATE INDEX "subscriptions_team_ends_idx" ON "subscriptions" USING btree ("team_id","ends_at");