CREATE OR REPLACE FUNCTION public.crm_sync_logs_live()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM publish_live(
    ARRAY(SELECT m.user_id FROM crm_integrations i JOIN dealership_members m ON m.dealership_id = i.dealership_id
           WHERE i.id = NEW.integration_id AND m.role IN ('owner', 'manager')),
    'crmSync', jsonb_build_object('integrationId', NEW.integration_id, 'logId', NEW.id, 'status', NEW.status));
  RETURN NULL;
END
$function$
