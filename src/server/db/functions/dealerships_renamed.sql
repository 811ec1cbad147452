CREATE OR REPLACE FUNCTION public.dealerships_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salespeople SET search_text = '' WHERE dealership_id = NEW.id;
  RETURN NULL;
END
$function$
