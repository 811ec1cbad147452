CREATE OR REPLACE FUNCTION public.appointment_span(starts_at timestamp with time zone, minutes integer)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT tstzrange(starts_at, starts_at + make_interval(mins => minutes), '[)') $function$
