-- A dealership's page address (/dealerships/{slug}): its name and city as lowercase words joined by hyphens,
-- "-2", "-3", ... after it when another dealership holds it. Given once, when the dealership is created (by an
-- administrator, an approved application, the seed or anything else that inserts one), and never changed by a
-- rename or a move, so a shared link keeps working. Existing dealerships get theirs in id order.
CREATE FUNCTION "dealership_slug_base"(name text, city text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(
           regexp_replace(lower(coalesce(name, '') || ' ' || coalesce(city, '')), '[^a-z0-9]+', '-', 'g'), 80)), ''),
         'dealership')
$$;--> statement-breakpoint
CREATE FUNCTION "dealership_free_slug"(name text, city text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  base text := dealership_slug_base(name, city);
  candidate text := base;
  n integer := 1;
BEGIN
  -- Two dealerships of one name and city created at once take turns, so neither is refused by the unique key.
  PERFORM pg_advisory_xact_lock(hashtext('dealership_slug:' || base));
  WHILE EXISTS (SELECT 1 FROM dealerships d WHERE d.slug = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END
$$;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_slug_unique" UNIQUE ("slug");--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name, city FROM dealerships ORDER BY id LOOP
    UPDATE dealerships SET slug = dealership_free_slug(r.name, r.city) WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "dealerships" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "dealerships_assign_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL THEN
    NEW.slug := dealership_free_slug(NEW.name, NEW.city);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dealerships_slug" BEFORE INSERT ON "dealerships"
  FOR EACH ROW EXECUTE FUNCTION dealerships_assign_slug();--> statement-breakpoint
-- A card names its dealership's page, so browse links to it without another read. The slug never changes, so
-- no rename needs to rewrite it; every stored card is rebuilt once here.
CREATE OR REPLACE FUNCTION "salesperson_card"(s salespeople) RETURNS text LANGUAGE sql STABLE AS $$
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
$$;--> statement-breakpoint
SELECT rebuild_salesperson_cards();
