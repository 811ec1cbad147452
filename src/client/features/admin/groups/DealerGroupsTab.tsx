// The admin console's dealer groups (docs/product/dealer-groups.md#administrators): every group with its dealerships,
// people and open invitations; create a group, add and remove its dealerships, invite its owner, resend or revoke
// its invitations, delete it.
import { Badge, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuBuilding2, LuPlus, LuSend, LuTrash2, LuX } from "react-icons/lu";
import { GROUP_ROLE_LABELS, GROUP_ROLES, type GroupRole } from "../../../../shared/constants";
import type { AdminGroup } from "../../../../shared/schemas/groupPeople";
import { trpc } from "../../../trpc";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toastOutcome } from "../../../ui/mutationToasts";
import { type InvitationActions, WaitingInvitations } from "../../../ui/PeopleCard";
import { QueryState, SkeletonRows } from "../../../ui/QueryState";
import type { Mutation } from "../../../ui/roles";
import { SectionCard } from "../../../ui/SectionCard";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { GROUP_ROLE_PALETTE, GROUP_ROLE_SET } from "../../groups";
import { resendAndRevoke } from "../../invitations";
import { AddDealershipDialog, CreateGroupDialog, InviteOwnerDialog } from "./GroupDialogs";

type Dealership = AdminGroup["dealerships"][number];

function GroupCard({
  group,
  onAdd,
  onInvite,
  onDelete,
  onRemoveDealership,
  revoke,
  answers,
  refresh,
}: {
  group: AdminGroup;
  onAdd: () => void;
  onInvite: () => void;
  onDelete: () => void;
  onRemoveDealership: (dealership: Dealership) => void;
  /** An administrator answers every invitation of every group: Resend, and Revoke once confirmed. */
  revoke: Mutation<{ id: string }>;
  answers: InvitationActions<GroupRole>;
  refresh: () => Promise<unknown>;
}) {
  return (
    <SectionCard
      title={group.name}
      label={`Dealer group ${group.name}`}
      description={`${group.dealerships.length} dealership${group.dealerships.length === 1 ? "" : "s"} · ${
        group.members.length
      } ${group.members.length === 1 ? "person" : "people"}${group.subscriptionStatus ? ` · subscription ${group.subscriptionStatus}` : ""}`}
      actions={
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onAdd}>
            <LuPlus /> Add a dealership
          </Button>
          <Button size="sm" variant="outline" onClick={onInvite}>
            <LuSend /> Invite the owner
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            <LuTrash2 /> Delete
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        <Stack as="ul" listStyleType="none" gap="1" aria-label={`Dealerships of ${group.name}`}>
          {group.dealerships.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No dealerships yet.
            </Text>
          ) : null}
          {group.dealerships.map((d) => (
            <HStack as="li" key={d.id} justify="space-between" gap="2">
              <HStack gap="2" minW="0">
                <LuBuilding2 aria-hidden />
                <Text truncate>
                  {d.name}
                  <Text as="span" color="fg.muted">
                    {" "}
                    · {d.city}, {d.state}
                  </Text>
                </Text>
              </HStack>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Take ${d.name} out of ${group.name}`}
                onClick={() => onRemoveDealership(d)}
              >
                <LuX /> Remove
              </Button>
            </HStack>
          ))}
        </Stack>
        {group.members.length === 0 && group.invitations.length === 0 ? (
          // Beside the list, not in it: a list holds only its items.
          <Text fontSize="sm" color="fg.muted">
            No people yet: invite the group's owner.
          </Text>
        ) : null}
        <Stack as="ul" listStyleType="none" gap="1" aria-label={`People of ${group.name}`}>
          {group.members.map((m) => (
            <HStack as="li" key={m.userId} gap="2" wrap="wrap">
              <Text overflowWrap="anywhere">{m.name ?? m.email}</Text>
              <Badge colorPalette={GROUP_ROLE_PALETTE[m.role]}>{GROUP_ROLE_LABELS[m.role]}</Badge>
            </HStack>
          ))}
        </Stack>
        <WaitingInvitations
          invitations={group.invitations}
          roleSet={GROUP_ROLE_SET}
          label={`Invitations to ${group.name} waiting`}
          revoke={revoke}
          rowActions={answers}
          given={GROUP_ROLES}
          onChanged={refresh}
        />
      </Stack>
    </SectionCard>
  );
}

export function DealerGroupsTab() {
  const utils = trpc.useUtils();
  const groups = trpc.groups.all.useQuery();
  const [creating, setCreating] = useState(false);
  const [addingTo, setAddingTo] = useState<AdminGroup | null>(null);
  const [invitingFor, setInvitingFor] = useState<AdminGroup | null>(null);
  const deleting = useDialogSubject<AdminGroup>();
  const leaving = useDialogSubject<{ group: AdminGroup; dealership: Dealership }>();
  const remove = trpc.groups.delete.useMutation();
  const removeDealership = trpc.groups.removeDealership.useMutation();
  const resend = trpc.groups.resendAnyInvitation.useMutation();
  const revoke = trpc.groups.revokeAnyInvitation.useMutation();
  const refresh = () => utils.groups.all.invalidate();
  const answers = resendAndRevoke(resend, refresh);

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted" fontSize="sm">
          A dealer group holds several dealerships; its people reach each of them in their group role.
        </Text>
        <Button colorPalette="blue" size="sm" onClick={() => setCreating(true)}>
          <LuPlus /> Create a group
        </Button>
      </HStack>
      <QueryState
        query={groups}
        loading={<SkeletonRows label="Loading dealer groups" h="32" />}
        error={{ title: "We couldn't load the dealer groups" }}
        isEmpty={(list) => list.length === 0}
        empty={<Text color="fg.muted">No dealer groups yet.</Text>}
      >
        {(list) => (
          <Stack gap="4">
            {list.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                onAdd={() => setAddingTo(group)}
                onInvite={() => setInvitingFor(group)}
                onDelete={() => deleting.show(group)}
                onRemoveDealership={(dealership) => leaving.show({ group, dealership })}
                revoke={revoke}
                answers={answers}
                refresh={refresh}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <CreateGroupDialog open={creating} onOpenChange={setCreating} />
      <AddDealershipDialog group={addingTo} onOpenChange={(open) => (open ? null : setAddingTo(null))} />
      <InviteOwnerDialog group={invitingFor} onOpenChange={(open) => (open ? null : setInvitingFor(null))} />
      <ConfirmDialog
        open={leaving.open}
        onOpenChange={leaving.setOpen}
        title="Take this dealership out of the group?"
        description={`The people of ${leaving.subject?.group.name ?? "the group"} will no longer reach ${leaving.subject?.dealership.name ?? "it"}, from now on. Its own team keeps it.`}
        confirmLabel="Remove"
        pendingLabel="Removing"
        isPending={removeDealership.isPending}
        onConfirm={() => {
          const subject = leaving.subject;
          if (!subject) return;
          removeDealership.mutate(
            { id: subject.group.id, dealershipId: subject.dealership.id },
            toastOutcome(
              {
                title: "Dealership removed",
                description: `${subject.dealership.name} left ${subject.group.name}.`,
              },
              "Couldn't remove the dealership",
              leaving.closeThen(refresh),
            ),
          );
        }}
      />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.setOpen}
        title="Delete this dealer group?"
        description={`${deleting.subject?.name ?? "The group"} goes; its dealerships stay, outside any group, and its people leave it. A group whose subscription still grants access cannot be deleted.`}
        confirmLabel="Delete"
        pendingLabel="Deleting"
        isPending={remove.isPending}
        onConfirm={() => {
          const subject = deleting.subject;
          if (!subject) return;
          remove.mutate(
            { id: subject.id },
            toastOutcome(
              { title: "Group deleted", description: `${subject.name} is gone.` },
              "Couldn't delete the group",
              deleting.closeThen(refresh),
            ),
          );
        }}
      />
    </Stack>
  );
}
