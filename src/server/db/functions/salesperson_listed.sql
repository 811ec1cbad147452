CREATE OR REPLACE FUNCTION public.salesperson_listed(dealership_id integer, verified_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT dealership_id IS NULL OR verified_at IS NOT NULL $function$
