CREATE OR REPLACE FUNCTION public.salesperson_search_text(person_name text, person_city text, dealership integer)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT lower(person_name || E'\n' || person_city || E'\n'
    || coalesce((SELECT name FROM dealerships WHERE id = dealership), ''))
$function$
