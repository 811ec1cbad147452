-- Invitations to a dealer group's people: an invitation names either a dealership (its team, its handover, its
-- sales team) or a dealer group with the group role the invitee takes, never both.
ALTER TABLE "invitations" ALTER COLUMN "dealership_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "group_role" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_group_id_dealer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dealer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_one_place_check" CHECK (num_nonnulls("invitations"."dealership_id", "invitations"."group_id") = 1);--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_group_role_check" CHECK (("invitations"."group_id" is null and "invitations"."group_role" is null) or ("invitations"."group_id" is not null and "invitations"."role" = 'manager' and "invitations"."team_role" is null and "invitations"."group_role" in ('group_owner', 'group_manager', 'group_staff')));--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_pending_group_idx" ON "invitations" USING btree ("group_id","email") WHERE "invitations"."group_id" is not null and "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."revoked_at" is null;
