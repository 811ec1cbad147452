CREATE OR REPLACE FUNCTION public.dealerships_openings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (SELECT id FROM salespeople WHERE dealership_id = NEW.id) AND NOT stale;
  RETURN NULL;
END $function$
