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
CREATE TABLE "teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_team_id_owner_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","owner_employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_team_id_manager_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","manager_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_team_employee_idx" ON "accounts" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE INDEX "sessions_team_employee_idx" ON "sessions" USING btree ("team_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_team_nick_uq" ON "channels" USING btree ("team_id",lower("telegram_nick_name"));--> statement-breakpoint
CREATE INDEX "employees_team_manager_idx" ON "employees" USING btree ("team_id","manager_id","id");