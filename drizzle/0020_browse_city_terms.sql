-- A city with a name search or a specialty walks that term's entries in the city, in browse order: it reads
-- only its own matches, where the walk of the city's whole range in salespeople's city index evaluated LIKE or
-- the specialties array on every salesperson of the city (a few thousand, twice: for the total and the page).
CREATE INDEX "salesperson_terms_city_walk_idx" ON "salesperson_terms"
  ("term", "city", "average_rating" DESC, "total_reviews" DESC, "salesperson_id")
  INCLUDE ("years_of_experience", "status", "dealership_id");
