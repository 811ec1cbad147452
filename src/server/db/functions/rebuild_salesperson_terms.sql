CREATE OR REPLACE FUNCTION public.rebuild_salesperson_terms()
 RETURNS void
 LANGUAGE sql
AS $function$
  TRUNCATE salesperson_terms;
  INSERT INTO salesperson_terms
    (term, average_rating, total_reviews, salesperson_id, years_of_experience, city, status, dealership_id,
     specialties)
  SELECT t.term, s.average_rating, s.total_reviews, s.id, s.years_of_experience, s.city, s.status, s.dealership_id,
         s.specialties
    FROM salespeople s,
         unnest(salesperson_terms_of(s.search_text, s.specialties, s.verified_purchase_reviews)) AS t(term)
   WHERE salesperson_listed(s.dealership_id, s.verified_at)
   ORDER BY 1, 2 DESC, 3 DESC, 4;
$function$
