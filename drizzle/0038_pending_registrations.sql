-- Self-registrations whose e-mail address is not confirmed yet: unlisted, their dealership application held.
CREATE TABLE "pending_registrations" (
	"salesperson_id" integer PRIMARY KEY NOT NULL,
	"application" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_salesperson_id_salespeople_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."salespeople"("id") ON DELETE cascade ON UPDATE no action;
