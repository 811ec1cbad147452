-- A card names who verified its salesperson: "verifiedBy" is the name of the dealership whose manager confirmed
-- them, null while unverified and for independents. A confirmation belongs to the dealership the salesperson
-- is with (leaving it, or moving to another, clears verified_at), so the name is the current dealership's, and a
-- rename rewrites the card as it already does for "dealership" (drizzle/0031). Every stored card is rebuilt.
CREATE OR REPLACE FUNCTION "salesperson_card"(s salespeople) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (SELECT
    s.id, s.name, s.phone_number AS "phoneNumber", s.dealership_id AS "dealershipId",
    (SELECT d.name FROM dealerships d WHERE d.id = s.dealership_id) AS dealership,
    s.profile_image_url AS "profileImageUrl", s.bio, s.status, s.specialties,
    s.average_rating::float8 AS "averageRating", s.total_reviews AS "totalReviews",
    s.pressure_average::float8 AS "pressureAverage", s.years_of_experience AS "yearsOfExperience",
    s.city, s.state, s.time_zone AS "timeZone", s.payment_model AS "paymentModel",
    to_char(s.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "verifiedAt",
    (SELECT d.name FROM dealerships d WHERE d.id = s.dealership_id AND s.verified_at IS NOT NULL) AS "verifiedBy") card
$$;--> statement-breakpoint
SELECT rebuild_salesperson_cards();
