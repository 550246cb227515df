CREATE TABLE "payouts" (
	"team_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"payment_method_id" bigint,
	"note" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
ALTER TABLE "channel_employees" ADD COLUMN "rate" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_team_employee_day_idx" ON "payouts" USING btree ("team_id","employee_id","paid_on");--> statement-breakpoint
CREATE INDEX "payouts_team_day_idx" ON "payouts" USING btree ("team_id","paid_on");--> statement-breakpoint
-- The terms written so far as text become a rate where the text holds plainly one number ('10% от продаж' -> 10,
-- '30 000 руб в месяц' -> 30000, '500 руб за пост' -> 500); any other text stays a note only (docs/decisions/026).
UPDATE "channel_employees" ce
   SET "rate" = replace(replace(replace(m.num, ' ', ''), ' ', ''), ',', '.')::numeric
  FROM (
    SELECT team_id, channel_id, employee_id, role_id, min(x[1]) AS num, count(*) AS n
      FROM "channel_employees", regexp_matches(conditions, '(\d+(?:[  ]\d{3})*(?:[.,]\d+)?)', 'g') AS x
     GROUP BY 1, 2, 3, 4
  ) m
 WHERE m.n = 1 AND length(m.num) <= 15
   AND ce.team_id = m.team_id AND ce.channel_id = m.channel_id AND ce.employee_id = m.employee_id
   AND ce.role_id = m.role_id;
--> statement-breakpoint
CREATE TRIGGER "payouts_data_version_insert" AFTER INSERT ON "payouts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "payouts_data_version_update" AFTER UPDATE ON "payouts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "payouts_data_version_delete" AFTER DELETE ON "payouts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();
