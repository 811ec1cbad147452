// The dealership's own people (docs/product/dealerships.md#the-team-and-its-roles): owners, managers and staff,
// the team invitations waiting, and what the signed-in lead may change. What shows follows the session's
// dealership role; the server decides every change and its refusals are shown where they happened.
import { rolesToGive } from "../../../shared/constants";
import { inviteMemberInput } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { PeopleCard } from "../../ui/PeopleCard";
import { useSession } from "../../ui/session";
import { resendAndRevoke } from "../invitations";
import { TEAM_ROLES } from "./teamRoles";

const useChangeRole = () => trpc.manager.changeMemberRole.useMutation();

/**
 * "Team members" on the Sales Team tab: who works for the dealership and in which role, with the invitations
 * waiting. Owners invite any role and change roles; managers invite and remove staff; anyone may leave.
 */
export function TeamMembersCard() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const team = trpc.manager.members.useQuery();
  const remove = trpc.manager.removeMember.useMutation();
  const revoke = trpc.manager.revokeInvitation.useMutation();
  const resend = trpc.invitations.resend.useMutation();
  const invite = trpc.manager.inviteMember.useMutation();
  const myRole = user?.dealershipRole ?? null;
  const refresh = () => utils.manager.members.invalidate();
  return (
    <PeopleCard
      people={team}
      roleSet={TEAM_ROLES}
      myRole={myRole}
      owner="owner"
      given={rolesToGive(myRole)}
      useChangeRole={useChangeRole}
      remove={remove}
      revoke={revoke}
      invitationActions={resendAndRevoke(resend, refresh)}
      refresh={refresh}
      texts={{
        title: "Team members",
        description:
          "Owners run billing, the team and everything else; managers the team, reviews, reports and CRM; staff the dealership's bookings.",
        inviteLabel: "Invite a team member",
        loadingLabel: "Loading team members",
        loadError: "We couldn't load your team members",
        invitationsLabel: "Team invitations waiting",
        place: "team",
        employer: "dealership",
        person: "member",
        closes: "its dashboard and bookings close to you",
        since: "On the team since",
        testIdPrefix: "member-",
        roleWidth: "36",
      }}
      invite={{
        schema: inviteMemberInput,
        mutation: invite,
        texts: {
          title: "Invite a team member",
          subtitle:
            "We e-mail them an invitation; they join your dealership's team in the role you choose when they accept it.",
          joins: "your team",
          oneRoleHint: "Managers invite staff; the owners give the owner and manager roles.",
          rolesHint:
            "Owners: billing, the team, everything. Managers: the team, reviews, reports and CRM. Staff: bookings.",
        },
      }}
    />
  );
}
