-- Browse's name search matches name, city and dealership name. Matching three columns with ILIKE per row cost
-- ~2 us a row and forced the count to read every candidate from the heap; one lower-cased column, kept by
-- triggers, is matched with LIKE inside the covering browse indexes (index-only) or through its trigram
-- index for rare patterns. Newlines separate the parts: search text cannot contain control characters, so a
-- pattern never matches across two of them.
DROP INDEX IF EXISTS "salespeople_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "salespeople_city_trgm_idx";--> statement-breakpoint
ALTER TABLE "salespeople" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "salesperson_search_text"(person_name text, person_city text, dealership integer)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(person_name || E'\n' || person_city || E'\n'
    || coalesce((SELECT name FROM dealerships WHERE id = dealership), ''))
$$;--> statement-breakpoint
CREATE FUNCTION "salespeople_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := salesperson_search_text(NEW.name, NEW.city::text, NEW.dealership_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "salespeople_search_text" BEFORE INSERT OR UPDATE OF name, city, dealership_id, search_text
  ON "salespeople" FOR EACH ROW EXECUTE FUNCTION salespeople_set_search_text();--> statement-breakpoint
CREATE FUNCTION "dealerships_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salespeople SET search_text = '' WHERE dealership_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dealerships_renamed" AFTER UPDATE OF name ON "dealerships"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION dealerships_renamed();--> statement-breakpoint
UPDATE "salespeople" SET search_text = '';--> statement-breakpoint
CREATE INDEX "salespeople_search_trgm_idx" ON "salespeople" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "salespeople_city_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_rank_idx";--> statement-breakpoint
CREATE INDEX "salespeople_city_rank_idx" ON "salespeople"
  ("city", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("specialties", "status", "years_of_experience", "dealership_id", "search_text");--> statement-breakpoint
CREATE INDEX "salespeople_rank_idx" ON "salespeople"
  ("average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "dealership_id", "search_text");
