CREATE OR REPLACE FUNCTION public.openings_first(ranges tstzmultirange, not_before timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN lower(r) >= not_before THEN lower(r)
              ELSE lower(r) + make_interval(mins => 30 * ceil(extract(epoch FROM not_before - lower(r)) / 1800)::int)
         END
    FROM unnest(ranges) r
   WHERE upper(r) >= not_before
   ORDER BY lower(r)
   LIMIT 1
$function$

