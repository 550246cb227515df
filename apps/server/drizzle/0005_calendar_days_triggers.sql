-- Keeps calendar_days exact: statement-level triggers on deals, in the writing transaction, so every path that writes
-- deals (the API, cascades from a deleted channel or team, bulk loads) updates the calendar with it.
-- A day is the placement's date in the users' zone, Europe/Moscow (as src/lib/dates.ts cuts days).
-- Concurrency: each (team, day, kind) is locked for the rest of the transaction before it is touched, in one order,
-- so two writers of the same day take turns; a recount runs after the lock, in a statement that sees every committed
-- deal, while inserts add their own rows to the committed count.
CREATE FUNCTION "calendar_days_lock"("team_ids" bigint[], "days" date[], "kinds" text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  key record;
BEGIN
  FOR key IN
    SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k) ORDER BY t, d, k
  LOOP
    -- The day as a number of days: its text form would depend on the session's DateStyle.
    PERFORM pg_advisory_xact_lock(
      hashtextextended('calendar_days/' || key.t || '/' || (key.d - DATE '2000-01-01') || '/' || key.k, 0));
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "calendar_days_recount"("team_ids" bigint[], "days" date[], "kinds" text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_lock(team_ids, days, kinds);
  DELETE FROM calendar_days c
    USING unnest(team_ids, days, kinds) AS u(t, d, k)
    WHERE c.team_id = u.t AND c.day = u.d AND c.kind = u.k;
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT u.t, u.d, u.k, min(x.placement_at), (array_agg(x.id ORDER BY x.placement_at, x.id))[1], count(*)
    FROM (SELECT DISTINCT t, d, k FROM unnest(team_ids, days, kinds) AS u(t, d, k)) u
    JOIN deals x ON x.team_id = u.t AND x.kind = u.k
      AND x.placement_at >= u.d::timestamp AT TIME ZONE 'Europe/Moscow'
      AND x.placement_at < (u.d + 1)::timestamp AT TIME ZONE 'Europe/Moscow'
    GROUP BY u.t, u.d, u.k;
END $$;
--> statement-breakpoint
CREATE FUNCTION "calendar_days_after_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (SELECT DISTINCT team_id, (placement_at AT TIME ZONE 'Europe/Moscow')::date AS day, kind FROM new_rows) k;
  PERFORM calendar_days_lock(team_ids, days, kinds);
  INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
    SELECT team_id, (placement_at AT TIME ZONE 'Europe/Moscow')::date, kind,
      min(placement_at), (array_agg(id ORDER BY placement_at, id))[1], count(*)
    FROM new_rows
    GROUP BY 1, 2, 3
  ON CONFLICT (team_id, day, kind) DO UPDATE SET
    deal_count = calendar_days.deal_count + excluded.deal_count,
    first_at = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_at ELSE calendar_days.first_at END,
    first_deal_id = CASE WHEN (excluded.first_at, excluded.first_deal_id) < (calendar_days.first_at, calendar_days.first_deal_id)
      THEN excluded.first_deal_id ELSE calendar_days.first_deal_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "calendar_days_after_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  -- Only a moved placement changes the calendar; a deal keeps its team and kind.
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (
      SELECT o.team_id, (o.placement_at AT TIME ZONE 'Europe/Moscow')::date AS day, o.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        WHERE n.placement_at <> o.placement_at
      UNION
      SELECT n.team_id, (n.placement_at AT TIME ZONE 'Europe/Moscow')::date, n.kind
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        WHERE n.placement_at <> o.placement_at
    ) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "calendar_days_after_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  team_ids bigint[];
  days date[];
  kinds text[];
BEGIN
  SELECT array_agg(team_id), array_agg(day), array_agg(kind) INTO team_ids, days, kinds
    FROM (SELECT DISTINCT team_id, (placement_at AT TIME ZONE 'Europe/Moscow')::date AS day, kind FROM old_rows) k;
  IF team_ids IS NOT NULL THEN
    PERFORM calendar_days_recount(team_ids, days, kinds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deals_calendar_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_insert();
--> statement-breakpoint
CREATE TRIGGER "deals_calendar_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_update();
--> statement-breakpoint
CREATE TRIGGER "deals_calendar_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_days_after_delete();
--> statement-breakpoint
INSERT INTO calendar_days (team_id, day, kind, first_at, first_deal_id, deal_count)
  SELECT team_id, (placement_at AT TIME ZONE 'Europe/Moscow')::date, kind,
    min(placement_at), (array_agg(id ORDER BY placement_at, id))[1], count(*)
  FROM deals
  GROUP BY 1, 2, 3;
