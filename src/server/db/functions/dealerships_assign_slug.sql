CREATE OR REPLACE FUNCTION public.dealerships_assign_slug()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.slug IS NULL THEN
    NEW.slug := dealership_free_slug(NEW.name, NEW.city);
  END IF;
  RETURN NEW;
END
$function$
