-- Two scheduled appointments of one salesperson can never overlap: each holds [starts_at, starts_at + 30 min).
-- timestamptz + interval is only STABLE in general (days and months depend on the zone); adding minutes is not,
-- so this wrapper is truly IMMUTABLE and may be used in the constraint.
CREATE FUNCTION appointment_slot(starts_at timestamptz) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tstzrange(starts_at, starts_at + interval '30 minutes', '[)') $$;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("salesperson_id" WITH =, appointment_slot("starts_at") WITH &&)
  WHERE ("status" = 'scheduled');
