CREATE OR REPLACE FUNCTION public.publish_live(recipients uuid[], event_kind text, event_payload jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO live_events (user_id, kind, payload)
  SELECT DISTINCT r, event_kind, event_payload FROM unnest(recipients) r WHERE r IS NOT NULL
$function$
