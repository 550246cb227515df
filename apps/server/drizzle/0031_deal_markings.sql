CREATE TABLE "contact_legal" (
	"team_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_legal_team_id_contact_id_pk" PRIMARY KEY("team_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "deal_markings" (
	"team_id" bigint NOT NULL,
	"deal_id" bigint NOT NULL,
	"registered_by" text NOT NULL,
	"reason" text,
	"erid" text,
	"advertiser" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contract" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creative" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"erir_status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_markings_team_id_deal_id_pk" PRIMARY KEY("team_id","deal_id")
);
--> statement-breakpoint
ALTER TABLE "contact_legal" ADD CONSTRAINT "contact_legal_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_legal" ADD CONSTRAINT "contact_legal_team_id_contact_id_contacts_team_id_id_fk" FOREIGN KEY ("team_id","contact_id") REFERENCES "public"."contacts"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD CONSTRAINT "deal_markings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_markings" ADD CONSTRAINT "deal_markings_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;