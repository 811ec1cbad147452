CREATE OR REPLACE FUNCTION public.salesperson_openings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (OLD.salesperson_id, NEW.salesperson_id) AND NOT stale;
  RETURN NULL;
END $function$
