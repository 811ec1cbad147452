// The people of a dealership's team or of a dealer group (docs/product/dealerships.md#the-team-and-its-roles,
// docs/product/dealer-groups.md#people-and-invitations): its members, the invitations waiting, and what the
// signed-in member may change. The server decides every change and its refusals are shown where they happened.
import { Badge, Button, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { LuLogOut, LuUserMinus, LuUserPlus } from "react-icons/lu";
import type { z } from "zod";
import { trpc } from "../trpc";
import { ActionRow, type RowAnswer } from "./ActionRow";
import { ConfirmDialog } from "./ConfirmDialog";
import { showFailure } from "./failureToast";
import { SelectField } from "./form";
import { mediumDate } from "./format";
import { type InviteInput, InvitePersonDialog, type InviteTexts } from "./InvitePersonDialog";
import { InlineLoadError } from "./QueryState";
import { RefusalAlert } from "./RefusalAlert";
import { RevokeInvitationDialog } from "./RevokeInvitationDialog";
import { type Mutation, type RoleSet, roleOptions } from "./roles";
import { SectionCard } from "./SectionCard";
import { useSession } from "./session";
import { showToast } from "./toaster";
import { useDialogSubject } from "./useDialogSubject";

type Member<R extends string> = { userId: string; email: string; name: string | null; role: R; since: Date };
export type WaitingInvitation<R extends string> = {
  id: string;
  email: string;
  name: string | null;
  role: R;
  sentAt: Date;
  expiresAt: Date;
};

export type PeopleTexts = {
  /** The card's title and its list's name. */
  title: string;
  description: string;
  inviteLabel: string;
  loadingLabel: string;
  loadError: string;
  invitationsLabel: string;
  /** Where the people are ("team": "Leave the team") and who employs them ("dealership"). */
  place: string;
  employer: string;
  /** One of the people, as a failure names them ("member": "Couldn't remove this member"). */
  person: string;
  /** What closes to someone who leaves ("its dealerships close to you"). */
  closes: string;
  /** Before a member's joining date ("On the team since"). */
  since: string;
  /** A member row's test id before the user's id ("member-"). */
  testIdPrefix: string;
  /** The width of a member row's role select. */
  roleWidth: string;
};

type Config<R extends string> = {
  roleSet: RoleSet<R>;
  texts: PeopleTexts;
  /** The signed-in user's role here; `owner` is the one that changes roles. */
  myRole: R | null;
  owner: R;
  /** The roles the signed-in user may give (and take off the team). */
  given: readonly R[];
};

/** A member's or an invitee's name (else their address) with `children` (badges) beside it, and under a name the address. */
function PersonLines({
  person,
  children,
}: {
  person: { name: string | null; email: string };
  children: ReactNode;
}) {
  return (
    <>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {person.name ?? person.email}
        </Text>
        {children}
      </HStack>
      {person.name !== null ? (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {person.email}
        </Text>
      ) : null}
    </>
  );
}

function MemberRow<R extends string>({
  member,
  you,
  config: { roleSet, texts, myRole, owner, given },
  useChangeRole,
  onRemove,
  onChanged,
}: {
  member: Member<R>;
  you: boolean;
  config: Config<R>;
  useChangeRole: () => Mutation<{ userId: string; role: R }, { role: R }>;
  onRemove: (member: Member<R>) => void;
  onChanged: () => Promise<unknown>;
}) {
  const change = useChangeRole();
  const [refused, setRefused] = useState<string | null>(null);
  const who = member.name ?? member.email;
  // Owners give and take every role; a manager takes staff off; anyone may leave.
  const mayRemove = you || given.includes(member.role);
  const onRole = (role: R) => {
    setRefused(null);
    change.mutate(
      { userId: member.userId, role },
      {
        onSuccess: async (updated) => {
          showToast({
            title: "Role changed",
            description: `${who} is now ${roleSet.labels[updated.role].toLowerCase()}.`,
            variant: "success",
          });
          await onChanged();
        },
        onError: (error) => {
          const message = roleSet.refusal(error);
          if (message) setRefused(message);
          else showFailure("Couldn't change the role", error);
        },
      },
    );
  };
  return (
    <ActionRow
      testId={`${texts.testIdPrefix}${member.userId}`}
      actions={
        <Stack gap="2" align={{ base: "stretch", sm: "flex-end" }} flexShrink={0} maxW={{ sm: "sm" }}>
          <HStack gap="2" align="flex-end" wrap={{ base: "wrap", sm: "nowrap" }}>
            {myRole === owner ? (
              <SelectField
                label="Role"
                labelSize="sm"
                size="sm"
                aria-label={`Role of ${who}`}
                options={roleOptions(roleSet, roleSet.all)}
                value={member.role}
                root={{
                  disabled: change.isPending,
                  w: { base: "auto", sm: texts.roleWidth },
                  flex: { base: "1", sm: "none" },
                }}
                onChange={(e) => onRole(e.currentTarget.value as R)}
              />
            ) : null}
            {mayRemove ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={you ? `Leave the ${texts.place}` : `Remove ${who} from the ${texts.place}`}
                onClick={() => onRemove(member)}
                flex="none"
              >
                {you ? <LuLogOut /> : <LuUserMinus />} {you ? "Leave" : "Remove"}
              </Button>
            ) : null}
          </HStack>
          {refused ? <RefusalAlert message={refused} /> : null}
        </Stack>
      }
    >
      <PersonLines person={member}>
        <Badge colorPalette={roleSet.palette[member.role]} data-member-role={member.role}>
          {roleSet.labels[member.role]}
        </Badge>
        {you ? (
          <Badge variant="outline" colorPalette="green">
            You
          </Badge>
        ) : null}
      </PersonLines>
      <Text fontSize="xs" color="fg.muted">
        {texts.since} {mediumDate.format(new Date(member.since))}
      </Text>
    </ActionRow>
  );
}

/** An invitation row's buttons: its `answers`, or other `actions`; `revoke` asks to confirm revoking it. */
export type InvitationActions<R extends string> = (
  invitation: WaitingInvitation<R>,
  revoke: () => void,
) => { answers?: readonly RowAnswer[]; actions?: ReactNode };

/**
 * The invitations waiting for an answer, each with the reader's answers to it (for the roles they give), and the
 * confirmation a revoke asks for: a people card's, and the console's list of a group's.
 */
export function WaitingInvitations<R extends string>({
  invitations,
  roleSet,
  label,
  revoke,
  rowActions,
  given,
  onChanged,
}: {
  invitations: WaitingInvitation<R>[];
  roleSet: RoleSet<R>;
  label: string;
  revoke: Mutation<{ id: string }>;
  rowActions: InvitationActions<R>;
  /** The roles the signed-in member gives: the invitations to those are theirs to answer (the server agrees). */
  given: readonly R[];
  onChanged: () => Promise<unknown>;
}) {
  const revoking = useDialogSubject<WaitingInvitation<R>>();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="2">
      <Text as="h4" fontSize="sm" fontWeight="semibold" color="ink">
        Invitations waiting for an answer ({invitations.length})
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" aria-label={label}>
        {invitations.map((invitation) => (
          <ActionRow
            key={invitation.id}
            {...(given.includes(invitation.role)
              ? rowActions(invitation, () => revoking.show(invitation))
              : {})}
          >
            <PersonLines person={invitation}>
              <Badge colorPalette={roleSet.palette[invitation.role]}>{roleSet.labels[invitation.role]}</Badge>
            </PersonLines>
            <Text fontSize="xs" color="fg.muted">
              Sent {mediumDate.format(new Date(invitation.sentAt))}, open until{" "}
              {mediumDate.format(new Date(invitation.expiresAt))}
            </Text>
          </ActionRow>
        ))}
      </Stack>
      <RevokeInvitationDialog
        revoking={revoking}
        revoke={revoke}
        revokedName={(invitation) => invitation.email}
        onChanged={onChanged}
      />
    </Stack>
  );
}

/**
 * A card of people (a dealership's team, a dealer group's people): who works there and in which role, with the
 * invitations waiting. Owners invite any role and change roles; managers invite and remove staff; anyone may leave.
 */
export function PeopleCard<R extends string>({
  people,
  useChangeRole,
  remove,
  revoke,
  invite,
  invitationActions,
  refresh,
  ...config
}: Config<R> & {
  people: UseQueryResult<{ members: Member<R>[]; invitations: WaitingInvitation<R>[] }, unknown>;
  useChangeRole: () => Mutation<{ userId: string; role: R }, { role: R }>;
  remove: Mutation<{ userId: string }>;
  revoke: Mutation<{ id: string }>;
  invite: {
    schema: z.ZodType<InviteInput<R>>;
    mutation: Mutation<InviteInput<R>, { email: string; role: R }>;
    texts: InviteTexts;
  };
  invitationActions: InvitationActions<R>;
  /** Refetches the people. */
  refresh: () => Promise<unknown>;
}) {
  const { texts, roleSet, given } = config;
  const userId = useSession().user?.id;
  const utils = trpc.useUtils();
  const [inviting, setInviting] = useState(false);
  const removing = useDialogSubject<Member<R>>();
  const [removeRefused, setRemoveRefused] = useState<string | null>(null);
  const leaving = removing.subject?.userId === userId;

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
            title: leaving ? `You left the ${texts.place}` : `Removed from the ${texts.place}`,
            description: leaving
              ? `You no longer work for this ${texts.employer} on KnowBefore.`
              : `${who} no longer works for your ${texts.employer} on KnowBefore.`,
            variant: "success",
          });
          // Leaving changes who you are here: the session says so, and the page closes.
          await Promise.all([refresh(), leaving ? utils.auth.me.invalidate() : undefined]);
        },
        onError: (error) => {
          const message = roleSet.refusal(error);
          if (message) setRemoveRefused(message);
          else
            showFailure(
              leaving ? `Couldn't leave the ${texts.place}` : `Couldn't remove this ${texts.person}`,
              error,
            );
        },
      },
    );
  };

  return (
    <SectionCard
      title={texts.title}
      description={texts.description}
      actions={
        given.length > 0 ? (
          <Button colorPalette="blue" size="sm" onClick={() => setInviting(true)}>
            <LuUserPlus /> {texts.inviteLabel}
          </Button>
        ) : null
      }
    >
      {people.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={texts.loadingLabel}>
          {[0, 1].map((i) => (
            <Skeleton key={i} height="14" borderRadius="lg" />
          ))}
        </Stack>
      ) : people.isError ? (
        <InlineLoadError message={texts.loadError} onRetry={() => void people.refetch()} />
      ) : (
        <Stack gap="5">
          <Stack as="ul" listStyleType="none" gap="2" aria-label={texts.title}>
            {people.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                you={member.userId === userId}
                config={config}
                useChangeRole={useChangeRole}
                onRemove={(m) => {
                  setRemoveRefused(null);
                  removing.show(m);
                }}
                onChanged={refresh}
              />
            ))}
          </Stack>
          <WaitingInvitations
            invitations={people.data.invitations}
            roleSet={roleSet}
            label={texts.invitationsLabel}
            revoke={revoke}
            rowActions={invitationActions}
            given={given}
            onChanged={refresh}
          />
        </Stack>
      )}
      <InvitePersonDialog
        open={inviting}
        onOpenChange={setInviting}
        roles={given}
        roleSet={roleSet}
        schema={invite.schema}
        invite={invite.mutation}
        texts={invite.texts}
        onInvited={refresh}
      />
      <ConfirmDialog
        open={removing.open}
        onOpenChange={removing.setOpen}
        title={leaving ? `Leave the ${texts.place}?` : `Remove from the ${texts.place}?`}
        description={
          leaving
            ? `You will no longer work for this ${texts.employer} on KnowBefore: ${texts.closes}. Its owners can invite you again.`
            : `${removing.subject?.name ?? removing.subject?.email ?? `This ${texts.person}`} will no longer work for your ${texts.employer} on KnowBefore. You can invite them again later.`
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
