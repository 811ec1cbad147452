CREATE OR REPLACE FUNCTION public.messages_live()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM publish_live(
    (SELECT ARRAY[c.customer_id, s.user_id] FROM conversations c JOIN salespeople s ON s.id = c.salesperson_id
      WHERE c.id = NEW.conversation_id),
    'message', jsonb_build_object('conversationId', NEW.conversation_id, 'messageId', NEW.id));
  RETURN NULL;
END
$function$
