// A dealer group's people (docs/product/dealer-groups.md#people-and-invitations): group owners, managers and staff,
// the group invitations waiting, and what the signed-in member may change. What shows follows the session's group
// role; the server decides every change and its refusals are shown where they happened.
import { Badge, Button, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuLogOut, LuUserMinus, LuUserPlus, LuX } from "react-icons/lu";
import { GROUP_ROLE_LABELS, GROUP_ROLES, type GroupRole, groupRolesToGive } from "../../../shared/constants";
import type { GroupPeople } from "../../../shared/schemas/groupPeople";
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
import { GROUP_ROLE_PALETTE, groupRefusal, groupRoleOptions } from "./groupRoles";
import { InviteGroupMemberDialog } from "./InviteGroupMemberDialog";

type Member = GroupPeople["members"][number];
type Invitation = GroupPeople["invitations"][number];

function MemberRow({
  member,
  you,
  myRole,
  onRemove,
  onChanged,
}: {
  member: Member;
  you: boolean;
  myRole: GroupRole | null;
  onRemove: (member: Member) => void;
  onChanged: () => Promise<unknown>;
}) {
  const change = trpc.groups.changeMemberRole.useMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const who = member.name ?? member.email;
  // Group owners give and take every role; a group manager takes group staff off; anyone may leave.
  const mayRemove = you || groupRolesToGive(myRole).includes(member.role);
  const onRole = (role: GroupRole) => {
    setRefused(null);
    change.mutate(
      { userId: member.userId, role },
      {
        onSuccess: async (updated) => {
          showToast({
            title: "Role changed",
            description: `${who} is now ${GROUP_ROLE_LABELS[updated.role].toLowerCase()}.`,
            variant: "success",
          });
          await onChanged();
        },
        onError: (error) => {
          const message = groupRefusal(error);
          if (message) setRefused(message);
          else showFailure("Couldn't change the role", error);
        },
      },
    );
  };
  return (
    <ActionRow
      testId={`group-member-${member.userId}`}
      actions={
        <Stack gap="2" align={{ base: "stretch", sm: "flex-end" }} flexShrink={0} maxW={{ sm: "sm" }}>
          <HStack gap="2" align="flex-end" wrap={{ base: "wrap", sm: "nowrap" }}>
            {myRole === "group_owner" ? (
              <SelectField
                label="Role"
                labelSize="sm"
                size="sm"
                aria-label={`Role of ${who}`}
                options={groupRoleOptions(GROUP_ROLES)}
                value={member.role}
                root={{
                  disabled: change.isPending,
                  w: { base: "auto", sm: "40" },
                  flex: { base: "1", sm: "none" },
                }}
                onChange={(e) => onRole(e.currentTarget.value as GroupRole)}
              />
            ) : null}
            {mayRemove ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={you ? "Leave the group" : `Remove ${who} from the group`}
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
        <Badge colorPalette={GROUP_ROLE_PALETTE[member.role]} data-member-role={member.role}>
          {GROUP_ROLE_LABELS[member.role]}
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
        In the group since {mediumDate.format(new Date(member.since))}
      </Text>
    </ActionRow>
  );
}

function WaitingInvitations({
  invitations,
  myRole,
  onChanged,
}: {
  invitations: Invitation[];
  myRole: GroupRole | null;
  onChanged: () => Promise<unknown>;
}) {
  const revoke = trpc.groups.revokeInvitation.useMutation();
  const revoking = useDialogSubject<Invitation>();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="2">
      <Text as="h4" fontSize="sm" fontWeight="semibold" color="ink">
        Invitations waiting for an answer ({invitations.length})
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" aria-label="Group invitations waiting">
        {invitations.map((invitation) => (
          <ActionRow
            key={invitation.id}
            actions={
              groupRolesToGive(myRole).includes(invitation.role) ? (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() => revoking.show(invitation)}
                >
                  <LuX /> Revoke
                </Button>
              ) : undefined
            }
          >
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {invitation.name ?? invitation.email}
              </Text>
              <Badge colorPalette={GROUP_ROLE_PALETTE[invitation.role]}>
                {GROUP_ROLE_LABELS[invitation.role]}
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
        ))}
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
 * "Group people": who works for the dealer group and in which group role, with the invitations waiting. Group owners
 * invite any role and change roles; group managers invite and remove group staff; anyone may leave.
 */
export function GroupPeopleCard() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const people = trpc.groups.members.useQuery();
  const [inviting, setInviting] = useState(false);
  const removing = useDialogSubject<Member>();
  const [removeRefused, setRemoveRefused] = useState<string | null>(null);
  const remove = trpc.groups.removeMember.useMutation();
  const myRole = user?.groupRole ?? null;
  const roles = groupRolesToGive(myRole);
  const refresh = () => utils.groups.members.invalidate();
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
            title: leaving ? "You left the group" : "Removed from the group",
            description: leaving
              ? "You no longer work for this dealer group on KnowBefore."
              : `${who} no longer works for your dealer group on KnowBefore.`,
            variant: "success",
          });
          // Leaving changes who you are here: the session says so, and the group page closes.
          await Promise.all([refresh(), leaving ? utils.auth.me.invalidate() : undefined]);
        },
        onError: (error) => {
          const message = groupRefusal(error);
          if (message) setRemoveRefused(message);
          else showFailure(leaving ? "Couldn't leave the group" : "Couldn't remove this person", error);
        },
      },
    );
  };

  return (
    <SectionCard
      title="Group people"
      description="Group owners reach every dealership as its owner and run the group's people; group managers every dealership as its manager; group staff every dealership's bookings."
      actions={
        roles.length > 0 ? (
          <Button colorPalette="blue" size="sm" onClick={() => setInviting(true)}>
            <LuUserPlus /> Invite someone
          </Button>
        ) : null
      }
    >
      {people.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Loading the group's people">
          {[0, 1].map((i) => (
            <Skeleton key={i} height="14" borderRadius="lg" />
          ))}
        </Stack>
      ) : people.isError ? (
        <InlineLoadError
          message="We couldn't load your group's people"
          onRetry={() => void people.refetch()}
        />
      ) : (
        <Stack gap="5">
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Group people">
            {people.data.members.map((member) => (
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
          <WaitingInvitations invitations={people.data.invitations} myRole={myRole} onChanged={refresh} />
        </Stack>
      )}
      <InviteGroupMemberDialog open={inviting} onOpenChange={setInviting} roles={roles} onInvited={refresh} />
      <ConfirmDialog
        open={removing.open}
        onOpenChange={removing.setOpen}
        title={leaving ? "Leave the group?" : "Remove from the group?"}
        description={
          leaving
            ? "You will no longer work for this dealer group on KnowBefore: its dealerships close to you. Its owners can invite you again."
            : `${removing.subject?.name ?? removing.subject?.email ?? "This person"} will no longer work for your dealer group on KnowBefore. You can invite them again later.`
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
