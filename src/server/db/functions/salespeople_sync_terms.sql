CREATE OR REPLACE FUNCTION public.salespeople_sync_terms()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.search_text, OLD.specialties, OLD.average_rating, OLD.total_reviews,
      OLD.years_of_experience, OLD.city::text, OLD.status, OLD.dealership_id,
      salesperson_listed(OLD.dealership_id, OLD.verified_at), OLD.verified_purchase_reviews > 0)
      IS NOT DISTINCT FROM (NEW.search_text, NEW.specialties, NEW.average_rating, NEW.total_reviews,
      NEW.years_of_experience, NEW.city::text, NEW.status, NEW.dealership_id,
      salesperson_listed(NEW.dealership_id, NEW.verified_at), NEW.verified_purchase_reviews > 0) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Every key column is given, so each of the old terms is one descent of the index.
    DELETE FROM salesperson_terms
     WHERE term = ANY (salesperson_terms_of(OLD.search_text, OLD.specialties, OLD.verified_purchase_reviews))
       AND average_rating = OLD.average_rating AND total_reviews = OLD.total_reviews
       AND salesperson_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND salesperson_listed(NEW.dealership_id, NEW.verified_at) THEN
    INSERT INTO salesperson_terms
      (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
       specialties)
    SELECT t.term, NEW.average_rating, NEW.total_reviews, NEW.id, NEW.years_of_experience, NEW.city,
           NEW.status, NEW.dealership_id, NEW.specialties
      FROM unnest(salesperson_terms_of(NEW.search_text, NEW.specialties, NEW.verified_purchase_reviews)) AS t(term);
  END IF;
  RETURN NULL;
END
$function$
