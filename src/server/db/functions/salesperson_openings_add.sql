CREATE OR REPLACE FUNCTION public.salesperson_openings_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO salesperson_openings (salesperson_id, time_zone, city)
    SELECT id, time_zone, city FROM added ON CONFLICT (salesperson_id) DO NOTHING;
  RETURN NULL;
END $function$
