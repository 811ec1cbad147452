-- Two corrections for reviews nobody can game.
--
-- Browse's "verified purchases" filter becomes a term of browse's inverted index (drizzle/0019, 0022): 'v:purchase'
-- for every listed salesperson with a review a confirmed purchase backs. A filtered page walks that term's entries in
-- browse order (with a city, the term's entries in that city), so it reads the few verified salespeople, where a
-- walk of the whole browse order read every salesperson to find them. The triggers keep it in the same transaction
-- as the count it follows (salespeople.verified_purchase_reviews, kept by the review aggregates).
--
-- Held and rejected reviews count nowhere a published one does (docs/product/reviews.md#gaming-rules): the
-- analytics rollups (drizzle/0016) counted every review not removed, and now count published ones only. Their
-- indexes are created again as they were, so their CONCURRENTLY refresh and readers work unchanged.
CREATE FUNCTION "salesperson_terms_of"(search text, specialties text[], verified_purchase_reviews integer)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT salesperson_terms_of(search, specialties)
         || CASE WHEN verified_purchase_reviews > 0 THEN ARRAY['v:purchase'] ELSE '{}'::text[] END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_salesperson_terms"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id
    FROM salespeople s,
         unnest(salesperson_terms_of(s.search_text, s.specialties, s.verified_purchase_reviews)) AS t(term)
   WHERE s.dealership_id IS NULL OR s.verified_at IS NOT NULL
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$$;--> statement-breakpoint
-- The trigger fires on every update of salespeople (no column list); the comparison below is its column list: a
-- change of none of these leaves the terms alone. Whether the salesperson has a verified purchase is one of them.
CREATE OR REPLACE FUNCTION "salespeople_sync_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.search_text, OLD.specialties, OLD.average_rating, OLD.total_reviews,
      OLD.years_of_experience, OLD.city::text, OLD.status, OLD.dealership_id,
      OLD.dealership_id IS NULL OR OLD.verified_at IS NOT NULL, OLD.verified_purchase_reviews > 0)
      IS NOT DISTINCT FROM (NEW.search_text, NEW.specialties, NEW.average_rating, NEW.total_reviews,
      NEW.years_of_experience, NEW.city::text, NEW.status, NEW.dealership_id,
      NEW.dealership_id IS NULL OR NEW.verified_at IS NOT NULL, NEW.verified_purchase_reviews > 0) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Every key column is given, so each of the old terms is one descent of the index.
    DELETE FROM salesperson_terms
     WHERE term = ANY (salesperson_terms_of(OLD.search_text, OLD.specialties, OLD.verified_purchase_reviews))
       AND average_rating = OLD.average_rating AND total_reviews = OLD.total_reviews
       AND salesperson_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (NEW.dealership_id IS NULL OR NEW.verified_at IS NOT NULL) THEN
    INSERT INTO salesperson_terms
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties, NEW.verified_purchase_reviews)) AS t(term);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT rebuild_salesperson_terms();--> statement-breakpoint
-- Sorted by low pressure, browse walks salespeople_pressure_idx (the terms carry no pressure average); with the
-- filter it walks this partial index of the verified few instead.
CREATE INDEX "salespeople_verified_pressure_idx" ON "salespeople"
  ("pressure_average" DESC NULLS LAST, "total_reviews" DESC, "id")
  WHERE "verified_purchase_reviews" > 0 AND ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);--> statement-breakpoint
DROP MATERIALIZED VIEW "analytics_days";--> statement-breakpoint
DROP MATERIALIZED VIEW "analytics_daily";--> statement-breakpoint
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
     WHERE r.moderation_status = 'published' AND r.removed_at IS NULL
     GROUP BY 1, 2, 3
  ) parts
 GROUP BY day, dealership_key, state;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" (day, dealership_key, state);--> statement-breakpoint
CREATE INDEX "analytics_daily_dealership_idx" ON "analytics_daily" (dealership_key, day);--> statement-breakpoint
CREATE MATERIALIZED VIEW "analytics_days" AS
SELECT day, sum(appointments)::int AS appointments, sum(completed)::int AS completed, sum(no_shows)::int AS no_shows,
       sum(cancelled)::int AS cancelled, sum(ratings)::int AS ratings, sum(rating_sum)::int AS rating_sum
  FROM analytics_daily
 GROUP BY day;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_days_key" ON "analytics_days" (day);
