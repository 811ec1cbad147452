ALTER TABLE "retention_policies" DROP CONSTRAINT "retention_policies_type_check";--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_type_check" CHECK ("retention_policies"."data_type" in ('sessions', 'login_tokens', 'security_events', 'audit_entries', 'messages', 'contact_messages', 'cancelled_appointments', 'error_events'));
