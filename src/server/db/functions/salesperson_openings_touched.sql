CREATE OR REPLACE FUNCTION public.salesperson_openings_touched()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salesperson_openings SET stale = true
   WHERE salesperson_id IN (SELECT salesperson_id FROM touched) AND NOT stale;
  RETURN NULL;
END $function$
