CREATE TABLE "deal_payments" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deal_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_at" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_payments_team_id_id_pk" PRIMARY KEY("team_id","id"),
	CONSTRAINT "deal_payments_amount_chk" CHECK ("deal_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "payment_due_date" date;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_team_id_deal_id_deals_team_id_id_fk" FOREIGN KEY ("team_id","deal_id") REFERENCES "public"."deals"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_payments_team_deal_idx" ON "deal_payments" USING btree ("team_id","deal_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "deal_payments_team_paid_idx" ON "deal_payments" USING btree ("team_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "deals_team_kind_unpaid_idx" ON "deals" USING btree ("team_id","kind","payment_due_date","deal_date") WHERE "deals"."paid_amount" < "deals"."price";--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_paid_chk" CHECK ("deals"."paid_amount" >= 0 and "deals"."paid_amount" <= "deals"."price");