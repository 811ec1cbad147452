// A dealer group's people (docs/product/dealer-groups.md#people-and-invitations): group owners, managers and staff,
// the group invitations waiting, and what the signed-in member may change. What shows follows the session's group
// role; the server decides every change and its refusals are shown where they happened.
import { groupRolesToGive } from "../../../shared/constants";
import { inviteGroupMemberInput } from "../../../shared/schemas/groupPeople";
import { trpc } from "../../trpc";
import { PeopleCard } from "../../ui/PeopleCard";
import { useSession } from "../../ui/session";
import { resendAndRevoke } from "../invitations";
import { GROUP_ROLE_SET } from "./groupRoles";

const useChangeRole = () => trpc.groups.changeMemberRole.useMutation();

/**
 * "Group people": who works for the dealer group and in which group role, with the invitations waiting. Group owners
 * invite any role and change roles; group managers invite and remove group staff; anyone may leave.
 */
export function GroupPeopleCard() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const people = trpc.groups.members.useQuery();
  const remove = trpc.groups.removeMember.useMutation();
  const revoke = trpc.groups.revokeInvitation.useMutation();
  const invite = trpc.groups.inviteMember.useMutation();
  const resend = trpc.groups.resendInvitation.useMutation();
  const refresh = () => utils.groups.members.invalidate();
  const given = groupRolesToGive(user?.groupRole ?? null);
  return (
    <PeopleCard
      people={people}
      roleSet={GROUP_ROLE_SET}
      myRole={user?.groupRole ?? null}
      owner="group_owner"
      given={given}
      useChangeRole={useChangeRole}
      remove={remove}
      revoke={revoke}
      invitationActions={resendAndRevoke(resend, refresh)}
      refresh={refresh}
      texts={{
        title: "Group people",
        description:
          "Group owners reach every dealership as its owner and run the group's people; group managers every dealership as its manager; group staff every dealership's bookings.",
        inviteLabel: "Invite someone",
        loadingLabel: "Loading the group's people",
        loadError: "We couldn't load your group's people",
        invitationsLabel: "Group invitations waiting",
        place: "group",
        employer: "dealer group",
        person: "person",
        closes: "its dealerships close to you",
        since: "In the group since",
        testIdPrefix: "group-member-",
        roleWidth: "40",
      }}
      invite={{
        schema: inviteGroupMemberInput,
        mutation: invite,
        texts: {
          title: "Invite someone to the group",
          subtitle:
            "We e-mail them an invitation; they join your dealer group in the role you choose when they accept it.",
          joins: "your dealer group",
          oneRoleHint: "Group managers invite group staff; the group's owners give the other roles.",
          rolesHint:
            "Group owners: every dealership as its owner, and the group's people. Group managers: every dealership as its manager. Group staff: every dealership's bookings.",
        },
      }}
    />
  );
}
