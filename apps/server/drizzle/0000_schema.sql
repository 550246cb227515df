CREATE TABLE "accounts" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_employees" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"role_id" smallint NOT NULL,
	"salary_type_id" smallint,
	"conditions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_employees_team_id_channel_id_employee_id_role_id_pk" PRIMARY KEY("team_id","channel_id","employee_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"icon_link" text,
	"description" text DEFAULT '' NOT NULL,
	"telegram_nick_name" text NOT NULL,
	"telegram_chat_id" bigint,
	"bot_admin_rights" boolean DEFAULT false NOT NULL,
	"bot_checked_at" timestamp with time zone,
	"owner_employee_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"manager_id" bigint,
	"first_name" text NOT NULL,
	"second_name" text DEFAULT '' NOT NULL,
	"icon_link" text,
	"telegram_nick_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"team_id" bigint NOT NULL,
	"key" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"payment_method_type_id" smallint NOT NULL,
	"credentials" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "channel_role_salary_types" (
	"role_id" smallint NOT NULL,
	"salary_type_id" smallint NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "channel_role_salary_types_role_id_salary_type_id_pk" PRIMARY KEY("role_id","salary_type_id")
);
--> statement-breakpoint
CREATE TABLE "channel_roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_role_id_channel_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."channel_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_salary_type_id_salary_types_id_fk" FOREIGN KEY ("salary_type_id") REFERENCES "public"."salary_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_team_id_owner_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","owner_employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_team_id_manager_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","manager_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_payment_method_type_id_payment_method_types_id_fk" FOREIGN KEY ("payment_method_type_id") REFERENCES "public"."payment_method_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_role_salary_types" ADD CONSTRAINT "channel_role_salary_types_role_id_channel_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."channel_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_role_salary_types" ADD CONSTRAINT "channel_role_salary_types_salary_type_id_salary_types_id_fk" FOREIGN KEY ("salary_type_id") REFERENCES "public"."salary_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_team_id_teams_id_fk" FOREIGN KEY ("friend_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_team_id_referrer_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","referrer_employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_team_employee_idx" ON "accounts" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "sessions_team_employee_idx" ON "sessions" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "channel_employees_team_employee_idx" ON "channel_employees" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_team_nick_uq" ON "channels" USING btree ("team_id",lower("telegram_nick_name"));--> statement-breakpoint
CREATE INDEX "employees_team_manager_idx" ON "employees" USING btree ("team_id","manager_id","id");--> statement-breakpoint
CREATE INDEX "payment_methods_team_employee_idx" ON "payment_methods" USING btree ("team_id","employee_id","id");--> statement-breakpoint
CREATE INDEX "referral_codes_team_employee_idx" ON "referral_codes" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "referrals_friend_idx" ON "referrals" USING btree ("friend_team_id");--> statement-breakpoint
CREATE INDEX "subscriptions_team_ends_idx" ON "subscriptions" USING btree ("team_id","ends_at");