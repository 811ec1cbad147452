// Inputs and answers about who belongs to a dealer group (docs/product/dealer-groups.md): the group's own people
// and their invitations, and the administrators' console of groups, their dealerships and people.
import { z } from "zod";
import { emailSchema } from "./auth";
import { idSchema, line } from "./common";
import { groupRoleSchema } from "./groups";
import { peopleSchemas } from "./people";

export const {
  member: groupMember,
  invitation: groupInvitation,
  inviteInput: inviteGroupMemberInput,
  invited: invitedGroupMember,
  roleInput: groupMemberRoleInput,
  refInput: groupMemberRefInput,
  removed: removedGroupMember,
} = peopleSchemas(groupRoleSchema, "When they joined the group");
export type GroupMember = z.output<typeof groupMember>;

export const groupPeople = z
  .object({
    members: z.array(groupMember).describe("Group owners first, then group managers, then group staff"),
    invitations: z.array(groupInvitation).describe("Group invitations waiting for an answer"),
  })
  .describe("A dealer group's people and its open invitations");
export type GroupPeople = z.output<typeof groupPeople>;

const groupName = line()
  .min(2, "A group's name has at least 2 characters")
  .max(120, "A group's name has at most 120 characters");

export const createGroupInput = z.strictObject({ name: groupName });
export const renameGroupInput = z.strictObject({ id: idSchema, name: groupName });
export const groupRefInput = z.strictObject({ id: idSchema });
export const groupDealershipInput = z.strictObject({ id: idSchema, dealershipId: idSchema });
export const inviteGroupOwnerInput = z.strictObject({
  id: idSchema,
  email: emailSchema,
  name: line().max(120).optional(),
});

export const adminGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.date(),
    dealerships: z.array(
      z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }),
    ),
    members: z.array(groupMember),
    invitations: z.array(groupInvitation),
    subscriptionStatus: z
      .string()
      .nullable()
      .describe("The status of the group's newest subscription; null without one"),
  })
  .describe("A dealer group as administrators see it: its dealerships, people and open invitations");
export type AdminGroup = z.output<typeof adminGroup>;
export const adminGroups = z.array(adminGroup);

export const deletedGroup = z.object({ id: z.number().int(), deleted: z.literal(true) });
export const groupDealershipChange = z.object({
  groupId: z.number().int(),
  dealershipId: z.number().int(),
  inGroup: z.boolean().describe("Whether the dealership belongs to the group now"),
});
export const invitedGroupOwner = z.object({ id: z.uuid(), email: z.string(), groupId: z.number().int() });
