CREATE OR REPLACE FUNCTION public.appointment_events_live()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM publish_live(
    (SELECT ARRAY[a.customer_id, s.user_id]
            || ARRAY(SELECT m.user_id FROM dealership_members m WHERE m.dealership_id = s.dealership_id)
       FROM appointments a JOIN salespeople s ON s.id = a.salesperson_id
      WHERE a.id = NEW.appointment_id),
    'appointment', jsonb_build_object('appointmentId', NEW.appointment_id, 'from', NEW.from_status,
                                      'to', NEW.to_status));
  RETURN NULL;
END
$function$
