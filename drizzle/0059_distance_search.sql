-- Distance search ("near me", docs/decisions/003-browse-performance.md): great-circle distances with the cube and
-- earthdistance extensions, which every PostgreSQL ships (the embedded one and managed ones alike). A GiST index
-- on each dealership's point on the Earth finds the dealerships inside a radius (earth_box, then earth_distance),
-- and a partial, covering index walks one dealership's listed salespeople in browse order, so a page near a place
-- reads each nearby dealership's first cards only. drizzle cannot express either (an expression GiST index on an
-- extension's function; DESC keys with INCLUDE), so they live here, as the browse indexes of 0004 and 0056 do.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX "dealerships_earth_idx" ON "dealerships" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "salespeople_dealership_rank_idx" ON "salespeople"
  ("dealership_id", "average_rating" DESC, "total_reviews" DESC, "id")
  INCLUDE ("city", "specialties", "status", "years_of_experience", "search_text", "pressure_average")
  WHERE "dealership_id" IS NOT NULL AND salesperson_listed("dealership_id", "verified_at");
