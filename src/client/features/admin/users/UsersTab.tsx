import { Badge, Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuUserCheck, LuUserCog, LuUserX } from "react-icons/lu";
import { USER_ROLES } from "../../../../shared/constants";
import type { AdminUser } from "../../../../shared/schemas/admin";
import { apiErrorMessage, trpc } from "../../../trpc";
import type { DialogControl } from "../../../ui/dialog";
import { InputField } from "../../../ui/form";
import { mediumDate } from "../../../ui/format";
import { LabelledSelect } from "../../../ui/LabelledSelect";
import { withReauthentication } from "../../../ui/reauth";
import { capitalise } from "../../../ui/StatusBadge";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { RecordFormDialog, saveRecord, useRecordForm } from "../recordForm";
import type { RecordDialogs, RecordKind } from "../recordTab";
import { ConsoleRow, RecordTab, RowActions, useRecordConsole } from "../recordTab";
import {
  afterAccountChange,
  ChangeRoleDialog,
  CreateUserDialog,
  PromotionRequests,
  SuspensionDialog,
} from "./AccountDialogs";

const USERS: RecordKind<AdminUser> = {
  title: "Users",
  description: "Every account on the platform: customers, salespeople, managers and administrators.",
  noun: "user",
  listing: "users",
  add: "Add user",
  toolbar: { placeholder: "Search by name or email", noun: "user" },
  none: { title: "No users found", description: "Try another search or role." },
  explain: (u) =>
    `${u.email} will be removed with their sessions, favourites and notifications. Their reviews and bookings stay without their name.`,
};

const ROLE_CHOICES = [
  { value: "all", label: "All roles" },
  ...USER_ROLES.map((r) => ({ value: r, label: capitalise(r) })),
];
const ROLE_PALETTE = { customer: "gray", salesperson: "blue", manager: "purple", admin: "red" } as const;

function fullName(user: Pick<AdminUser, "firstName" | "lastName" | "email">) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name || user.email;
}

function EditUserDialog({ user, open, onOpenChange }: { user: AdminUser | null } & DialogControl) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateUser.useMutation();
  const { form, set } = useRecordForm(open, () => ({
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    city: user?.city ?? "",
    state: user?.state ?? "",
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    await saveRecord({
      // A new sign-in address needs a recent sign-in (the dialog asks for it when it is older).
      save: () => withReauthentication(() => update.mutateAsync({ id: user.id, ...form })),
      success: (saved) => ({
        title: "User Updated",
        description:
          saved.email === user.email.toLowerCase()
            ? `${saved.email} was saved.`
            : `${saved.email} was saved. They were signed out everywhere, and ${user.email} was told of the change.`,
      }),
      failTitle: "Update Failed",
      fallback: "Failed to update user",
      ...afterAccountChange(utils, onOpenChange),
    });
  };

  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit user"
      subtitle={user ? user.email : undefined}
      confirmLabel="Save changes"
      size="md"
      pending={update.isPending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <InputField label="First name" value={form.firstName} onChange={set("firstName")} />
          <InputField label="Last name" value={form.lastName} onChange={set("lastName")} />
        </SimpleGrid>
        <InputField
          label="Email"
          required
          type="email"
          value={form.email}
          onChange={set("email")}
          hint="The address they sign in with. Changing it signs them out everywhere and tells the old address."
        />
        <InputField label="Phone" note="optional" value={form.phone} onChange={set("phone")} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <InputField label="City" note="optional" value={form.city} onChange={set("city")} />
          <InputField label="State" note="optional" value={form.state} onChange={set("state")} />
        </SimpleGrid>
      </Stack>
    </RecordFormDialog>
  );
}

type LifecycleDialogs = {
  role: ReturnType<typeof useDialogSubject<AdminUser>>;
  suspension: ReturnType<typeof useDialogSubject<AdminUser>>;
};

function UserRow({
  user,
  dialogs,
  lifecycle,
}: {
  user: AdminUser;
  dialogs: RecordDialogs<AdminUser>;
  lifecycle: LifecycleDialogs;
}) {
  const erased = user.disabledAt !== null && user.suspensionReason === null;
  return (
    <ConsoleRow
      title={fullName(user)}
      badge={
        <HStack gap="1.5">
          <Badge colorPalette={ROLE_PALETTE[user.role]} variant="subtle" borderRadius="full">
            {capitalise(user.role)}
          </Badge>
          {user.disabledAt ? (
            <Badge colorPalette="red" variant="solid" borderRadius="full">
              {erased ? "Erased" : "Suspended"}
            </Badge>
          ) : null}
          {user.promotionRequestId ? (
            <Badge colorPalette="orange" variant="subtle" borderRadius="full">
              Admin requested
            </Badge>
          ) : null}
        </HStack>
      }
      actions={
        <HStack gap="2" wrap="wrap" justify={{ base: "stretch", md: "flex-end" }}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => lifecycle.role.show(user)}
            aria-label={`Change the role of ${user.email}`}
          >
            <LuUserCog /> Role
          </Button>
          {erased ? null : (
            <Button
              size="sm"
              variant="outline"
              colorPalette={user.disabledAt ? "green" : "orange"}
              onClick={() => lifecycle.suspension.show(user)}
              aria-label={`${user.disabledAt ? "Reactivate" : "Suspend"} ${user.email}`}
            >
              {user.disabledAt ? <LuUserCheck /> : <LuUserX />} {user.disabledAt ? "Reactivate" : "Suspend"}
            </Button>
          )}
          <RowActions record={user} name={user.email} dialogs={dialogs} />
        </HStack>
      }
    >
      <Text fontSize="sm" color="fg.muted" truncate>
        {user.email}
        {user.managedDealership ? ` · Manages ${user.managedDealership}` : ""}
      </Text>
      {user.suspensionReason ? (
        <Text fontSize="sm" color="red.fg" lineClamp={2}>
          Suspended: {user.suspensionReason}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        Joined {mediumDate.format(new Date(user.createdAt))}
        {user.city ? ` · ${user.city}${user.state ? `, ${user.state}` : ""}` : ""}
      </Text>
    </ConsoleRow>
  );
}

/**
 * Users: every account, searchable by name or e-mail, filterable by role; add, edit, change the role,
 * suspend or reactivate, and delete with a reason; promotion requests waiting for a decision under the list.
 */
export function UsersTab() {
  const utils = trpc.useUtils();
  const [role, setRole] = useState<string>("all");
  const records = useRecordConsole<AdminUser>(role);
  const users = trpc.admin.users.useQuery({ ...records.page, role }, records.options);
  const { dialogs } = records;
  const lifecycle = { role: useDialogSubject<AdminUser>(), suspension: useDialogSubject<AdminUser>() };
  const me = trpc.admin.verify.useQuery().data?.user.id;
  const remove = trpc.admin.deleteUser.useMutation();
  const adding = dialogs.editing.open && dialogs.editing.subject === null;

  return (
    <RecordTab
      kind={USERS}
      cache={utils.admin.users}
      records={records}
      forms={
        <>
          <PromotionRequests me={me} />
          <CreateUserDialog open={adding} onOpenChange={dialogs.editing.setOpen} />
          <EditUserDialog
            user={dialogs.editing.subject}
            open={dialogs.editing.open && !adding}
            onOpenChange={dialogs.editing.setOpen}
          />
          <ChangeRoleDialog
            user={lifecycle.role.subject}
            open={lifecycle.role.open}
            onOpenChange={lifecycle.role.setOpen}
          />
          <SuspensionDialog
            user={lifecycle.suspension.subject}
            open={lifecycle.suspension.open}
            onOpenChange={lifecycle.suspension.setOpen}
          />
        </>
      }
      remove={async (u, reason) =>
        (await withReauthentication(() => remove.mutateAsync({ id: u.id, reason }))).deletedUser
      }
      query={users}
      filters={
        <LabelledSelect
          label="Filter by role"
          value={role}
          onChange={setRole}
          options={ROLE_CHOICES}
          width={{ base: "full", md: "44" }}
        />
      }
      error={{
        title: "Error loading users",
        description: users.error
          ? `Error loading users: ${apiErrorMessage(users.error, "Please try again.")}`
          : undefined,
      }}
    >
      {(user) => <UserRow key={user.id} user={user} dialogs={dialogs} lifecycle={lifecycle} />}
    </RecordTab>
  );
}
