CREATE OR REPLACE FUNCTION public.salespeople_set_search_text()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_text := salesperson_search_text(NEW.name, NEW.city::text, NEW.dealership_id);
  RETURN NEW;
END
$function$
