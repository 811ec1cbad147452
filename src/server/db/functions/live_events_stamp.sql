CREATE OR REPLACE FUNCTION public.live_events_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.tx := pg_current_xact_id()::text::bigint;
  PERFORM pg_notify('live_events', NEW.user_id::text);
  RETURN NEW;
END
$function$
