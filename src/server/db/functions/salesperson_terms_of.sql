CREATE OR REPLACE FUNCTION public.salesperson_terms_of(search text, specialties text[])
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT coalesce(array_agg(term), '{}') FROM (
    SELECT 'g:' || substr(search, i, 3) AS term FROM generate_series(1, length(search) - 2) AS i
     WHERE strpos(substr(search, i, 3), E'\n') = 0
    UNION
    SELECT 's:' || specialty FROM unnest(specialties) AS specialty) AS terms
$function$

CREATE OR REPLACE FUNCTION public.salesperson_terms_of(search text, specialties text[], verified_purchase_reviews integer)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT salesperson_terms_of(search, specialties)
         || CASE WHEN verified_purchase_reviews > 0 THEN ARRAY['v:purchase'] ELSE '{}'::text[] END
$function$
