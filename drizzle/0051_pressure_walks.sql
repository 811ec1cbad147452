-- Sorted by low pressure, browse walked salespeople_pressure_idx (pressure average, id), which neither holds the
-- rest of the browse order (reviews, then id) nor is limited to the listed profiles: every page sorted the
-- salespeople of each tied average and read their rows (26,459 index entries and heap rows for a first page,
-- 67 ms at 105,600 salespeople; 35 ms in one city). These walk the whole order, partial on the listed profiles
-- and covering the filter columns as the rating walks do, so a page reads its own entries (1.2 ms), and a
-- minimum pressure is a range of them. A salesperson without reviews has no average: the walks hold 0 for it,
-- below every average (1 to 5), which sorts them last as NULLS LAST did and lets a page start after any
-- salesperson's place (the browse cursor compares (value, reviews) as a row, which a null would not satisfy).
-- The rating walks cover the pressure average too, so a minimum pressure in rating order reads no rows.
DROP INDEX IF EXISTS "salespeople_pressure_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "salespeople_verified_pressure_idx";--> statement-breakpoint
CREATE INDEX "salespeople_pressure_rank_idx" ON "salespeople"
  ((coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average", "average_rating", "city", "specialties", "status", "years_of_experience",
           "dealership_id", "search_text")
  WHERE "dealership_id" IS NULL OR "verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "salespeople_city_pressure_idx" ON "salespeople"
  ("city", (coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average", "average_rating", "specialties", "status", "years_of_experience", "dealership_id",
           "search_text")
  WHERE "dealership_id" IS NULL OR "verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "salespeople_verified_pressure_idx" ON "salespeople"
  ((coalesce("pressure_average", 0)) DESC, "total_reviews" DESC, "id")
  INCLUDE ("pressure_average")
  WHERE "verified_purchase_reviews" > 0 AND ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);--> statement-breakpoint
DROP INDEX "salespeople_city_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_rank_idx";--> statement-breakpoint
CREATE INDEX "salespeople_city_rank_idx" ON "salespeople"
  ("city", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("specialties", "status", "years_of_experience", "dealership_id", "search_text", "pressure_average")
  WHERE ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "salespeople_rank_idx" ON "salespeople"
  ("average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "dealership_id", "search_text", "pressure_average")
  WHERE ("dealership_id" IS NULL OR "verified_at" IS NOT NULL);
