import * as people from "../../../shared/schemas/groupPeople";
import * as shape from "../../../shared/schemas/groups";
import { invitationIdInput, revokedInvitation } from "../../../shared/schemas/invitations";
import { admin, group, taggedRouter } from "../../trpc/procedures";
import {
  addDealershipToGroup,
  createGroup,
  deleteGroup,
  inviteGroupOwner,
  listGroups,
  removeDealershipFromGroup,
  renameGroup,
} from "./admin";
import { actAs, myGroup } from "./group";
import {
  changeGroupMemberRole,
  inviteGroupMember,
  listGroupMembers,
  removeGroupMember,
  resendAnyGroupInvitation,
  resendGroupInvitation,
  revokeAnyGroupInvitation,
  revokeGroupInvitation,
} from "./members";
import { groupReport } from "./report";

/**
 * A dealer group's people: every group procedure works on the caller's own group (ctx.groupId). Administrators run
 * the groups themselves: which exist, which dealerships each holds, and each one's first owner.
 */
export const groupsRouter = taggedRouter("Dealer groups", {
  mine: group.query(shape.dealerGroup, myGroup, {
    rest: "GET /group",
    description: "The caller's dealer group: its dealerships with their team, rating and upcoming visits.",
  }),
  actAs: group.mutation(shape.actAsInput, shape.actingDealership, actAs, {
    rest: "PUT /group/acting-dealership",
    description:
      "Works on another dealership of the group in this session: the dealership dashboards open on it. Sessions only.",
  }),
  report: group.query(shape.groupReportInput, shape.groupReport, groupReport, {
    rest: { route: "GET /group/report", scope: "analytics:read" },
    description:
      "The group's month (`?month=YYYY-MM`), its dealerships side by side with the figures of their own monthly reports, and the totals. Owners and managers of the group.",
  }),
  members: group.query(people.groupPeople, listGroupMembers, {
    rest: "GET /group/members",
    description: "The group's people (owners first) and the group invitations waiting for an answer.",
  }),
  inviteMember: group.mutation(people.inviteGroupMemberInput, people.invitedGroupMember, inviteGroupMember, {
    rest: { route: "POST /group/members/invitations", status: 201 },
    description: "Group owners invite any group role; group managers invite group staff.",
  }),
  resendInvitation: group.mutation(invitationIdInput, people.groupInvitation, resendGroupInvitation, {
    rest: "POST /group/members/invitations/:id/resend",
    description:
      "Mails a new link (the old one stops working) and a new expiry, expired invitations too. Group owners any of the group's; group managers those to group staff.",
  }),
  revokeInvitation: group.mutation(invitationIdInput, revokedInvitation, revokeGroupInvitation, {
    rest: "POST /group/members/invitations/:id/revoke",
    description:
      "Group owners revoke any of the group's open invitations; group managers those to group staff.",
  }),
  changeMemberRole: group.mutation(people.groupMemberRoleInput, people.groupMember, changeGroupMemberRole, {
    rest: "PATCH /group/members/:userId",
    description: "Group owners only; never the last group owner's role.",
  }),
  removeMember: group.mutation(people.groupMemberRefInput, people.removedGroupMember, removeGroupMember, {
    rest: "DELETE /group/members/:userId",
    description:
      "Group owners remove anyone, group managers group staff and themselves; never the last group owner.",
  }),
  all: admin.query(people.adminGroups, listGroups, {
    rest: "GET /admin/dealer-groups",
    description: "Every dealer group with its dealerships, people and open invitations.",
  }),
  resendAnyInvitation: admin.mutation(invitationIdInput, people.groupInvitation, resendAnyGroupInvitation, {
    rest: "POST /admin/dealer-groups/invitations/:id/resend",
    description: "Any group's invitation not answered yet, expired ones too: a new link, the old one dead.",
  }),
  revokeAnyInvitation: admin.mutation(invitationIdInput, revokedInvitation, revokeAnyGroupInvitation, {
    rest: "POST /admin/dealer-groups/invitations/:id/revoke",
    description: "Any group's invitation not answered yet.",
  }),
  create: admin.mutation(people.createGroupInput, people.adminGroup, createGroup, {
    rest: { route: "POST /admin/dealer-groups", status: 201 },
  }),
  rename: admin.mutation(people.renameGroupInput, people.adminGroup, renameGroup, {
    rest: "PATCH /admin/dealer-groups/:id",
  }),
  delete: admin.mutation(people.groupRefInput, people.deletedGroup, deleteGroup, {
    rest: "DELETE /admin/dealer-groups/:id",
    description:
      "Its dealerships stay, outside any group. 409 while the group has a subscription that grants access.",
  }),
  addDealership: admin.mutation(
    people.groupDealershipInput,
    people.groupDealershipChange,
    addDealershipToGroup,
    {
      rest: "PUT /admin/dealer-groups/:id/dealerships/:dealershipId",
      description: "409 when the dealership belongs to another group: take it out of that group first.",
    },
  ),
  removeDealership: admin.mutation(
    people.groupDealershipInput,
    people.groupDealershipChange,
    removeDealershipFromGroup,
    {
      rest: "DELETE /admin/dealer-groups/:id/dealerships/:dealershipId",
      description: "The group's people stop reaching the dealership at once.",
    },
  ),
  inviteOwner: admin.mutation(people.inviteGroupOwnerInput, people.invitedGroupOwner, inviteGroupOwner, {
    rest: { route: "POST /admin/dealer-groups/:id/owner-invitations", status: 201 },
  }),
});
