-- Several people per dealership, in three roles: the manager each dealership had becomes its owner (billing, the
-- team, everything), and a dealership may now have several owners, managers and staff. A team invitation names
-- the role its invitee takes (team_role); an administrator's invitation to manage a dealership (team_role null)
-- hands the dealership over to its invitee, who becomes an owner in place of its owners and managers.
DROP INDEX "dealership_members_one_manager_idx";--> statement-breakpoint
UPDATE "dealership_members" SET "role" = 'owner' WHERE "role" = 'manager';--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "team_role" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_team_role_check" CHECK ("invitations"."team_role" is null or ("invitations"."role" = 'manager' and "invitations"."team_role" in ('owner', 'manager', 'staff')));
