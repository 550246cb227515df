CREATE TABLE "deal_imports" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deal_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"author_id" bigint NOT NULL,
	"file" "bytea",
	"file_type" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"duplicate" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "deal_imports_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "deal_sources" (
	"team_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"deal_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	CONSTRAINT "deal_sources_team_id_kind_hash_pk" PRIMARY KEY("team_id","kind","hash")
);
--> statement-breakpoint
ALTER TABLE "deal_imports" ADD CONSTRAINT "deal_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_imports" ADD CONSTRAINT "deal_imports_team_id_author_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","author_id") REFERENCES "public"."employees"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_sources" ADD CONSTRAINT "deal_sources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_sources" ADD CONSTRAINT "deal_sources_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_sources" ADD CONSTRAINT "deal_sources_team_id_import_id_deal_imports_team_id_id_fk" FOREIGN KEY ("team_id","import_id") REFERENCES "public"."deal_imports"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_imports_team_kind_idx" ON "deal_imports" USING btree ("team_id","kind","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deal_imports_team_draft_idx" ON "deal_imports" USING btree ("team_id","created_at") WHERE "deal_imports"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "deal_sources_team_import_idx" ON "deal_sources" USING btree ("team_id","import_id","deal_id");