-- The team's data version (docs/decisions/020): a number that goes up in the transaction of every write of the team's
-- data, so an answer's ETag made of it changes whenever the answer could. Statement-level triggers, like the calendar
-- roll-up's (0005): every path that writes (the API, the bot's jobs, cascades, bulk loads) bumps, and a statement of
-- a million rows bumps once. Rows are bumped in team order, so two statements touching several teams cannot deadlock.
CREATE TABLE "team_data_versions" (
	"team_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_data_versions" ADD CONSTRAINT "team_data_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "team_data_versions" ("team_id", "version") SELECT "id", 1 FROM "teams";
--> statement-breakpoint
CREATE FUNCTION "team_data_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The join with teams skips a team deleted by this statement's cascade: its version row is gone with it.
  -- An update reads only the new rows: a row never moves to another team.
  IF TG_OP = 'DELETE' THEN
    INSERT INTO team_data_versions (team_id, version)
      SELECT d.team_id, 1 FROM (SELECT DISTINCT team_id FROM old_rows) d JOIN teams t ON t.id = d.team_id
      ORDER BY d.team_id
    ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  ELSE
    INSERT INTO team_data_versions (team_id, version)
      SELECT d.team_id, 1 FROM (SELECT DISTINCT team_id FROM new_rows) d JOIN teams t ON t.id = d.team_id
      ORDER BY d.team_id
    ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The team's own row (its time zone cuts every day of its answers): a new team starts at 1, a change bumps.
CREATE FUNCTION "team_data_bump_own"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_data_versions (team_id, version)
    SELECT id, 1 FROM new_rows ORDER BY id
  ON CONFLICT (team_id) DO UPDATE SET version = team_data_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "teams_data_version_insert" AFTER INSERT ON "teams"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump_own();
--> statement-breakpoint
CREATE TRIGGER "teams_data_version_update" AFTER UPDATE ON "teams"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump_own();
--> statement-breakpoint
-- Every table with a team_id a user reads. Not here (bookkeeping written all the time, or derived): see
-- docs/decisions/020 and the list test/db/team-data-version.test.ts holds every team table to.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['accounts', 'channel_employees', 'channel_members', 'channels', 'contacts',
    'deal_payments', 'deals', 'employees', 'external_channels', 'invite_links', 'payment_methods', 'referral_codes',
    'referrals', 'subscriber_counts', 'subscriptions', 'user_settings']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_insert', name);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_update', name);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump()', name || '_data_version_delete', name);
  END LOOP;
END $$;
