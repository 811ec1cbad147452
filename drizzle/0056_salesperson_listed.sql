-- Who the public may see, as one function: an independent, or a profile its dealership's manager has confirmed
-- (src/server/access.ts adds the accounts stopped or not confirmed yet, which change without this row). Browse's
-- terms hold listed salespeople alone (the trigger follows it), and its walks are partial indexes on it: PostgreSQL
-- inlines the function in a query and in an index's predicate alike, so a query stating it reads them as before.
-- A change to it rebuilds those indexes (REINDEX) and the terms (rebuild_salesperson_terms) in its migration.
CREATE FUNCTION "salesperson_listed"(dealership_id integer, verified_at timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT dealership_id IS NULL OR verified_at IS NOT NULL $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_salesperson_terms"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
     specialties)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id,
         s.specialties
    FROM salespeople s,
         unnest(salesperson_terms_of(s.search_text, s.specialties, s.verified_purchase_reviews)) AS t(term)
   WHERE salesperson_listed(s.dealership_id, s.verified_at)
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "salespeople_sync_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.search_text, OLD.specialties, OLD.average_rating, OLD.total_reviews,
      OLD.years_of_experience, OLD.city::text, OLD.status, OLD.dealership_id,
      salesperson_listed(OLD.dealership_id, OLD.verified_at), OLD.verified_purchase_reviews > 0)
      IS NOT DISTINCT FROM (NEW.search_text, NEW.specialties, NEW.average_rating, NEW.total_reviews,
      NEW.years_of_experience, NEW.city::text, NEW.status, NEW.dealership_id,
      salesperson_listed(NEW.dealership_id, NEW.verified_at), NEW.verified_purchase_reviews > 0) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Every key column is given, so each of the old terms is one descent of the index.
    DELETE FROM salesperson_terms
     WHERE term = ANY (salesperson_terms_of(OLD.search_text, OLD.specialties, OLD.verified_purchase_reviews))
       AND average_rating = OLD.average_rating AND total_reviews = OLD.total_reviews
       AND salesperson_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND salesperson_listed(NEW.dealership_id, NEW.verified_at) THEN
    INSERT INTO salesperson_terms
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
       specialties)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id, NEW.specialties
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties, NEW.verified_purchase_reviews)) AS t(term);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP INDEX "salespeople_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_city_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_pressure_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_city_pressure_idx";--> statement-breakpoint
DROP INDEX "salespeople_verified_pressure_idx";--> statement-breakpoint
CREATE INDEX "salespeople_rank_idx" ON "salespeople" ("average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "dealership_id", "search_text", "pressure_average")
  WHERE salesperson_listed("dealership_id", "verified_at");--> statement-breakpoint
CREATE INDEX "salespeople_city_rank_idx" ON "salespeople" ("city", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("specialties", "status", "years_of_experience", "dealership_id", "search_text", "pressure_average")
  WHERE salesperson_listed("dealership_id", "verified_at");--> statement-breakpoint
CREATE INDEX "salespeople_pressure_rank_idx" ON "salespeople"
  ((coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average", "average_rating", "city", "specialties", "status", "years_of_experience",
           "dealership_id", "search_text")
  WHERE salesperson_listed("dealership_id", "verified_at");--> statement-breakpoint
CREATE INDEX "salespeople_city_pressure_idx" ON "salespeople"
  ("city", (coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average", "average_rating", "specialties", "status", "years_of_experience", "dealership_id",
           "search_text")
  WHERE salesperson_listed("dealership_id", "verified_at");--> statement-breakpoint
CREATE INDEX "salespeople_verified_pressure_idx" ON "salespeople"
  ((coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average")
  WHERE "verified_purchase_reviews" > 0 AND salesperson_listed("dealership_id", "verified_at");
