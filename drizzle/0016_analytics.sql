-- Business intelligence reads day-level rollups instead of scanning every appointment and rating per request.
-- The views are refreshed CONCURRENTLY by the analytics domain (src/server/domains/analytics/rollup.ts) when
-- older than ANALYTICS_MAX_AGE_SECONDS, so readers never wait on a refresh and never see a half-built view.
-- A salesperson's history counts for the dealership and state they belong to now (dealership_key 0 = independent).

-- One row per UTC day, dealership and state: appointments by the day of the visit, ratings by the day written.
CREATE MATERIALIZED VIEW "analytics_daily" AS
SELECT day, dealership_key, state,
       sum(appointments)::int AS appointments,
       sum(completed)::int AS completed,
       sum(no_shows)::int AS no_shows,
       sum(cancelled)::int AS cancelled,
       sum(ratings)::int AS ratings,
       sum(rating_sum)::int AS rating_sum
  FROM (
    SELECT (a.starts_at AT TIME ZONE 'UTC')::date AS day, coalesce(s.dealership_id, 0) AS dealership_key, s.state,
           count(*) AS appointments,
           count(*) FILTER (WHERE a.status = 'completed') AS completed,
           count(*) FILTER (WHERE a.status = 'no-show') AS no_shows,
           count(*) FILTER (WHERE a.status = 'cancelled') AS cancelled,
           0 AS ratings, 0 AS rating_sum
      FROM appointments a JOIN salespeople s ON s.id = a.salesperson_id
     GROUP BY 1, 2, 3
    UNION ALL
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, coalesce(s.dealership_id, 0), s.state,
           0, 0, 0, 0, count(*), sum(r.overall_rating)
      FROM ratings r JOIN salespeople s ON s.id = r.salesperson_id
     WHERE r.removed_at IS NULL
     GROUP BY 1, 2, 3
  ) parts
 GROUP BY day, dealership_key, state;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" (day, dealership_key, state);--> statement-breakpoint
CREATE INDEX "analytics_daily_dealership_idx" ON "analytics_daily" (dealership_key, day);--> statement-breakpoint

-- The platform's totals per day (the rollup above summed over dealerships and states): a year is 365 rows.
CREATE MATERIALIZED VIEW "analytics_days" AS
SELECT day, sum(appointments)::int AS appointments, sum(completed)::int AS completed, sum(no_shows)::int AS no_shows,
       sum(cancelled)::int AS cancelled, sum(ratings)::int AS ratings, sum(rating_sum)::int AS rating_sum
  FROM analytics_daily
 GROUP BY day;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_days_key" ON "analytics_days" (day);--> statement-breakpoint

-- Salespeople per dealership and state: team sizes and the market's spread without counting 100,000 rows.
CREATE MATERIALIZED VIEW "analytics_salespeople" AS
SELECT coalesce(dealership_id, 0) AS dealership_key, state, count(*)::int AS salespeople
  FROM salespeople
 GROUP BY 1, 2;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_salespeople_key" ON "analytics_salespeople" (dealership_key, state);--> statement-breakpoint

-- Each dealership's three salespeople with the highest all-time average rating (ties: more reviews, then id).
CREATE MATERIALIZED VIEW "analytics_top_performers" AS
SELECT dealership_id, rank, salesperson_id, name, average_rating
  FROM (SELECT dealership_id, id AS salesperson_id, name, average_rating,
               row_number() OVER (PARTITION BY dealership_id ORDER BY average_rating DESC, total_reviews DESC, id)::int AS rank
          FROM salespeople
         WHERE dealership_id IS NOT NULL AND total_reviews > 0) ranked
 WHERE rank <= 3;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_top_performers_key" ON "analytics_top_performers" (dealership_id, rank);--> statement-breakpoint

-- Which customers had a visit (not cancelled) in which UTC month: unique customers per month.
CREATE MATERIALIZED VIEW "analytics_customer_months" AS
SELECT DISTINCT date_trunc('month', starts_at AT TIME ZONE 'UTC')::date AS month, customer_id
  FROM appointments
 WHERE customer_id IS NOT NULL AND status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_customer_months_key" ON "analytics_customer_months" (month, customer_id);--> statement-breakpoint

-- Customers with a visit (not cancelled) in a span of time: one index-only probe per account.
CREATE INDEX "appointments_customer_visits_idx" ON "appointments" (customer_id, starts_at) WHERE status <> 'cancelled';--> statement-breakpoint

-- Payments by the day they were paid, for revenue over a period and by month.
CREATE INDEX "payments_paid_at_idx" ON "payments" (paid_at) WHERE status = 'paid';
