-- Browse lists only salespeople the public may see: independents, and profiles their dealership's manager has
-- confirmed. The rule lives in the indexes browse walks, so it costs browse nothing: the rank indexes become
-- partial on it (a query stating the same condition still reads them index-only), and the inverted index of
-- terms holds listed salespeople alone (the trigger also follows verified_at).
DROP INDEX "salespeople_city_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_rank_idx";--> statement-breakpoint
CREATE INDEX "salespeople_city_rank_idx" ON "salespeople"
  ("city", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("specialties", "status", "years_of_experience", "dealership_id", "search_text")
  WHERE ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "salespeople_rank_idx" ON "salespeople"
  ("average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "dealership_id", "search_text")
  WHERE ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_salesperson_terms"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id
    FROM salespeople s, unnest(salesperson_terms_of(s.search_text, s.specialties)) AS t(term)
   WHERE s.dealership_id IS NULL OR s.verified_at IS NOT NULL
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "salespeople_sync_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.search_text, OLD.specialties, OLD.average_rating, OLD.total_reviews,
      OLD.years_of_experience, OLD.city::text, OLD.status, OLD.dealership_id,
      OLD.dealership_id IS NULL OR OLD.verified_at IS NOT NULL)
      IS NOT DISTINCT FROM (NEW.search_text, NEW.specialties, NEW.average_rating, NEW.total_reviews,
      NEW.years_of_experience, NEW.city::text, NEW.status, NEW.dealership_id,
      NEW.dealership_id IS NULL OR NEW.verified_at IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Every key column is given, so each of the old terms is one descent of the index.
    DELETE FROM salesperson_terms
     WHERE term = ANY (salesperson_terms_of(OLD.search_text, OLD.specialties))
       AND average_rating = OLD.average_rating AND total_reviews = OLD.total_reviews
       AND salesperson_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (NEW.dealership_id IS NULL OR NEW.verified_at IS NOT NULL) THEN
    INSERT INTO salesperson_terms
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties)) AS t(term);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT rebuild_salesperson_terms();
