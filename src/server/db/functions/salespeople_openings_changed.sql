CREATE OR REPLACE FUNCTION public.salespeople_openings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salesperson_openings SET stale = true WHERE salesperson_id = NEW.id AND NOT stale;
  RETURN NULL;
END $function$
