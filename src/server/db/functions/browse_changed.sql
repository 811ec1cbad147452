CREATE OR REPLACE FUNCTION public.browse_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids integer[];
BEGIN
  -- An update names only the rows whose browse columns changed (old_rows beside changed).
  IF TG_TABLE_NAME = 'salespeople' AND TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM changed n JOIN old_rows o ON o.id = n.id
     WHERE (o.average_rating, o.total_reviews, o.pressure_average, o.years_of_experience, o.status, o.city::text,
            o.dealership_id, o.specialties, o.verified_purchase_reviews, o.search_text, o.verified_at, o.user_id)
           IS DISTINCT FROM
           (n.average_rating, n.total_reviews, n.pressure_average, n.years_of_experience, n.status, n.city::text,
            n.dealership_id, n.specialties, n.verified_purchase_reviews, n.search_text, n.verified_at, n.user_id);
  ELSIF TG_TABLE_NAME = 'salespeople' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM changed;
  ELSIF TG_TABLE_NAME = 'salesperson_openings' AND TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.salesperson_id) INTO ids FROM changed n JOIN old_rows o USING (salesperson_id)
     WHERE (o.open_ranges, o.next_open_at, o.notice_minutes, o.time_zone)
           IS DISTINCT FROM (n.open_ranges, n.next_open_at, n.notice_minutes, n.time_zone);
  ELSIF TG_TABLE_NAME = 'salesperson_cards' AND TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.salesperson_id) INTO ids FROM changed n JOIN old_rows o USING (salesperson_id)
     WHERE o.card IS DISTINCT FROM n.card;
  ELSIF TG_TABLE_NAME = 'users' THEN
    SELECT array_agg(DISTINCT s.id) INTO ids FROM changed n JOIN old_rows o ON o.id = n.id
      JOIN salespeople s ON s.user_id = n.id
     WHERE o.disabled_at IS DISTINCT FROM n.disabled_at;
  ELSE
    SELECT array_agg(DISTINCT salesperson_id) INTO ids FROM changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 20000 THEN
    PERFORM pg_notify('browse_changed', '*');
    RETURN NULL;
  END IF;
  FOR part IN 0 .. (cardinality(ids) - 1) / 600 LOOP
    PERFORM pg_notify('browse_changed', array_to_string(ids[part * 600 + 1 : (part + 1) * 600], ','));
  END LOOP;
  RETURN NULL;
END $function$
