CREATE OR REPLACE FUNCTION public.crm_sync_logs_live()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM publish_live(
    (SELECT ARRAY[d.manager_id] FROM crm_integrations i JOIN dealerships d ON d.id = i.dealership_id
      WHERE i.id = NEW.integration_id),
    'crmSync', jsonb_build_object('integrationId', NEW.integration_id, 'logId', NEW.id, 'status', NEW.status));
  RETURN NULL;
END
$function$
