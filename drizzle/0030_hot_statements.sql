-- Statements measured as most of the database's time under the mixed benchmark (pg_stat_statements).
--
-- A name search with a specialty walked the search's term in salesperson_terms and joined salespeople for every
-- entry to test its specialties: ~28 ms a statement at 105,600 salespeople, for a rare specialty every entry of
-- the term (thousands), where every other shape took ~2 ms. The terms now carry the specialties as well, held in
-- both walk indexes, so the walk tests them without leaving the index.
--
-- The visit-closing job (every five minutes) looked for visits owed a review invitation among every completed
-- visit not invited, and tested each one's trail: visits staff completed are never invited, so that was nearly all
-- of them (1.4 s at 340,000). A partial index of the trail's closings (by the platform, or by an upheld dispute)
-- finds the few that are owed one.
--
-- Every browse leaves out the profiles of disabled accounts, a set it read by scanning all of users (every buyer
-- has an account), twice a statement. A partial index holds just the disabled accounts.
DROP INDEX "salesperson_terms_walk_idx";--> statement-breakpoint
DROP INDEX "salesperson_terms_city_walk_idx";--> statement-breakpoint
ALTER TABLE "salesperson_terms" ADD COLUMN "specialties" text[] NOT NULL DEFAULT '{}';--> statement-breakpoint
ALTER TABLE "salesperson_terms" ALTER COLUMN "specialties" DROP DEFAULT;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_salesperson_terms"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
     specialties)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id,
         s.specialties
    FROM salespeople s,
         unnest(salesperson_terms_of(s.search_text, s.specialties, s.verified_purchase_reviews)) AS t(term)
   WHERE s.dealership_id IS NULL OR s.verified_at IS NOT NULL
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$$;--> statement-breakpoint
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
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
       specialties)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id, NEW.specialties
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties, NEW.verified_purchase_reviews)) AS t(term);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT rebuild_salesperson_terms();--> statement-breakpoint
CREATE INDEX "salesperson_terms_walk_idx" ON "salesperson_terms"
  ("term", "average_rating" DESC, "total_reviews" DESC, "salesperson_id")
  INCLUDE ("years_of_experience", "city", "status", "dealership_id", "specialties");--> statement-breakpoint
CREATE INDEX "salesperson_terms_city_walk_idx" ON "salesperson_terms"
  ("term", "city", "average_rating" DESC, "total_reviews" DESC, "salesperson_id")
  INCLUDE ("years_of_experience", "status", "dealership_id", "specialties");--> statement-breakpoint
ANALYZE "salesperson_terms";--> statement-breakpoint
CREATE INDEX "appointment_events_closed_idx" ON "appointment_events" ("created_at") INCLUDE ("appointment_id")
  WHERE "to_status" = 'completed' AND ("actor_role" = 'system' OR "from_status" = 'no-show');--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" ("id") WHERE "disabled_at" IS NOT NULL;
