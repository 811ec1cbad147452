import {
  Badge,
  Button,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { LuPencil, LuSearchX, LuTrash2 } from "react-icons/lu";
import { USER_ROLES } from "../../../../shared/constants";
import type { AdminUser } from "../../../../shared/schemas/admin";
import { apiErrorMessage, trpc } from "../../../trpc";
import { DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { InputField } from "../../../ui/form";
import { mediumDate } from "../../../ui/format";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, QueryState } from "../../../ui/QueryState";
import { capitalise } from "../../../ui/StatusBadge";
import { showToast } from "../../../ui/toaster";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import {
  DeleteWithReasonDialog,
  ListPager,
  ListToolbar,
  SKELETON_KEYS,
  useDebouncedSearch,
} from "../consoleKit";

const PAGE_SIZE = 20;
const ROLE_PALETTE = { customer: "gray", salesperson: "blue", manager: "purple", admin: "red" } as const;

function fullName(user: Pick<AdminUser, "firstName" | "lastName" | "email">) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name || user.email;
}

function EditUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateUser.useMutation();
  const [form, setForm] = useState({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    city: "",
    state: "",
  });
  useEffect(() => {
    if (open && user)
      setForm({
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        email: user.email,
        phone: user.phone ?? "",
        city: user.city ?? "",
        state: user.state ?? "",
      });
  }, [open, user]);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, ...form });
      showToast({ title: "User Updated", description: `${form.email} was saved.`, variant: "success" });
      onOpenChange(false);
      await utils.admin.users.invalidate();
    } catch (error) {
      showToast({
        title: "Update Failed",
        description: apiErrorMessage(error, "Failed to update user"),
        variant: "destructive",
      });
    }
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={update.isPending} size="md">
      <DialogHeading title="Edit user" subtitle={user ? user.email : undefined} />
      <DialogForm
        label="Edit user"
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        submit={{ confirmLabel: "Save changes", pendingLabel: "Saving...", pending: update.isPending }}
      >
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <InputField label="First name" value={form.firstName} onChange={set("firstName")} />
            <InputField label="Last name" value={form.lastName} onChange={set("lastName")} />
          </SimpleGrid>
          <InputField label="Email" required type="email" value={form.email} onChange={set("email")} />
          <InputField label="Phone" note="optional" value={form.phone} onChange={set("phone")} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <InputField label="City" note="optional" value={form.city} onChange={set("city")} />
            <InputField label="State" note="optional" value={form.state} onChange={set("state")} />
          </SimpleGrid>
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}

function UserRow({ user, onEdit, onDelete }: { user: AdminUser; onEdit: () => void; onDelete: () => void }) {
  return (
    <Flex
      as="li"
      gap="3"
      p="4"
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      direction={{ base: "column", md: "row" }}
      align={{ base: "stretch", md: "center" }}
    >
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" truncate>
            {fullName(user)}
          </Text>
          <Badge colorPalette={ROLE_PALETTE[user.role]} variant="subtle" borderRadius="full">
            {capitalise(user.role)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted" truncate>
          {user.email}
          {user.managedDealership ? ` · Manages ${user.managedDealership}` : ""}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Joined {mediumDate.format(new Date(user.createdAt))}
          {user.city ? ` · ${user.city}${user.state ? `, ${user.state}` : ""}` : ""}
        </Text>
      </Stack>
      <HStack gap="2" flexShrink={0}>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${user.email}`}>
          <LuPencil /> Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          aria-label={`Delete ${user.email}`}
        >
          <LuTrash2 /> Delete
        </Button>
      </HStack>
    </Flex>
  );
}

/** Users: every account, searchable by name or e-mail, filterable by role; edit and delete with a reason. */
export function UsersTab() {
  const utils = trpc.useUtils();
  const { text, setText, search } = useDebouncedSearch();
  const [role, setRole] = useState<string>("all");
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at page 1.
  useEffect(() => setPage(1), [search, role]);
  const users = trpc.admin.users.useQuery(
    { search, role, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const editing = useDialogSubject<AdminUser>();
  const deleting = useDialogSubject<AdminUser>();
  const remove = trpc.admin.deleteUser.useMutation();

  return (
    <Stack gap="5">
      <PanelHeader
        title="Users"
        description="Every account on the platform: customers, salespeople, managers and administrators."
      />
      <ListToolbar
        label="Search users"
        placeholder="Search by name or email"
        value={text}
        onChange={setText}
        total={users.data?.total}
        noun="user"
      >
        <NativeSelect.Root size="md" width={{ base: "full", md: "44" }}>
          <NativeSelect.Field
            aria-label="Filter by role"
            value={role}
            onChange={(e) => setRole(e.target.value)}
            bg="white"
          >
            <option value="all">All roles</option>
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {capitalise(r)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ListToolbar>
      <QueryState
        query={users}
        loading={
          <Stack gap="3" aria-busy="true" aria-label="Loading users">
            {SKELETON_KEYS.slice(0, 5).map((key) => (
              <Skeleton key={key} height="20" borderRadius="xl" />
            ))}
          </Stack>
        }
        error={{
          title: "Error loading users",
          description: users.error
            ? `Error loading users: ${apiErrorMessage(users.error, "Please try again.")}`
            : undefined,
        }}
        isEmpty={(data) => data.items.length === 0}
        empty={<Notice icon={LuSearchX} title="No users found" description="Try another search or role." />}
      >
        {(data) => (
          <Stack gap="3">
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Users">
              {data.items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  onEdit={() => editing.show(user)}
                  onDelete={() => deleting.show(user)}
                />
              ))}
            </Stack>
            <ListPager
              total={data.total}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
              noun="user"
            />
          </Stack>
        )}
      </QueryState>
      <EditUserDialog user={editing.subject} open={editing.open} onOpenChange={editing.setOpen} />
      <DeleteWithReasonDialog
        open={deleting.open}
        onOpenChange={deleting.setOpen}
        title="Delete user"
        description={
          deleting.subject
            ? `${deleting.subject.email} will be removed with their sessions, favourites and notifications. Their reviews and bookings stay without their name.`
            : ""
        }
        onDelete={async (reason) => {
          const result = await remove.mutateAsync({ id: deleting.subject!.id, reason });
          await utils.admin.users.invalidate();
          void utils.admin.overview.invalidate();
          return { title: "User Deleted", description: `${result.deletedUser} was deleted.` };
        }}
      />
    </Stack>
  );
}
