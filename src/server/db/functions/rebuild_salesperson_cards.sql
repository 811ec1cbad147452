CREATE OR REPLACE FUNCTION public.rebuild_salesperson_cards()
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO salesperson_cards (salesperson_id, card) SELECT s.id, salesperson_card(s) FROM salespeople s
    ON CONFLICT (salesperson_id) DO UPDATE SET card = EXCLUDED.card
    WHERE salesperson_cards.card IS DISTINCT FROM EXCLUDED.card
$function$
