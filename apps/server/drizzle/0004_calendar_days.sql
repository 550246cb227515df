CREATE TABLE "calendar_days" (
	"team_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_deal_id" bigint NOT NULL,
	"deal_count" integer NOT NULL,
	CONSTRAINT "calendar_days_team_id_day_kind_pk" PRIMARY KEY("team_id","day","kind")
);
--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;