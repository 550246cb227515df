CREATE TABLE "advertisement_formats" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advertisement_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"username" text,
	"telegram_id" bigint,
	"icon_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "deal_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "deal_statuses_id_kind_uq" UNIQUE("id","kind")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"channel_id" bigint NOT NULL,
	"employee_id" bigint,
	"external_channel_id" bigint,
	"contact_id" bigint,
	"advertisement_format_id" smallint,
	"advertisement_type_id" smallint,
	"status_id" smallint NOT NULL,
	"placement_at" timestamp with time zone NOT NULL,
	"duration_type" text NOT NULL,
	"duration" integer,
	"hours_in_top" integer DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"deal_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_team_id_id_pk" PRIMARY KEY("team_id","id"),
	CONSTRAINT "deals_price_chk" CHECK ("deals"."price" >= 0),
	CONSTRAINT "deals_duration_chk" CHECK (("deals"."duration_type" = 'INFINITY') = ("deals"."duration" is null))
);
--> statement-breakpoint
CREATE TABLE "external_channels" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "external_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"username" text,
	"telegram_id" bigint,
	"icon_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_channels_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_advertisement_format_id_advertisement_formats_id_fk" FOREIGN KEY ("advertisement_format_id") REFERENCES "public"."advertisement_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_advertisement_type_id_advertisement_types_id_fk" FOREIGN KEY ("advertisement_type_id") REFERENCES "public"."advertisement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_team_id_external_channel_id_external_channels_team_id_id_fk" FOREIGN KEY ("team_id","external_channel_id") REFERENCES "public"."external_channels"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_team_id_contact_id_contacts_team_id_id_fk" FOREIGN KEY ("team_id","contact_id") REFERENCES "public"."contacts"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_status_id_kind_deal_statuses_id_kind_fk" FOREIGN KEY ("status_id","kind") REFERENCES "public"."deal_statuses"("id","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_channels" ADD CONSTRAINT "external_channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_team_username_uq" ON "contacts" USING btree ("team_id",lower("username")) WHERE "contacts"."username" is not null;--> statement-breakpoint
CREATE INDEX "contacts_team_name_idx" ON "contacts" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "deals_team_kind_date_idx" ON "deals" USING btree ("team_id","kind","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_kind_status_idx" ON "deals" USING btree ("team_id","kind","status_id","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_kind_channel_idx" ON "deals" USING btree ("team_id","kind","channel_id","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_kind_employee_idx" ON "deals" USING btree ("team_id","kind","employee_id","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_kind_external_idx" ON "deals" USING btree ("team_id","kind","external_channel_id","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_placement_idx" ON "deals" USING btree ("team_id","placement_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_channels_team_username_uq" ON "external_channels" USING btree ("team_id",lower("username")) WHERE "external_channels"."username" is not null;--> statement-breakpoint
CREATE INDEX "external_channels_team_name_idx" ON "external_channels" USING btree ("team_id",lower("name"));