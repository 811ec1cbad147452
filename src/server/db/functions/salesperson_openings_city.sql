CREATE OR REPLACE FUNCTION public.salesperson_openings_city()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE salesperson_openings SET city = NEW.city WHERE salesperson_id = NEW.id;
  RETURN NULL;
END $function$
