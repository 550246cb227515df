-- The pay roll-up (issue 38, docs/decisions/033): a role's basis for a period read from a dozen months and the days of
-- the two it cuts instead of every deal of the person or channel. pay_received holds, per team, person, channel and
-- kind, what was received by payment day and month for the person's deals that earn (live, status not cancelling);
-- pay_posts, per team and channel, the sales that earn by placement day in the team's zone and its month. Kept in the
-- writing transaction by triggers on deals, deal_payments and the team's zone, after the locks the money roll-up
-- takes in the same order (the deals' rows, the team's rows shared, the team's money lock). Deals and payments are
-- held from the start so the backfill below misses no concurrent write (as in 0016 and 0034). Two indexes of deals
-- serve the deals behind one person's pay from the index alone.
LOCK TABLE "deals", "deal_payments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "pay_posts" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"start" date NOT NULL,
	"posts" integer NOT NULL,
	CONSTRAINT "pay_posts_team_id_channel_id_unit_start_pk" PRIMARY KEY("team_id","channel_id","unit","start")
);
--> statement-breakpoint
CREATE TABLE "pay_received" (
	"team_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"start" date NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "pay_received_team_id_employee_id_channel_id_kind_unit_start_pk" PRIMARY KEY("team_id","employee_id","channel_id","kind","unit","start")
);
--> statement-breakpoint
DROP INDEX "deals_team_channel_placement_idx";--> statement-breakpoint
ALTER TABLE "pay_posts" ADD CONSTRAINT "pay_posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_received" ADD CONSTRAINT "pay_received_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_team_kind_employee_channel_idx" ON "deals" USING btree ("team_id","kind","employee_id","channel_id","placement_at","id","status_id","deleted_at");--> statement-breakpoint
CREATE INDEX "deals_team_channel_placement_idx" ON "deals" USING btree ("team_id","channel_id","placement_at","kind","id","status_id","deleted_at");
--> statement-breakpoint
-- Adds deltas of what was received, each dated its payment day, into the days and their months, in key order, and
-- deletes the rows they bring to zero.
CREATE OR REPLACE FUNCTION pay_received_apply(delta pay_received[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pay_received AS m (team_id, employee_id, channel_id, kind, unit, start, amount)
    SELECT d.team_id, d.employee_id, d.channel_id, d.kind, u.unit, date_trunc(u.unit, d.start::timestamp)::date,
      sum(d.amount)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (team_id, employee_id, channel_id, kind, unit, start) DO UPDATE SET amount = m.amount + excluded.amount;
  DELETE FROM pay_received m
    USING (
      SELECT DISTINCT d.team_id, d.employee_id, d.channel_id, d.kind, u.unit,
          date_trunc(u.unit, d.start::timestamp)::date AS start
        FROM unnest(delta) d CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    ) d
    WHERE m.team_id = d.team_id AND m.employee_id = d.employee_id AND m.channel_id = d.channel_id AND m.kind = d.kind
      AND m.unit = d.unit AND m.start = d.start AND m.amount = 0;
END $$;
--> statement-breakpoint
-- Adds deltas of posts, each dated its day in the team's zone, into the days and their months, likewise.
CREATE OR REPLACE FUNCTION pay_posts_apply(delta pay_posts[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pay_posts AS m (team_id, channel_id, unit, start, posts)
    SELECT d.team_id, d.channel_id, u.unit, date_trunc(u.unit, d.start::timestamp)::date, sum(d.posts)
    FROM unnest(delta) d JOIN teams z ON z.id = d.team_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.posts) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (team_id, channel_id, unit, start) DO UPDATE SET posts = m.posts + excluded.posts;
  DELETE FROM pay_posts m
    USING (
      SELECT DISTINCT d.team_id, d.channel_id, u.unit, date_trunc(u.unit, d.start::timestamp)::date AS start
        FROM unnest(delta) d CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    ) d
    WHERE m.team_id = d.team_id AND m.channel_id = d.channel_id AND m.unit = d.unit AND m.start = d.start
      AND m.posts = 0;
END $$;
--> statement-breakpoint
-- New live sales whose status does not cancel them are posts of their channel on their day in the team's zone, and a
-- hard delete takes them off again (a deleted deal swept away was counted nowhere); a new deal has no payments yet.
-- The teams are shared first, as the calendar does, so a zone change waits or is waited for. The insert's and the
-- delete's triggers name their rows alike.
CREATE OR REPLACE FUNCTION pay_posts_after_deal_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM written WHERE kind = 'sale' AND deleted_at IS NULL));
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM written WHERE kind = 'sale' AND deleted_at IS NULL));
  PERFORM pay_posts_apply(ARRAY(
    SELECT ROW(d.team_id, d.channel_id, 'day', (d.placement_at AT TIME ZONE z.time_zone)::date,
        CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*)::int)::pay_posts
    FROM written d JOIN teams z ON z.id = d.team_id JOIN deal_statuses s ON s.id = d.status_id
    WHERE d.kind = 'sale' AND d.deleted_at IS NULL AND NOT s.cancels
    GROUP BY d.team_id, d.channel_id, (d.placement_at AT TIME ZONE z.time_zone)::date));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deal earns while it is live and its status does not cancel it. One that starts or stops earning, or moves to
-- another person or channel, takes what was received for it from the old key to the new; a sale's post moves the same
-- way, and with its placement. Anything else (a price, a note, a status that does not cancel) takes no lock.
CREATE OR REPLACE FUNCTION pay_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind.
  -- Counted rather than asked EXISTS: with a limit of one the planner nests the loops over both tables, and a bulk
  -- update that moves nothing of this (a load's paid amounts) then compares every row with every other.
  IF (
    SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (o.deleted_at IS NULL AND NOT so.cancels, o.employee_id, o.channel_id, o.placement_at)
        IS DISTINCT FROM (n.deleted_at IS NULL AND NOT sn.cancels, n.employee_id, n.channel_id, n.placement_at)
  ) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM calendar_days_share_teams(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM pay_received_apply(received), pay_posts_apply(posts) FROM (
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deleted_at IS NULL AND NOT so.cancels AS old_earns, o.employee_id AS old_employee,
          o.channel_id AS old_channel, (o.placement_at AT TIME ZONE z.time_zone)::date AS old_day,
          n.deleted_at IS NULL AND NOT sn.cancels AS new_earns, n.employee_id AS new_employee,
          n.channel_id AS new_channel, (n.placement_at AT TIME ZONE z.time_zone)::date AS new_day
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN teams z ON z.id = n.team_id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (o.deleted_at IS NULL AND NOT so.cancels, o.employee_id, o.channel_id, o.placement_at)
          IS DISTINCT FROM (n.deleted_at IS NULL AND NOT sn.cancels, n.employee_id, n.channel_id, n.placement_at)
    ),
    -- Only a deal whose person or channel changes, or which starts or stops earning, moves what it received.
    switched AS (
      SELECT * FROM moved
        WHERE (old_earns AND old_employee IS NOT NULL OR new_earns AND new_employee IS NOT NULL)
          AND (old_earns, old_employee, old_channel) IS DISTINCT FROM (new_earns, new_employee, new_channel)
    )
    SELECT
      ARRAY(
        SELECT ROW(p.team_id, m.old_employee, m.old_channel, m.kind, 'day', p.paid_at, -sum(p.amount))::pay_received
          FROM switched m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
          WHERE m.old_earns AND m.old_employee IS NOT NULL
          GROUP BY p.team_id, m.old_employee, m.old_channel, m.kind, p.paid_at
        UNION ALL
        SELECT ROW(p.team_id, m.new_employee, m.new_channel, m.kind, 'day', p.paid_at, sum(p.amount))::pay_received
          FROM switched m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
          WHERE m.new_earns AND m.new_employee IS NOT NULL
          GROUP BY p.team_id, m.new_employee, m.new_channel, m.kind, p.paid_at
      ) AS received,
      ARRAY(
        SELECT ROW(team_id, old_channel, 'day', old_day, -count(*)::int)::pay_posts
          FROM moved WHERE kind = 'sale' AND old_earns GROUP BY team_id, old_channel, old_day
        UNION ALL
        SELECT ROW(team_id, new_channel, 'day', new_day, count(*)::int)::pay_posts
          FROM moved WHERE kind = 'sale' AND new_earns GROUP BY team_id, new_channel, new_day
      ) AS posts
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deal's payments go by cascade after the deal, when their channel and kind can no longer be read: so a live deal
-- with payments takes what it received off the roll-up itself, row by row, before it goes, and off its person's share
-- when it earned.
CREATE OR REPLACE FUNCTION money_days_before_deal_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted team's deals: nothing to take off (its rows cascade away), and there may be millions of them.
  IF NOT EXISTS (SELECT 1 FROM teams WHERE id = OLD.team_id) THEN
    RETURN OLD;
  END IF;
  PERFORM money_days_lock(ARRAY[OLD.team_id]);
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, OLD.channel_id, OLD.kind, 0, 0, 0, 0, -sum(p.amount), 0, 0, 0, 0)::money_days
    FROM deal_payments p WHERE p.team_id = OLD.team_id AND p.deal_id = OLD.id
    GROUP BY p.team_id, p.paid_at));
  IF OLD.employee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deal_statuses WHERE id = OLD.status_id AND cancels) THEN
    PERFORM pay_received_apply(ARRAY(
      SELECT ROW(p.team_id, OLD.employee_id, OLD.channel_id, OLD.kind, 'day', p.paid_at, -sum(p.amount))::pay_received
      FROM deal_payments p WHERE p.team_id = OLD.team_id AND p.deal_id = OLD.id
      GROUP BY p.team_id, p.paid_at));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Payments count under their live deal's channel and kind on the day they were paid, and for its person while the
-- deal earns; the deals are locked before the team, the order every deal write takes.
CREATE OR REPLACE FUNCTION money_days_add_payments(payments deal_payments[], direction int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM deals d
    JOIN (SELECT DISTINCT team_id, deal_id FROM unnest(payments)) p ON d.team_id = p.team_id AND d.id = p.deal_id
    ORDER BY d.team_id, d.id
    FOR NO KEY UPDATE OF d;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM unnest(payments)));
  PERFORM money_days_apply(ARRAY(
    SELECT ROW(p.team_id, p.paid_at, d.channel_id, d.kind, 0, 0, 0, 0, direction * sum(p.amount), 0, 0, 0, 0)::money_days
    FROM unnest(payments) p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
    WHERE d.deleted_at IS NULL
    GROUP BY p.team_id, p.paid_at, d.channel_id, d.kind));
  PERFORM pay_received_apply(ARRAY(
    SELECT ROW(p.team_id, d.employee_id, d.channel_id, d.kind, 'day', p.paid_at, direction * sum(p.amount))::pay_received
    FROM unnest(payments) p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
    JOIN deal_statuses s ON s.id = d.status_id
    WHERE d.deleted_at IS NULL AND NOT s.cancels AND d.employee_id IS NOT NULL
    GROUP BY p.team_id, d.employee_id, d.channel_id, d.kind, p.paid_at));
END $$;
--> statement-breakpoint
-- A change of the team's zone moves every day's edges: the team's posts are rolled up again, in the transaction of the
-- change, which holds the team's row, so no deal write of the team counts a post in between.
CREATE OR REPLACE FUNCTION pay_posts_after_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pay_posts WHERE team_id = NEW.id;
  INSERT INTO pay_posts (team_id, channel_id, unit, start, posts)
    SELECT x.team_id, x.channel_id, u.unit,
      date_trunc(u.unit, ((x.placement_at AT TIME ZONE NEW.time_zone)::date)::timestamp)::date, count(*)
    FROM deals x JOIN deal_statuses s ON s.id = x.status_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
    WHERE x.team_id = NEW.id AND x.kind = 'sale' AND x.deleted_at IS NULL AND NOT s.cancels
    GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_pay_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION pay_posts_after_deal_write();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_pay_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pay_after_deal_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER deals_pay_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION pay_posts_after_deal_write();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER teams_pay_zone AFTER UPDATE OF time_zone ON teams
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION pay_posts_after_zone();
--> statement-breakpoint
-- What the data there received and posted, by day and by month.
INSERT INTO pay_received (team_id, employee_id, channel_id, kind, unit, start, amount)
  SELECT d.team_id, d.employee_id, d.channel_id, d.kind, u.unit, date_trunc(u.unit, p.paid_at::timestamp)::date,
    sum(p.amount)
  FROM deal_payments p JOIN deals d ON d.team_id = p.team_id AND d.id = p.deal_id
  JOIN deal_statuses s ON s.id = d.status_id CROSS JOIN (VALUES ('day'), ('month')) u (unit)
  WHERE d.deleted_at IS NULL AND NOT s.cancels AND d.employee_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO pay_posts (team_id, channel_id, unit, start, posts)
  SELECT x.team_id, x.channel_id, u.unit,
    date_trunc(u.unit, ((x.placement_at AT TIME ZONE z.time_zone)::date)::timestamp)::date, count(*)
  FROM deals x JOIN teams z ON z.id = x.team_id JOIN deal_statuses s ON s.id = x.status_id
  CROSS JOIN (VALUES ('day'), ('month')) u (unit)
  WHERE x.kind = 'sale' AND x.deleted_at IS NULL AND NOT s.cancels
  GROUP BY 1, 2, 3, 4;
