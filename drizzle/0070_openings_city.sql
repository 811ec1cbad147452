-- "Soonest available" in a city (browse's commonest way of finding by time): a filter broader than the bounded
-- count walks the soonest order and checks each salesperson it reaches against the filters. Walked across the
-- whole market, a city of 1,800 salespeople among 105,600 passed one in sixty, so a first page read some 7,000
-- rows (120 ms); each row now carries its salesperson's city, and an index walks one city's open times soonest
-- first. Kept by triggers: with the row when a salesperson is added, and when their city changes.
ALTER TABLE "salesperson_openings" ADD COLUMN "city" citext;--> statement-breakpoint
UPDATE "salesperson_openings" o SET "city" = s."city" FROM "salespeople" s WHERE s."id" = o."salesperson_id";--> statement-breakpoint
CREATE INDEX "salesperson_openings_city_soonest_idx" ON "salesperson_openings"
  USING btree ("city", coalesce("next_open_at", 'infinity'::timestamptz), "salesperson_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "salesperson_openings_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO salesperson_openings (salesperson_id, time_zone, city)
    SELECT id, time_zone, city FROM added ON CONFLICT (salesperson_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "salesperson_openings_city"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings SET city = NEW.city WHERE salesperson_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "salespeople_openings_city" AFTER UPDATE OF "city" ON "salespeople"
  FOR EACH ROW WHEN (OLD."city" IS DISTINCT FROM NEW."city") EXECUTE FUNCTION "salesperson_openings_city"();
