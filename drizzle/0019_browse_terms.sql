CREATE TABLE "salesperson_terms" (
	"term" text NOT NULL,
	"average_rating" numeric(3, 2) NOT NULL,
	"total_reviews" integer NOT NULL,
	"salesperson_id" integer NOT NULL,
	"years_of_experience" integer NOT NULL,
	"city" "citext" NOT NULL,
	"status" text NOT NULL,
	"dealership_id" integer
);
--> statement-breakpoint
-- Browse's inverted index. A name search of three or more characters, or a specialty, walks one term's
-- entries in browse order (rating, reviews, id) and stops after the page and the bounded total: it reads its
-- own matches, where a walk of the whole browse order read every salesperson for a rare one, and a trigram
-- bitmap read the heap of every candidate. Terms: 'g:' and each three-character piece of search_text (not
-- across its newlines), 's:' and each specialty. Derived from salespeople by triggers, in the same
-- transaction as each change; rebuild_salesperson_terms() refills it in one pass (migration, seed).
CREATE FUNCTION "salesperson_terms_of"(search text, specialties text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(term), '{}') FROM (
    SELECT 'g:' || substr(search, i, 3) AS term FROM generate_series(1, length(search) - 2) AS i
     WHERE strpos(substr(search, i, 3), E'\n') = 0
    UNION
    SELECT 's:' || specialty FROM unnest(specialties) AS specialty) AS terms
$$;--> statement-breakpoint
CREATE FUNCTION "rebuild_salesperson_terms"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id
    FROM salespeople s, unnest(salesperson_terms_of(s.search_text, s.specialties)) AS t(term)
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$$;--> statement-breakpoint
CREATE FUNCTION "salespeople_sync_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.search_text, OLD.specialties, OLD.average_rating, OLD.total_reviews,
      OLD.years_of_experience, OLD.city::text, OLD.status, OLD.dealership_id)
      IS NOT DISTINCT FROM (NEW.search_text, NEW.specialties, NEW.average_rating, NEW.total_reviews,
      NEW.years_of_experience, NEW.city::text, NEW.status, NEW.dealership_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Every key column is given, so each of the old terms is one descent of the index.
    DELETE FROM salesperson_terms
     WHERE term = ANY (salesperson_terms_of(OLD.search_text, OLD.specialties))
       AND average_rating = OLD.average_rating AND total_reviews = OLD.total_reviews
       AND salesperson_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO salesperson_terms
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties)) AS t(term);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "salespeople_truncate_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE salesperson_terms;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT rebuild_salesperson_terms();--> statement-breakpoint
CREATE INDEX "salesperson_terms_walk_idx" ON "salesperson_terms"
  ("term", "average_rating" DESC, "total_reviews" DESC, "salesperson_id")
  INCLUDE ("years_of_experience", "city", "status", "dealership_id");--> statement-breakpoint
CREATE TRIGGER "salespeople_terms" AFTER INSERT OR UPDATE OR DELETE ON "salespeople"
  FOR EACH ROW EXECUTE FUNCTION salespeople_sync_terms();--> statement-breakpoint
CREATE TRIGGER "salespeople_truncate_terms" AFTER TRUNCATE ON "salespeople"
  FOR EACH STATEMENT EXECUTE FUNCTION salespeople_truncate_terms();
