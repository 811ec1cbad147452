CREATE OR REPLACE FUNCTION public.salespeople_write_card()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  written text := salesperson_card(NEW);
BEGIN
  INSERT INTO salesperson_cards (salesperson_id, card) VALUES (NEW.id, written)
    ON CONFLICT (salesperson_id) DO UPDATE SET card = EXCLUDED.card
    WHERE salesperson_cards.card IS DISTINCT FROM EXCLUDED.card;
  RETURN NULL;
END
$function$
