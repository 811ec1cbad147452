CREATE OR REPLACE FUNCTION public.openings_without(ranges tstzmultirange, after timestamp with time zone, before timestamp with time zone)
 RETURNS tstzmultirange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT coalesce(range_agg(part), '{}')
    FROM (SELECT r AS part FROM unnest(ranges) r WHERE upper(r) <= after OR lower(r) >= before
          UNION ALL
          SELECT tstzrange(lower(r), lower(r) + make_interval(mins => 30 * floor(extract(epoch FROM after - lower(r)) / 1800)::int), '[]')
            FROM unnest(ranges) r WHERE upper(r) > after AND lower(r) < before AND lower(r) <= after
          UNION ALL
          SELECT tstzrange(lower(r) + make_interval(mins => 30 * ceil(extract(epoch FROM before - lower(r)) / 1800)::int), upper(r), '[]')
            FROM unnest(ranges) r WHERE upper(r) > after AND lower(r) < before AND upper(r) >= before) parts
$function$

