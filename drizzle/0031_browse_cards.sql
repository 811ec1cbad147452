-- Browse's cards, written once per change instead of once per page. A page's twelve cards were built by
-- row_to_json on every read: ~25 us a card, a third of the database's time for a page. Each listed or unlisted
-- salesperson's card is kept here as the JSON text JSON.stringify writes for it (compact, in column order, the
-- instant as toISOString writes it), and a page aggregates the stored texts. The card names its dealership, so
-- a rename rewrites it through salespeople.search_text, which the rename already resets (drizzle/0011).
CREATE FUNCTION "salesperson_card"(s salespeople) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (SELECT
    s.id, s.name, s.email, s.phone_number AS "phoneNumber", s.dealership_id AS "dealershipId",
    (SELECT d.name FROM dealerships d WHERE d.id = s.dealership_id) AS dealership,
    s.profile_image_url AS "profileImageUrl", s.bio, s.status, s.specialties,
    s.average_rating::float8 AS "averageRating", s.total_reviews AS "totalReviews",
    s.pressure_average::float8 AS "pressureAverage", s.years_of_experience AS "yearsOfExperience",
    s.city, s.state, s.time_zone AS "timeZone", s.payment_model AS "paymentModel",
    to_char(s.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "verifiedAt") card
$$;--> statement-breakpoint
CREATE TABLE "salesperson_cards" (
  "salesperson_id" integer PRIMARY KEY REFERENCES "salespeople"("id") ON DELETE CASCADE,
  "card" text NOT NULL
);--> statement-breakpoint
-- Every card written again from its row: the migration's fill, and the seed's after its bulk writes.
CREATE FUNCTION "rebuild_salesperson_cards"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO salesperson_cards (salesperson_id, card) SELECT s.id, salesperson_card(s) FROM salespeople s
    ON CONFLICT (salesperson_id) DO UPDATE SET card = EXCLUDED.card
    WHERE salesperson_cards.card IS DISTINCT FROM EXCLUDED.card
$$;--> statement-breakpoint
SELECT rebuild_salesperson_cards();--> statement-breakpoint
CREATE FUNCTION "salespeople_write_card"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written text := salesperson_card(NEW);
BEGIN
  INSERT INTO salesperson_cards (salesperson_id, card) VALUES (NEW.id, written)
    ON CONFLICT (salesperson_id) DO UPDATE SET card = EXCLUDED.card
    WHERE salesperson_cards.card IS DISTINCT FROM EXCLUDED.card;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "salespeople_card" AFTER INSERT OR UPDATE ON "salespeople"
  FOR EACH ROW EXECUTE FUNCTION salespeople_write_card();--> statement-breakpoint
ANALYZE "salesperson_cards";
