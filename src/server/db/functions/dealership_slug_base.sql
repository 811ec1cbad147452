CREATE OR REPLACE FUNCTION public.dealership_slug_base(name text, city text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT coalesce(nullif(trim(both '-' from left(
           regexp_replace(lower(coalesce(name, '') || ' ' || coalesce(city, '')), '[^a-z0-9]+', '-', 'g'), 80)), ''),
         'dealership')
$function$
