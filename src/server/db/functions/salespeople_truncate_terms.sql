CREATE OR REPLACE FUNCTION public.salespeople_truncate_terms()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  TRUNCATE salesperson_terms;
  RETURN NULL;
END
$function$
