CREATE OR REPLACE FUNCTION public.appointment_slot(starts_at timestamp with time zone)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT tstzrange(starts_at, starts_at + interval '30 minutes', '[)') $function$
