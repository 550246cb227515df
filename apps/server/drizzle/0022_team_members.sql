CREATE TABLE "invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"invited_by" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"last_team_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_team_id_employee_id_employees_team_id_id_fk";
--> statement-breakpoint
DROP INDEX "accounts_team_employee_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
-- Every account so far signed in as the master of its own team: each becomes a person bound to that master, and the
-- sessions of that master become that person's (docs/decisions/024).
DO $$
DECLARE
  r record;
  uid bigint;
BEGIN
  FOR r IN SELECT team_id, employee_id, min(created_at) AS since FROM accounts GROUP BY team_id, employee_id
    ORDER BY team_id, employee_id
  LOOP
    INSERT INTO users (last_team_id, created_at) VALUES (r.team_id, r.since) RETURNING id INTO uid;
    UPDATE accounts SET user_id = uid WHERE team_id = r.team_id AND employee_id = r.employee_id;
    UPDATE employees SET user_id = uid, joined_at = r.since WHERE team_id = r.team_id AND id = r.employee_id;
    UPDATE sessions SET user_id = uid WHERE team_id = r.team_id AND employee_id = r.employee_id;
  END LOOP;
END $$;
--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
-- Accounts are no longer team data (a person's identities, for all their teams): their data-version triggers go.
DROP TRIGGER "accounts_data_version_insert" ON "accounts";--> statement-breakpoint
DROP TRIGGER "accounts_data_version_update" ON "accounts";--> statement-breakpoint
DROP TRIGGER "accounts_data_version_delete" ON "accounts";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_team_id_invited_by_employees_team_id_id_fk" FOREIGN KEY ("team_id","invited_by") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_team_id_teams_id_fk" FOREIGN KEY ("last_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_team_employee_idx" ON "invitations" USING btree ("team_id","employee_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_team_idx" ON "employees" USING btree ("user_id","team_id");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "team_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "employee_id";--> statement-breakpoint
-- Invitations are read by the team's screens (a person's page shows their link): a change of one is a change of data.
CREATE TRIGGER "invitations_data_version_insert" AFTER INSERT ON "invitations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "invitations_data_version_update" AFTER UPDATE ON "invitations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "invitations_data_version_delete" AFTER DELETE ON "invitations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();
