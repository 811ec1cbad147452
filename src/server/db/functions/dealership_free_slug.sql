CREATE OR REPLACE FUNCTION public.dealership_free_slug(name text, city text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  base text := dealership_slug_base(name, city);
  candidate text := base;
  n integer := 1;
BEGIN
  -- Two dealerships of one name and city created at once take turns, so neither is refused by the unique key.
  PERFORM pg_advisory_xact_lock(hashtext('dealership_slug:' || base));
  WHILE EXISTS (SELECT 1 FROM dealerships d WHERE d.slug = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END
$function$
