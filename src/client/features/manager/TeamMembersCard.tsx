// The dealership's own people (docs/product/dealerships.md#the-team-and-its-roles): owners, managers and staff,
// the team invitations waiting, and what the signed-in lead may change. What shows follows the session's
// dealership role; the server decides every change and its refusals are shown where they happened.
import { Badge, Button, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuLogOut, LuUserMinus, LuUserPlus } from "react-icons/lu";
import {
  DEALERSHIP_ROLE_LABELS,
  DEALERSHIP_ROLES,
  type DealershipRole,
  rolesToGive,
} from "../../../shared/constants";
import type { TeamMembers } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { showFailure } from "../../ui/failureToast";
import { SelectField } from "../../ui/form";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { InlineLoadError } from "../../ui/QueryState";
import { RefusalAlert } from "../../ui/RefusalAlert";
import { SectionCard } from "../../ui/SectionCard";
import { useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { invitationAnswers } from "../invitations";
import { InviteMemberDialog } from "./InviteMemberDialog";
import { ROLE_PALETTE, refusal, roleOptions } from "./teamRoles";

type Member = TeamMembers["members"][number];
type Invitation = TeamMembers["invitations"][number];

function MemberRow({
  member,
  you,
  myRole,
  onRemove,
  onChanged,
}: {
  member: Member;
  you: boolean;
  myRole: DealershipRole | null;
  onRemove: (member: Member) => void;
  onChanged: () => Promise<unknown>;
}) {
  const change = trpc.manager.changeMemberRole.useMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const who = member.name ?? member.email;
  // Owners give and take every role; a manager takes staff off the team; anyone may leave.
  const mayRemove = you || (myRole !== null && rolesToGive(myRole).includes(member.role));
  const onRole = (role: DealershipRole) => {
    setRefused(null);
    change.mutate(
      { userId: member.userId, role },
      {
        onSuccess: async (updated) => {
          showToast({
            title: "Role changed",
            description: `${who} is now ${DEALERSHIP_ROLE_LABELS[updated.role].toLowerCase()}.`,
            variant: "success",
          });
          await onChanged();
        },
        onError: (error) => {
          const message = refusal(error);
          if (message) setRefused(message);
          else showFailure("Couldn't change the role", error);
        },
      },
    );
  };
  return (
    <ActionRow
      testId={`member-${member.userId}`}
      actions={
        <Stack gap="2" align={{ base: "stretch", sm: "flex-end" }} flexShrink={0} maxW={{ sm: "sm" }}>
          <HStack gap="2" align="flex-end" wrap={{ base: "wrap", sm: "nowrap" }}>
            {myRole === "owner" ? (
              <SelectField
                label="Role"
                labelSize="sm"
                size="sm"
                aria-label={`Role of ${who}`}
                options={roleOptions(DEALERSHIP_ROLES)}
                value={member.role}
                root={{
                  disabled: change.isPending,
                  w: { base: "auto", sm: "36" },
                  flex: { base: "1", sm: "none" },
                }}
                onChange={(e) => onRole(e.currentTarget.value as DealershipRole)}
              />
            ) : null}
            {mayRemove ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={you ? "Leave the team" : `Remove ${who} from the team`}
                onClick={() => onRemove(member)}
                flex={{ base: "1", sm: "none" }}
              >
                {you ? <LuLogOut /> : <LuUserMinus />} {you ? "Leave" : "Remove"}
              </Button>
            ) : null}
          </HStack>
          {refused ? <RefusalAlert message={refused} /> : null}
        </Stack>
      }
    >
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {who}
        </Text>
        <Badge colorPalette={ROLE_PALETTE[member.role]} data-member-role={member.role}>
          {DEALERSHIP_ROLE_LABELS[member.role]}
        </Badge>
        {you ? (
          <Badge variant="outline" colorPalette="green">
            You
          </Badge>
        ) : null}
      </HStack>
      {member.name !== null ? (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {member.email}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        On the team since {mediumDate.format(new Date(member.since))}
      </Text>
    </ActionRow>
  );
}

function WaitingInvitations({
  invitations,
  onChanged,
}: {
  invitations: Invitation[];
  onChanged: () => Promise<unknown>;
}) {
  const resend = trpc.invitations.resend.useMutation();
  const revoke = trpc.manager.revokeInvitation.useMutation();
  const revoking = useDialogSubject<Invitation>();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="2">
      <Text as="h4" fontSize="sm" fontWeight="semibold" color="ink">
        Invitations waiting for an answer ({invitations.length})
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" aria-label="Team invitations waiting">
        {invitations.map((invitation) => {
          const who = invitation.name ?? invitation.email;
          return (
            <ActionRow
              key={invitation.id}
              answers={invitationAnswers({
                invitation,
                who,
                resend,
                onChanged,
                onRevoke: () => revoking.show(invitation),
              })}
            >
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {who}
                </Text>
                <Badge colorPalette={ROLE_PALETTE[invitation.role]}>
                  {DEALERSHIP_ROLE_LABELS[invitation.role]}
                </Badge>
              </HStack>
              {invitation.name !== null ? (
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  {invitation.email}
                </Text>
              ) : null}
              <Text fontSize="xs" color="fg.muted">
                Sent {mediumDate.format(new Date(invitation.sentAt))}, open until{" "}
                {mediumDate.format(new Date(invitation.expiresAt))}
              </Text>
            </ActionRow>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={revoking.open}
        onOpenChange={revoking.setOpen}
        title="Revoke this invitation?"
        description={`${revoking.subject ? (revoking.subject.name ?? revoking.subject.email) : "The invitee"} will no longer be able to accept it. You can invite them again later.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking"
        isPending={revoke.isPending}
        onConfirm={() => {
          const subject = revoking.subject;
          if (!subject) return;
          revoke.mutate(
            { id: subject.id },
            toastOutcome(
              { title: "Invitation revoked", description: `${subject.email} can no longer accept it.` },
              "Couldn't revoke the invitation",
              () => {
                revoking.setOpen(false);
                return onChanged();
              },
            ),
          );
        }}
      />
    </Stack>
  );
}

/**
 * "Team members" on the Sales Team tab: who works for the dealership and in which role, with the invitations
 * waiting. Owners invite any role and change roles; managers invite and remove staff; anyone may leave.
 */
export function TeamMembersCard() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const team = trpc.manager.members.useQuery();
  const [inviting, setInviting] = useState(false);
  const removing = useDialogSubject<Member>();
  const [removeRefused, setRemoveRefused] = useState<string | null>(null);
  const remove = trpc.manager.removeMember.useMutation();
  const myRole = user?.dealershipRole ?? null;
  const roles = rolesToGive(myRole);
  const refresh = () => utils.manager.members.invalidate();
  const leaving = removing.subject?.userId === user?.id;

  const confirmRemove = () => {
    const subject = removing.subject;
    if (!subject) return;
    setRemoveRefused(null);
    const who = subject.name ?? subject.email;
    remove.mutate(
      { userId: subject.userId },
      {
        onSuccess: async () => {
          removing.setOpen(false);
          showToast({
            title: leaving ? "You left the team" : "Removed from the team",
            description: leaving
              ? "You no longer work for this dealership on KnowBefore."
              : `${who} no longer works for your dealership on KnowBefore.`,
            variant: "success",
          });
          // Leaving changes who you are here: the session says so, and the dashboard closes.
          await Promise.all([refresh(), leaving ? utils.auth.me.invalidate() : undefined]);
        },
        onError: (error) => {
          const message = refusal(error);
          if (message) setRemoveRefused(message);
          else showFailure(leaving ? "Couldn't leave the team" : "Couldn't remove this member", error);
        },
      },
    );
  };

  return (
    <SectionCard
      title="Team members"
      description="Owners run billing, the team and everything else; managers the team, reviews, reports and CRM; staff the dealership's bookings."
      actions={
        roles.length > 0 ? (
          <Button colorPalette="blue" size="sm" onClick={() => setInviting(true)}>
            <LuUserPlus /> Invite a team member
          </Button>
        ) : null
      }
    >
      {team.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Loading team members">
          {[0, 1].map((i) => (
            <Skeleton key={i} height="14" borderRadius="lg" />
          ))}
        </Stack>
      ) : team.isError ? (
        <InlineLoadError message="We couldn't load your team members" onRetry={() => void team.refetch()} />
      ) : (
        <Stack gap="5">
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Team members">
            {team.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                you={member.userId === user?.id}
                myRole={myRole}
                onRemove={(m) => {
                  setRemoveRefused(null);
                  removing.show(m);
                }}
                onChanged={refresh}
              />
            ))}
          </Stack>
          <WaitingInvitations invitations={team.data.invitations} onChanged={refresh} />
        </Stack>
      )}
      <InviteMemberDialog open={inviting} onOpenChange={setInviting} roles={roles} onInvited={refresh} />
      <ConfirmDialog
        open={removing.open}
        onOpenChange={removing.setOpen}
        title={leaving ? "Leave the team?" : "Remove from the team?"}
        description={
          leaving
            ? "You will no longer work for this dealership on KnowBefore: its dashboard and bookings close to you. Its owners can invite you again."
            : `${removing.subject?.name ?? removing.subject?.email ?? "This member"} will no longer work for your dealership on KnowBefore. You can invite them again later.`
        }
        confirmLabel={leaving ? "Leave" : "Remove"}
        pendingLabel={leaving ? "Leaving" : "Removing"}
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      >
        {removeRefused ? <RefusalAlert message={removeRefused} /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
