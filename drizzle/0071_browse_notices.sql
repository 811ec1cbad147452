-- Browse's index in each server's memory (src/server/domains/salespeople/browseIndex.ts) follows the database by
-- these notices: each statement that changes what browse filters or orders salespeople by, or shows of them (their
-- stored card), names the salespeople
-- it changed (an update, only rows whose browse columns differ) on the channel browse_changed, in parts of at most 600 ids (a notice holds under 8,000 bytes), and
-- every listening server reads them again. A statement that changes more than 20,000 says '*': read everything.
-- Sent when the transaction commits, in commit order; a rolled-back change sends nothing.
CREATE FUNCTION "browse_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "salespeople_browse_added" AFTER INSERT ON "salespeople"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "salespeople_browse_changed" AFTER UPDATE ON "salespeople"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "salespeople_browse_removed" AFTER DELETE ON "salespeople"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "salesperson_openings_browse_added" AFTER INSERT ON "salesperson_openings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "salesperson_openings_browse_changed" AFTER UPDATE ON "salesperson_openings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "users_browse_changed" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "pending_registrations_browse_added" AFTER INSERT ON "pending_registrations"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "pending_registrations_browse_removed" AFTER DELETE ON "pending_registrations"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();
--> statement-breakpoint
CREATE TRIGGER "salesperson_cards_browse_added" AFTER INSERT ON "salesperson_cards"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();--> statement-breakpoint
CREATE TRIGGER "salesperson_cards_browse_changed" AFTER UPDATE ON "salesperson_cards"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "browse_changed"();
