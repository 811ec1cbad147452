CREATE OR REPLACE FUNCTION public.salesperson_card(s salespeople)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT row_to_json(card)::text FROM (SELECT
    s.id, s.name, s.phone_number AS "phoneNumber", s.dealership_id AS "dealershipId",
    (SELECT d.name FROM dealerships d WHERE d.id = s.dealership_id) AS dealership,
    s.profile_image_url AS "profileImageUrl", s.bio, s.status, s.specialties,
    s.average_rating::float8 AS "averageRating", s.total_reviews AS "totalReviews",
    s.pressure_average::float8 AS "pressureAverage", s.years_of_experience AS "yearsOfExperience",
    s.city, s.state, s.time_zone AS "timeZone", s.payment_model AS "paymentModel",
    to_char(s.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "verifiedAt",
    (SELECT d.name FROM dealerships d WHERE d.id = s.dealership_id AND s.verified_at IS NOT NULL) AS "verifiedBy",
    (SELECT d.slug FROM dealerships d WHERE d.id = s.dealership_id) AS "dealershipSlug") card
$function$
