CREATE TABLE "marking_reports" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"views" integer,
	"statistics" text,
	"statistics_error" text,
	"act" text,
	"act_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marking_reports_team_id_deal_id_pk" PRIMARY KEY("team_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "team_ord" (
	"team_id" bigint PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'vk' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"api_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "registration" text;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "registration_error" text;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD COLUMN "registration_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marking_reports" ADD CONSTRAINT "marking_reports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_reports" ADD CONSTRAINT "marking_reports_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ord" ADD CONSTRAINT "team_ord_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;