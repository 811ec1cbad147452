-- The dealership whose manager verified a certification, kept with it (its name too): the badge names it after
-- the salesperson moves on. Null when an administrator verified it.
ALTER TABLE "certifications" ADD COLUMN "verified_by_dealership_id" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "verified_by_dealership_name" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_verified_by_dealership_id_dealerships_id_fk" FOREIGN KEY ("verified_by_dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE set null ON UPDATE no action;
