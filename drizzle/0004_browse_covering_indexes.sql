-- Browse orders by rating and filters by city, rating, specialty, status, experience and dealership.
-- These indexes hold every filter column, so the X-Total-Count is an index-only scan and the page of results
-- is read in index order, stopping after LIMIT matches. A GIN index on specialties was dropped: with only
-- fourteen specialties, each matching up to 60% of rows, the planner's BitmapAnd with it was ~5x slower.
CREATE INDEX "salespeople_city_rank_idx" ON "salespeople"
  ("city", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("specialties", "status", "years_of_experience", "dealership_id");--> statement-breakpoint
CREATE INDEX "salespeople_rank_idx" ON "salespeople"
  ("average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "dealership_id");
