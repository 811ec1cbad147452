CREATE OR REPLACE FUNCTION public.notifications_live()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM publish_live(
    ARRAY[coalesce(NEW.user_id, (SELECT s.user_id FROM salespeople s WHERE s.id = NEW.salesperson_id))],
    'notification', jsonb_build_object('notificationId', NEW.id, 'type', NEW.type));
  RETURN NULL;
END
$function$
