-- Booking rules a salesperson keeps (src/shared/bookingRules.ts): visit lengths by kind, minimum notice, a gap kept
-- after each visit and a daily limit, as one jsonb (null: the defaults, every visit a half hour and no limit).
-- Each appointment keeps the length and the gap it was booked with, and the EXCLUDE constraint keeps the spans
-- apart: from the start for the length plus the gap. Existing rows are half-hour visits with no gap, as before.
ALTER TABLE "salespeople" ADD COLUMN "booking_rules" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "duration_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_check"
  CHECK ("duration_minutes" between 15 and 240);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffer_check"
  CHECK ("buffer_minutes" between 0 and 120);--> statement-breakpoint
-- timestamptz + interval is only STABLE in general (days and months depend on the zone); adding minutes is not,
-- so this wrapper is truly IMMUTABLE and may be used in the constraint.
CREATE FUNCTION "appointment_span"(starts_at timestamptz, minutes integer) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tstzrange(starts_at, starts_at + make_interval(mins => minutes), '[)') $$;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("salesperson_id" WITH =, appointment_span("starts_at", "duration_minutes" + "buffer_minutes") WITH &&)
  WHERE ("status" = 'scheduled');--> statement-breakpoint
DROP FUNCTION "appointment_slot"(timestamptz);
