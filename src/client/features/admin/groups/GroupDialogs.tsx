// The dealer groups tab's dialogs: create a group, add one of the dealerships to a group, invite a group's owner.
import { Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import type { AdminGroup } from "../../../../shared/schemas/groupPeople";
import { trpc } from "../../../trpc";
import type { DialogControl } from "../../../ui/dialog";
import { InputField, SelectField } from "../../../ui/form";
import { useDialogText } from "../../../ui/useDialogText";
import { InviteeDialog } from "../InviteeDialog";
import { RecordFormDialog, saveRecord } from "../recordForm";

/** Every dealer group query of the console, refreshed after a change. */
function useRefreshGroups() {
  const utils = trpc.useUtils();
  return () => utils.groups.all.invalidate();
}

export function CreateGroupDialog({ open, onOpenChange }: DialogControl) {
  const create = trpc.groups.create.useMutation();
  const refresh = useRefreshGroups();
  const { text: name, setText: setName, missing: tried, setMissing: setTried } = useDialogText(open);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (name.trim().length < 2) return;
    await saveRecord({
      save: () => create.mutateAsync({ name: name.trim() }),
      success: (group) => ({
        title: "Group created",
        description: `${group.name} has no dealerships yet: add them, then invite its owner.`,
      }),
      failTitle: "Couldn't create the group",
      onClose: () => onOpenChange(false),
      refresh,
    });
  };
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a dealer group"
      subtitle="A group holds several dealerships; its people reach every one of them in their group role."
      confirmLabel="Create group"
      size="md"
      pending={create.isPending}
      onSubmit={submit}
    >
      <InputField
        label="Name"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={tried && name.trim().length < 2 ? "A group's name has at least 2 characters" : undefined}
      />
    </RecordFormDialog>
  );
}

/** A dialog about one group: open while `group` is set. */
type GroupDialogProps = { group: AdminGroup | null; onOpenChange: (open: boolean) => void };

export function AddDealershipDialog({ group, onOpenChange }: GroupDialogProps) {
  const add = trpc.groups.addDealership.useMutation();
  const refresh = useRefreshGroups();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState("");
  const [tried, setTried] = useState(false);
  const list = trpc.admin.dealerships.useQuery(
    { pageSize: 50, ...(search.trim() ? { search: search.trim() } : {}) },
    { enabled: group !== null },
  );
  useEffect(() => {
    if (group) {
      setSearch("");
      setChosen("");
      setTried(false);
    }
  }, [group]);
  const held = new Set(group?.dealerships.map((d) => d.id));
  const options = (list.data?.items ?? [])
    .filter((d) => !held.has(d.id))
    .map((d) => ({ value: String(d.id), label: `${d.name} (${d.city}, ${d.state})` }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!group || !chosen) return;
    await saveRecord({
      save: () => add.mutateAsync({ id: group.id, dealershipId: Number(chosen) }),
      success: () => ({
        title: "Dealership added",
        description: `The people of ${group.name} now reach ${options.find((o) => o.value === chosen)?.label ?? "it"}.`,
      }),
      failTitle: "Couldn't add the dealership",
      onClose: () => onOpenChange(false),
      refresh,
    });
  };
  return (
    <RecordFormDialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title="Add a dealership"
      subtitle={`A dealership belongs to one group at most: one of another group is refused until it leaves that group.`}
      confirmLabel="Add to the group"
      size="md"
      pending={add.isPending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <InputField
          label="Find a dealership"
          note="name, city, state or ZIP code"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Dealership"
          required
          placeholder={list.isPending ? "Loading dealerships" : "Choose a dealership"}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          options={options}
          error={tried && !chosen ? "Choose a dealership" : undefined}
        />
      </Stack>
    </RecordFormDialog>
  );
}

export function InviteOwnerDialog({ group, onOpenChange }: GroupDialogProps) {
  const invite = trpc.groups.inviteOwner.useMutation();
  const refresh = useRefreshGroups();
  return (
    <InviteeDialog
      subject={group}
      onOpenChange={onOpenChange}
      title="Invite the group's owner"
      subtitle={`When the invitee accepts, they own ${group?.name ?? "the group"}: every dealership of it as its owner, and the group's people.`}
      pending={invite.isPending}
      invite={(group, invitee) => invite.mutateAsync({ id: group.id, ...invitee })}
      sent={(invitation, group) =>
        `We e-mailed ${invitation.email} an invitation to join ${group.name} as group owner.`
      }
      refresh={refresh}
    />
  );
}
