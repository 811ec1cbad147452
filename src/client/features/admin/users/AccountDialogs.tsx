// The account lifecycle's dialogs in the users tab: add a user of any role, change a role, suspend or
// reactivate with a reason, and the promotion requests waiting for a second administrator
// (docs/product/admin.md#account-lifecycle).
import { Badge, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { salespersonProfileRefusal } from "../../../../shared/schemas/accounts";
import type { AdminUser } from "../../../../shared/schemas/admin";
import { trpc } from "../../../trpc";
import { DecideButtons } from "../../../ui/DecideButtons";
import type { DialogControl } from "../../../ui/dialog";
import { showFailure } from "../../../ui/failureToast";
import { InputField, SelectField, SwitchField, TextareaField } from "../../../ui/form";
import { withReauthentication } from "../../../ui/reauth";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { RecordFormDialog, saveRecord, useRecordForm } from "../recordForm";

const ROLE_OPTIONS = [
  { value: "customer", label: "Customer" },
  { value: "salesperson", label: "Salesperson" },
  { value: "manager", label: "Manager of a dealership" },
  { value: "admin", label: "Administrator (needs a second administrator)" },
];

type Role = "customer" | "salesperson" | "manager" | "admin";
type RoleForm = { role: string; dealershipId: string; reason: string };

/** The role target the server takes, from the form's fields. */
function targetOf(form: RoleForm, replaceManager: boolean) {
  const role = form.role as Role;
  if (role === "salesperson") return { role, dealershipId: Number(form.dealershipId) };
  if (role === "manager") return { role, dealershipId: Number(form.dealershipId), replaceManager };
  if (role === "admin") return { role, ...(form.reason.trim() ? { reason: form.reason.trim() } : {}) };
  return { role: "customer" as const };
}

function useDealershipOptions(open: boolean) {
  const list = trpc.admin.dealerships.useQuery({ pageSize: 100 }, { enabled: open });
  return (list.data?.items ?? []).map((d) => ({
    value: String(d.id),
    label: "managerEmail" in d && d.managerEmail ? `${d.name} (manager: ${d.managerEmail})` : d.name,
  }));
}

/** Role, dealership (for salespeople and managers), replace switch (managers) and reason (administrators). */
function RoleFields({
  form,
  set,
  replace,
  setReplace,
  open,
}: {
  form: RoleForm;
  set: (key: keyof RoleForm) => (e: { target: { value: string } }) => void;
  replace: boolean;
  setReplace: (value: boolean) => void;
  open: boolean;
}) {
  const dealerships = useDealershipOptions(open);
  const needsDealership = form.role === "salesperson" || form.role === "manager";
  return (
    <>
      <SelectField label="Role" required value={form.role} onChange={set("role")} options={ROLE_OPTIONS} />
      {needsDealership ? (
        <SelectField
          label="Dealership"
          required
          placeholder="Choose a dealership"
          value={form.dealershipId}
          onChange={set("dealershipId")}
          options={dealerships}
        />
      ) : null}
      {form.role === "manager" ? (
        <SwitchField
          label="Replace the dealership's current manager, if it has one"
          checked={replace}
          onChange={setReplace}
        />
      ) : null}
      {form.role === "admin" ? (
        <TextareaField
          label="Why this person should be an administrator"
          note="optional"
          rows={2}
          value={form.reason}
          onChange={set("reason")}
          hint="Another administrator approves or declines the request."
        />
      ) : null}
    </>
  );
}

/**
 * What follows a saved change to an account: the dialog closes and the users list reloads, with the open
 * promotion requests when the change may have touched a role.
 */
export function afterAccountChange(
  utils: ReturnType<typeof trpc.useUtils>,
  onOpenChange: (open: boolean) => void,
  touchesRoles = false,
) {
  return {
    onClose: () => onOpenChange(false),
    refresh: () =>
      Promise.all([
        utils.admin.users.invalidate(),
        touchesRoles ? utils.admin.promotions.invalidate() : null,
      ]),
  };
}

export function CreateUserDialog({ open, onOpenChange }: DialogControl) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createUser.useMutation();
  const [replace, setReplace] = useState(false);
  const { form, set } = useRecordForm(open, () => ({
    email: "",
    firstName: "",
    lastName: "",
    role: "customer",
    dealershipId: "",
    reason: "",
  }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await saveRecord({
      save: () =>
        withReauthentication(() =>
          create.mutateAsync({
            email: form.email,
            firstName: form.firstName,
            lastName: form.lastName,
            target: targetOf(form, replace),
          }),
        ),
      success: (made) => ({
        title: "User Added",
        description: made.promotionRequestId
          ? `${made.email} was added; another administrator must approve the administrator role.`
          : `${made.email} was added and signs in by e-mailed link.`,
      }),
      failTitle: "Could Not Add User",
      ...afterAccountChange(utils, onOpenChange, true),
    });
  };
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add user"
      subtitle="People other than administrators have no password: they sign in by e-mailed link."
      confirmLabel="Add user"
      size="md"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <InputField label="Email" required type="email" value={form.email} onChange={set("email")} />
        <HStack gap="4" align="start" flexDirection={{ base: "column", sm: "row" }}>
          <InputField label="First name" value={form.firstName} onChange={set("firstName")} />
          <InputField label="Last name" value={form.lastName} onChange={set("lastName")} />
        </HStack>
        <RoleFields form={form} set={set} replace={replace} setReplace={setReplace} open={open} />
      </Stack>
    </RecordFormDialog>
  );
}

export function ChangeRoleDialog({ user, open, onOpenChange }: { user: AdminUser | null } & DialogControl) {
  const utils = trpc.useUtils();
  const change = trpc.admin.changeRole.useMutation();
  const [replace, setReplace] = useState(false);
  const { form, set } = useRecordForm(open, () => ({
    role: user?.role ?? "customer",
    dealershipId: user?.managedDealershipId ? String(user.managedDealershipId) : "",
    reason: "",
  }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    await saveRecord({
      save: () =>
        withReauthentication(() => change.mutateAsync({ id: user.id, target: targetOf(form, replace) })),
      success: (after) => ({
        title: form.role === "admin" ? "Promotion Requested" : "Role Changed",
        description:
          form.role === "admin"
            ? `Another administrator must approve making ${after.email} an administrator.`
            : `${after.email} is now a ${after.role}.`,
      }),
      failTitle: "Could Not Change Role",
      ...afterAccountChange(utils, onOpenChange, true),
    });
  };
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change role"
      subtitle={user?.email}
      confirmLabel={form.role === "admin" ? "Request promotion" : "Change role"}
      size="md"
      pending={change.isPending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <RoleFields form={form} set={set} replace={replace} setReplace={setReplace} open={open} />
        {user?.salespersonId != null && form.role !== "salesperson" ? (
          // The server refuses this change; say so before the administrator tries.
          <Text data-testid="role-profile-note" fontSize="sm" color="fg.warning">
            {salespersonProfileRefusal(form.role as Exclude<Role, "salesperson">)}
          </Text>
        ) : null}
      </Stack>
    </RecordFormDialog>
  );
}

/** Suspends an active account or reactivates a suspended one; either way with a reason for the audit trail. */
export function SuspensionDialog({ user, open, onOpenChange }: { user: AdminUser | null } & DialogControl) {
  const utils = trpc.useUtils();
  const suspend = trpc.admin.suspendUser.useMutation();
  const reactivate = trpc.admin.reactivateUser.useMutation();
  const { form, set, tried, setTried } = useRecordForm(open, () => ({ reason: "" }));
  const suspending = !user?.disabledAt;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!user || !form.reason.trim()) return;
    const input = { id: user.id, reason: form.reason.trim() };
    await saveRecord({
      // Suspending an administrator needs a recent sign-in (the dialog asks for it when it is older).
      save: () =>
        suspending ? withReauthentication(() => suspend.mutateAsync(input)) : reactivate.mutateAsync(input),
      success: (after) => ({
        title: suspending ? "Account Suspended" : "Account Reactivated",
        description: suspending
          ? `${after.email} is signed out everywhere and cannot sign in.`
          : `${after.email} can sign in again.`,
      }),
      failTitle: suspending ? "Could Not Suspend" : "Could Not Reactivate",
      ...afterAccountChange(utils, onOpenChange),
    });
  };
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={suspending ? "Suspend account" : "Reactivate account"}
      subtitle={
        suspending
          ? `${user?.email ?? ""}: every session and API key stops at once, sign-in is refused, and a salesperson profile leaves browse and booking.`
          : `${user?.email ?? ""} was suspended: ${user?.suspensionReason ?? ""}`
      }
      confirmLabel={suspending ? "Suspend" : "Reactivate"}
      size="md"
      pending={suspend.isPending || reactivate.isPending}
      onSubmit={submit}
    >
      <TextareaField
        label={suspending ? "Reason for suspension" : "Reason for reactivation"}
        required
        rows={3}
        maxLength={1000}
        value={form.reason}
        onChange={set("reason")}
        error={tried && !form.reason.trim() ? "Please give a reason" : undefined}
        hint="Kept in the audit trail with your name."
      />
    </RecordFormDialog>
  );
}

/** Requests to make someone an administrator: another administrator decides, the asker may withdraw. */
export function PromotionRequests({ me }: { me: string | undefined }) {
  const utils = trpc.useUtils();
  const open = trpc.admin.promotions.useQuery();
  const decide = trpc.admin.decidePromotion.useMutation();
  if (!open.data?.length) return null;
  const act = async (id: number, decision: "approve" | "decline" | "withdraw") => {
    try {
      const done = await withReauthentication(() => decide.mutateAsync({ id, decision }));
      showToast({
        title: "Request Updated",
        description: `${done.email}: ${done.outcome}.`,
        variant: "success",
      });
    } catch (error) {
      showFailure("Could Not Decide", error);
    }
    await Promise.all([utils.admin.promotions.invalidate(), utils.admin.users.invalidate()]);
  };
  return (
    <SectionCard title="Administrator requests" description="A second administrator approves or declines.">
      <Stack gap="3">
        {open.data.map((p) => (
          <HStack
            key={p.id}
            justify="space-between"
            align={{ base: "stretch", md: "center" }}
            flexDirection={{ base: "column", md: "row" }}
            gap="3"
          >
            <Stack gap="0.5" minW="0">
              <Text fontWeight="medium" truncate>
                {p.name ?? p.email} <Badge colorPalette="orange">Pending</Badge>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Asked by {p.requestedByEmail ?? "an administrator"}
                {p.reason ? ` · ${p.reason}` : ""}
              </Text>
            </Stack>
            {p.requestedBy === me ? (
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => void act(p.id, "withdraw")}
              >
                Withdraw
              </Button>
            ) : (
              <DecideButtons
                no={{ label: "Decline", onClick: () => void act(p.id, "decline") }}
                yes={{ label: "Approve", onClick: () => void act(p.id, "approve") }}
              />
            )}
          </HStack>
        ))}
      </Stack>
    </SectionCard>
  );
}
