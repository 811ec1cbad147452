-- Who works for a dealership on its side, and in which role: the one home of that fact, replacing
-- dealerships.manager_id. An account belongs to one dealership at most (the key). Roles: an owner (billing, the
-- team, everything), a manager (the team, reviews, reports, CRM), staff (the dealership's bookings and messages).
-- Until a dealership can have several leads, it has at most one member, its manager (the partial unique index);
-- every existing manager becomes that member.
CREATE TABLE "dealership_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"role" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealership_members_role_check" CHECK ("dealership_members"."role" in ('owner', 'manager', 'staff'))
);--> statement-breakpoint
ALTER TABLE "dealership_members" ADD CONSTRAINT "dealership_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_members" ADD CONSTRAINT "dealership_members_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealership_members" ADD CONSTRAINT "dealership_members_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealership_members_dealership_idx" ON "dealership_members" USING btree ("dealership_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "dealership_members_one_manager_idx" ON "dealership_members" USING btree ("dealership_id") WHERE "dealership_members"."role" = 'manager';--> statement-breakpoint
INSERT INTO "dealership_members" ("user_id", "dealership_id", "role", "created_at")
  SELECT "manager_id", "id", 'manager', "updated_at" FROM "dealerships" WHERE "manager_id" IS NOT NULL;--> statement-breakpoint
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
$function$;--> statement-breakpoint
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
$function$;--> statement-breakpoint
ALTER TABLE "dealerships" DROP COLUMN "manager_id";
