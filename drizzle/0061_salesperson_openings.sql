-- What the server keeps of each salesperson's calendar for browse's availability filters and its "soonest
-- available" order (domains/appointments/openings.ts): the open times the slot grid offers over the next two
-- weeks, for the shortest kind of visit, computed in TypeScript by the booking rules themselves. A time stops
-- counting once it is inside the notice the salesperson asks for (`notice_minutes`), so a read needs no
-- recomputing as the clock moves; `next_open_at` is the first time still open, and `bookable_until` the moment
-- it stops being bookable, when the refresh job moves it on. A change that can open or take a time (a visit, a
-- block, the salesperson's hours or rules, the dealership's hours) marks the row `stale`, and the job recomputes
-- it within a minute. One row per salesperson, added with them.
CREATE TABLE "salesperson_openings" (
  "salesperson_id" integer PRIMARY KEY NOT NULL REFERENCES "salespeople"("id") ON DELETE CASCADE,
  "open_starts" timestamp with time zone[] DEFAULT '{}' NOT NULL,
  -- The same times as runs of consecutive grid times, each from its first start to its last (inclusive), so
  -- "is a time open between a and the end of a day" is one overlap test, a binary search of the runs.
  "open_ranges" tstzmultirange DEFAULT '{}' NOT NULL,
  "notice_minutes" integer DEFAULT 0 NOT NULL,
  "time_zone" text NOT NULL,
  "next_open_at" timestamp with time zone,
  "bookable_until" timestamp with time zone,
  "computed_at" timestamp with time zone,
  "stale" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
-- The "soonest available" walk: those with no open time last.
CREATE INDEX "salesperson_openings_soonest_idx" ON "salesperson_openings"
  USING btree (coalesce("next_open_at", 'infinity'::timestamptz), "salesperson_id");--> statement-breakpoint
CREATE INDEX "salesperson_openings_due_idx" ON "salesperson_openings" USING btree ("bookable_until")
  WHERE "bookable_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "salesperson_openings_stale_idx" ON "salesperson_openings" USING btree ("salesperson_id")
  WHERE "stale";--> statement-breakpoint
CREATE INDEX "salesperson_openings_computed_idx" ON "salesperson_openings" USING btree ("computed_at");--> statement-breakpoint
INSERT INTO "salesperson_openings" ("salesperson_id", "time_zone")
  SELECT "id", "time_zone" FROM "salespeople";--> statement-breakpoint
CREATE FUNCTION "salesperson_openings_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO salesperson_openings (salesperson_id, time_zone)
    SELECT id, time_zone FROM added ON CONFLICT (salesperson_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "salespeople_openings_add" AFTER INSERT ON "salespeople"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_add"();--> statement-breakpoint
-- Visits and blocks added or removed, a statement at a time (the seed writes them by the thousand).
CREATE FUNCTION "salesperson_openings_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (SELECT salesperson_id FROM touched) AND NOT stale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_openings_added" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_touched"();--> statement-breakpoint
CREATE TRIGGER "appointments_openings_removed" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_touched"();--> statement-breakpoint
CREATE TRIGGER "availability_blocks_openings_added" AFTER INSERT ON "availability_blocks"
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_touched"();--> statement-breakpoint
CREATE TRIGGER "availability_blocks_openings_removed" AFTER DELETE ON "availability_blocks"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_touched"();--> statement-breakpoint
-- A row changed in what the grid reads: its salesperson (old and new, for a visit moved to another).
CREATE FUNCTION "salesperson_openings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (OLD.salesperson_id, NEW.salesperson_id) AND NOT stale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_openings_changed"
  AFTER UPDATE OF "status", "starts_at", "duration_minutes", "buffer_minutes", "salesperson_id" ON "appointments"
  FOR EACH ROW WHEN ((OLD."status", OLD."starts_at", OLD."duration_minutes", OLD."buffer_minutes", OLD."salesperson_id")
                     IS DISTINCT FROM (NEW."status", NEW."starts_at", NEW."duration_minutes", NEW."buffer_minutes", NEW."salesperson_id"))
  EXECUTE FUNCTION "salesperson_openings_changed"();--> statement-breakpoint
CREATE TRIGGER "availability_blocks_openings_changed" AFTER UPDATE ON "availability_blocks"
  FOR EACH ROW EXECUTE FUNCTION "salesperson_openings_changed"();--> statement-breakpoint
-- The salesperson's own hours, rules, zone or dealership; their dealership's hours.
CREATE FUNCTION "salespeople_openings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings SET stale = true WHERE salesperson_id = NEW.id AND NOT stale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "salespeople_openings_changed"
  AFTER UPDATE OF "working_hours", "booking_rules", "time_zone", "dealership_id" ON "salespeople"
  FOR EACH ROW WHEN ((OLD."working_hours", OLD."booking_rules", OLD."time_zone", OLD."dealership_id")
                     IS DISTINCT FROM (NEW."working_hours", NEW."booking_rules", NEW."time_zone", NEW."dealership_id"))
  EXECUTE FUNCTION "salespeople_openings_changed"();--> statement-breakpoint
CREATE FUNCTION "dealerships_openings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (SELECT id FROM salespeople WHERE dealership_id = NEW.id) AND NOT stale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dealerships_openings_changed" AFTER UPDATE OF "hours" ON "dealerships"
  FOR EACH ROW WHEN (OLD."hours" IS DISTINCT FROM NEW."hours")
  EXECUTE FUNCTION "dealerships_openings_changed"();
