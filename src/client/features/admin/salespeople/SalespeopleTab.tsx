import { NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuCamera } from "react-icons/lu";
import { PAYMENT_MODELS } from "../../../../shared/constants";
import { ADMIN_SALESPERSON_STATUSES, type AdminSalesperson } from "../../../../shared/schemas/admin";
import { trpc } from "../../../trpc";
import { InputField, SelectField, TextareaField } from "../../../ui/form";
import { ProfilePhoto } from "../../../ui/ProfilePhoto";
import { NOT_YET_RATED, ratingText } from "../../../ui/Rating";
import { capitalise, StatusBadge } from "../../../ui/StatusBadge";
import { CertificationQueue } from "../../manager";
import { PurchaseClaimQueue } from "../../purchases";
import { type RecordEditing, RecordFormDialog, useAddOrEditForm } from "../recordForm";
import type { RecordDialogs, RecordKind } from "../recordTab";
import { ConsoleRow, RecordTab, RowActions, useRecordConsole } from "../recordTab";

type FormState = {
  name: string;
  email: string;
  dealershipId: string;
  phoneNumber: string;
  status: (typeof ADMIN_SALESPERSON_STATUSES)[number];
  yearsOfExperience: string;
  paymentModel: (typeof PAYMENT_MODELS)[number];
  bio: string;
};

const EMPTY: FormState = {
  name: "",
  email: "",
  dealershipId: "",
  phoneNumber: "",
  status: "available",
  yearsOfExperience: "0",
  paymentModel: "dealership",
  bio: "",
};

const SALESPEOPLE: RecordKind<AdminSalesperson> = {
  title: "Salespeople",
  description: "Every salesperson profile, at dealerships and independent.",
  noun: "salesperson",
  listing: "salespeople",
  add: "Add Salesperson",
  toolbar: { placeholder: "Search by name, email, dealership or city", noun: "salesperson" },
  failure: { title: "Failed to fetch salespeople", description: "Check your connection and try again." },
  none: { title: "No salespeople found", description: "Try another search." },
  picture: {
    title: "Profile photo",
    subtitle: (s) => `A new photo for ${s.name}.`,
    current: (s) => s.profileImageUrl ?? null,
    uploadUrl: (s) => `/api/admin/salesperson/${s?.id ?? 0}/upload-photo`,
  },
  explain: (s) => `${s.name}'s profile, appointments and reviews will be removed. Their account stays.`,
};

const STATUS_OPTIONS = ADMIN_SALESPERSON_STATUSES.map((s) => ({ value: s, label: capitalise(s) }));

function SalespersonDialog({ editing }: { editing: RecordEditing<AdminSalesperson> }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createSalesperson.useMutation();
  const update = trpc.admin.updateSalesperson.useMutation();
  const { form, set, missing, dialog } = useAddOrEditForm({
    noun: "salesperson",
    editing,
    fill: (salesperson): FormState =>
      salesperson
        ? {
            name: salesperson.name,
            email: salesperson.email,
            dealershipId: salesperson.dealershipId ? String(salesperson.dealershipId) : "",
            phoneNumber: salesperson.phoneNumber ?? "",
            status: (ADMIN_SALESPERSON_STATUSES as readonly string[]).includes(salesperson.status)
              ? (salesperson.status as FormState["status"])
              : "offline",
            yearsOfExperience: String(salesperson.yearsOfExperience),
            paymentModel: salesperson.paymentModel,
            bio: salesperson.bio ?? "",
          }
        : EMPTY,
    required: ["name", "email", "dealershipId"],
    save: (form, salesperson) => {
      const payload = {
        name: form.name,
        email: form.email,
        dealershipId: Number(form.dealershipId),
        phoneNumber: form.phoneNumber,
        status: form.status,
        yearsOfExperience: Number(form.yearsOfExperience || 0),
        paymentModel: form.paymentModel,
        bio: form.bio,
      };
      return salesperson
        ? update.mutateAsync({ id: salesperson.id, ...payload })
        : create.mutateAsync(payload);
    },
    pending: create.isPending || update.isPending,
    cache: utils.admin.salespeople,
  });
  const [dealershipSearch, setDealershipSearch] = useState("");
  const dealerships = trpc.admin.dealerships.useQuery(
    { search: dealershipSearch || undefined, pageSize: 100, page: 1 },
    { enabled: editing.open, placeholderData: (previous) => previous },
  );
  useEffect(() => {
    if (editing.open) setDealershipSearch("");
  }, [editing.open]);

  const choices = dealerships.data?.items ?? [];
  const salesperson = editing.subject;
  const current = salesperson?.dealershipId;
  return (
    <RecordFormDialog
      {...dialog}
      subtitle="Name, email and dealership are required. City, state and time zone come from the dealership."
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <InputField
            label="Name"
            required
            value={form.name}
            onChange={set("name")}
            error={missing("name") ? "Name is required" : undefined}
          />
          <InputField
            label="Email"
            required
            type="email"
            value={form.email}
            onChange={set("email")}
            error={missing("email") ? "Email is required" : undefined}
          />
        </SimpleGrid>
        <Stack gap="2">
          <InputField
            label="Find a dealership"
            type="search"
            placeholder="Type a name or city"
            value={dealershipSearch}
            onChange={(e) => setDealershipSearch(e.target.value)}
          />
          <NativeSelect.Root invalid={missing("dealershipId")}>
            <NativeSelect.Field
              aria-label="Dealership"
              aria-required
              value={form.dealershipId}
              onChange={set("dealershipId")}
            >
              <option value="">Choose a dealership…</option>
              {current && !choices.some((d) => d.id === current) ? (
                <option value={String(current)}>{salesperson?.dealership}</option>
              ) : null}
              {choices.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {d.name} — {d.city}, {d.state}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {missing("dealershipId") ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              Please choose a dealership
            </Text>
          ) : null}
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <InputField label="Phone" note="optional" value={form.phoneNumber} onChange={set("phoneNumber")} />
          <InputField
            label="Years of experience"
            type="number"
            min={0}
            max={50}
            value={form.yearsOfExperience}
            onChange={set("yearsOfExperience")}
          />
          <SelectField label="Status" value={form.status} onChange={set("status")} options={STATUS_OPTIONS} />
        </SimpleGrid>
        <Stack gap="1.5">
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="sp-payment">Payment model</label>
          </Text>
          <NativeSelect.Root>
            <NativeSelect.Field id="sp-payment" value={form.paymentModel} onChange={set("paymentModel")}>
              {PAYMENT_MODELS.map((m) => (
                <option key={m} value={m}>
                  {m === "dealership" ? "Dealership pays" : "Individual"}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <TextareaField
          label="Bio"
          note="optional"
          rows={3}
          value={form.bio}
          onChange={set("bio")}
          maxLength={2000}
        />
      </Stack>
    </RecordFormDialog>
  );
}

function SalespersonRow({
  salesperson: s,
  dialogs,
}: {
  salesperson: AdminSalesperson;
  dialogs: RecordDialogs<AdminSalesperson>;
}) {
  return (
    <ConsoleRow
      media={<ProfilePhoto src={s.profileImageUrl} name={s.name} boxSize="12" borderRadius="full" />}
      title={s.name}
      badge={<StatusBadge status={s.status} />}
      actions={
        <RowActions
          record={s}
          name={s.name}
          dialogs={dialogs}
          picture={{ label: "Photo", icon: <LuCamera />, ariaLabel: `Upload a photo of ${s.name}` }}
        />
      }
    >
      <Text fontSize="sm" color="fg.muted" truncate>
        {s.email} · {s.dealership ?? "Independent"}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {s.city}, {s.state} ·{" "}
        {s.totalReviews === 0
          ? NOT_YET_RATED
          : `${ratingText(s.averageRating, s.totalReviews)} ★ from ${s.totalReviews} ${s.totalReviews === 1 ? "review" : "reviews"}`}
      </Text>
    </ConsoleRow>
  );
}

/** Salespeople: search, add, edit, photo and delete with a reason. */
export function SalespeopleTab() {
  const utils = trpc.useUtils();
  const records = useRecordConsole<AdminSalesperson>();
  const list = trpc.admin.salespeople.useQuery(records.page, records.options);
  const remove = trpc.admin.deleteSalesperson.useMutation();

  return (
    <Stack gap="6">
      <CertificationQueue description="Independent salespeople's certifications (a dealership's manager verifies their team's). A rejected one is removed and the salesperson is told." />
      <PurchaseClaimQueue description="Buyers who say they bought from an independent salesperson (a dealership's manager decides for their team). A declined buyer is told your reason." />
      <RecordTab
        kind={SALESPEOPLE}
        cache={utils.admin.salespeople}
        records={records}
        forms={<SalespersonDialog editing={records.dialogs.editing} />}
        remove={async (s, reason) => (await remove.mutateAsync({ id: s.id, reason })).deletedSalesperson}
        query={list}
      >
        {(s) => <SalespersonRow key={s.id} salesperson={s} dialogs={records.dialogs} />}
      </RecordTab>
    </Stack>
  );
}
