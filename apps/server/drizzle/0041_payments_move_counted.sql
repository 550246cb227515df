-- The deals' statement triggers that first ask whether a deal moved now count instead of asking EXISTS: with a limit
-- of one the planner nests the loops over the two transition tables, so a bulk update that moves nothing compared
-- every row with every other. The payments' (migration 0040) did so for the benchmark's load setting the paid amounts
-- of 100 000 deals: over 90 s on PostgreSQL (7 s counted), stuck for 12 minutes on PGlite; the money roll-up's
-- (0034) would for a bulk update that moves no money. Counting joins them by hash, as the pay roll-up's check does
-- (0038).
CREATE OR REPLACE FUNCTION deal_payments_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only when a deal moved: an UPDATE of no rows would still run the payments' statement triggers. Counted rather
  -- than asked EXISTS: see the pay roll-up's check (pay_after_deal_update).
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind) > 0 THEN
    UPDATE deal_payments p SET employee_id = n.employee_id, channel_id = n.channel_id, kind = n.kind
      FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      WHERE (o.employee_id IS DISTINCT FROM n.employee_id OR o.channel_id <> n.channel_id OR o.kind <> n.kind)
        AND p.team_id = n.team_id AND p.deal_id = n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_days_after_deal_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A deal keeps its team and kind; only its price, date, channel, what was paid, its post's views (none and 0 are
  -- alike: no views), whether its status cancels it and whether it is deleted move money, and an update of nothing
  -- else (a status that does not cancel, a note) takes no lock.
  -- Counted rather than asked EXISTS: see the pay roll-up's check (pay_after_deal_update).
  IF (
    SELECT count(*) FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
      JOIN deal_statuses so ON so.id = o.status_id
      JOIN deal_statuses sn ON sn.id = n.status_id
      WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, greatest(n.post_views, 0), sn.cancels,
          n.deleted_at IS NULL)
        IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, greatest(o.post_views, 0), so.cancels,
          o.deleted_at IS NULL)
  ) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM money_days_lock(ARRAY(SELECT DISTINCT team_id FROM new_rows));
  PERFORM money_days_apply(ARRAY(
    WITH moved AS (
      SELECT o.team_id, o.id, o.kind,
          o.deal_date AS old_day, o.channel_id AS old_channel, o.price AS old_price, o.paid_amount AS old_paid,
          greatest(o.post_views, 0) AS old_views,
          o.deleted_at IS NULL AS old_live, o.deleted_at IS NULL AND NOT so.cancels AS old_counts,
          o.deleted_at IS NULL AND so.cancels AS old_cancelled,
          n.deal_date AS new_day, n.channel_id AS new_channel, n.price AS new_price, n.paid_amount AS new_paid,
          greatest(n.post_views, 0) AS new_views,
          n.deleted_at IS NULL AS new_live, n.deleted_at IS NULL AND NOT sn.cancels AS new_counts,
          n.deleted_at IS NULL AND sn.cancels AS new_cancelled
        FROM old_rows o JOIN new_rows n ON n.team_id = o.team_id AND n.id = o.id
        JOIN deal_statuses so ON so.id = o.status_id
        JOIN deal_statuses sn ON sn.id = n.status_id
        WHERE (n.price, n.deal_date, n.channel_id, n.paid_amount, greatest(n.post_views, 0), sn.cancels,
            n.deleted_at IS NULL)
          IS DISTINCT FROM (o.price, o.deal_date, o.channel_id, o.paid_amount, greatest(o.post_views, 0), so.cancels,
            o.deleted_at IS NULL)
    )
    SELECT ROW(x.team_id, x.day, x.channel_id, x.kind, sum(x.deals)::int, sum(x.unpaid)::int, sum(x.total), sum(x.paid),
      sum(x.received), sum(x.viewed_total), sum(x.views), sum(x.cancelled)::int, sum(x.cancelled_total))::money_days
    FROM (
      SELECT team_id, old_day AS day, old_channel AS channel_id, kind, -1 AS deals, -(old_paid < old_price)::int AS unpaid,
          -old_price AS total, -old_paid AS paid, 0::numeric AS received,
          -(CASE WHEN old_views > 0 THEN old_price ELSE 0 END) AS viewed_total, -old_views::bigint AS views,
          0 AS cancelled, 0::numeric AS cancelled_total
        FROM moved WHERE old_counts
      UNION ALL
      SELECT team_id, new_day, new_channel, kind, 1, (new_paid < new_price)::int, new_price, new_paid, 0,
          CASE WHEN new_views > 0 THEN new_price ELSE 0 END, new_views, 0, 0
        FROM moved WHERE new_counts
      UNION ALL
      SELECT team_id, old_day, old_channel, kind, 0, 0, 0, 0, 0, 0, 0, -1, -old_price
        FROM moved WHERE old_cancelled
      UNION ALL
      SELECT team_id, new_day, new_channel, kind, 0, 0, 0, 0, 0, 0, 0, 1, new_price
        FROM moved WHERE new_cancelled
      -- What was received for a live deal, cancelled or not, counts under its channel: a deal moved to another
      -- channel takes its payments with it, a deleted one takes them off and a restored one brings them back.
      UNION ALL
      SELECT p.team_id, p.paid_at, m.old_channel, m.kind, 0, 0, 0, 0, -p.amount, 0, 0, 0, 0
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.old_live AND (NOT m.new_live OR m.new_channel <> m.old_channel)
      UNION ALL
      SELECT p.team_id, p.paid_at, m.new_channel, m.kind, 0, 0, 0, 0, p.amount, 0, 0, 0, 0
        FROM moved m JOIN deal_payments p ON p.team_id = m.team_id AND p.deal_id = m.id
        WHERE m.new_live AND (NOT m.old_live OR m.new_channel <> m.old_channel)
    ) x
    GROUP BY x.team_id, x.day, x.channel_id, x.kind));
  RETURN NULL;
END $$;
