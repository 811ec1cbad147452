import { NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { LuCamera, LuSearchX } from "react-icons/lu";
import { formatRating, PAYMENT_MODELS } from "../../../../shared/constants";
import { ADMIN_SALESPERSON_STATUSES, type AdminSalesperson } from "../../../../shared/schemas/admin";
import { apiErrorMessage, trpc } from "../../../trpc";
import { DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { InputField, TextareaField } from "../../../ui/form";
import { ProfilePhoto } from "../../../ui/ProfilePhoto";
import { Notice } from "../../../ui/QueryState";
import { capitalise, StatusBadge } from "../../../ui/StatusBadge";
import { showToast } from "../../../ui/toaster";
import { ImageUploadDialog } from "../consoleKit";
import {
  ConsoleRow,
  type RecordDialogs,
  RecordTab,
  RowActions,
  useRecordDialogs,
  useSearchPage,
} from "../consoleList";

const PAGE_SIZE = 20;

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

function SalespersonDialog({
  salesperson,
  open,
  onOpenChange,
}: {
  /** null: add a new one. */
  salesperson: AdminSalesperson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createSalesperson.useMutation();
  const update = trpc.admin.updateSalesperson.useMutation();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [tried, setTried] = useState(false);
  const [dealershipSearch, setDealershipSearch] = useState("");
  const dealerships = trpc.admin.dealerships.useQuery(
    { search: dealershipSearch || undefined, pageSize: 100, page: 1 },
    { enabled: open, placeholderData: (previous) => previous },
  );
  useEffect(() => {
    if (!open) return;
    setTried(false);
    setDealershipSearch("");
    setForm(
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
    );
  }, [open, salesperson]);
  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const pending = create.isPending || update.isPending;
  const missing = {
    name: !form.name.trim(),
    email: !form.email.trim(),
    dealershipId: !form.dealershipId,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing.name || missing.email || missing.dealershipId) return;
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
    try {
      const saved = salesperson
        ? await update.mutateAsync({ id: salesperson.id, ...payload })
        : await create.mutateAsync(payload);
      showToast({
        title: salesperson ? "Salesperson Updated" : "Salesperson Added",
        description: `${saved.name} was saved.`,
        variant: "success",
      });
      onOpenChange(false);
      await utils.admin.salespeople.invalidate();
      void utils.admin.overview.invalidate();
    } catch (error) {
      showToast({
        title: salesperson ? "Update Failed" : "Failed to add salesperson",
        description: apiErrorMessage(error, "Please check the details and try again."),
        variant: "destructive",
      });
    }
  };

  const choices = dealerships.data?.items ?? [];
  const current = salesperson?.dealershipId;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={pending} size="lg">
      <DialogHeading
        title={salesperson ? "Edit salesperson" : "Add salesperson"}
        subtitle="Name, email and dealership are required. City, state and time zone come from the dealership."
      />
      <DialogForm
        label={salesperson ? "Edit salesperson" : "Add salesperson"}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        submit={{
          confirmLabel: salesperson ? "Save changes" : "Add salesperson",
          pendingLabel: "Saving...",
          pending,
        }}
      >
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <InputField
              label="Name"
              required
              value={form.name}
              onChange={set("name")}
              error={tried && missing.name ? "Name is required" : undefined}
            />
            <InputField
              label="Email"
              required
              type="email"
              value={form.email}
              onChange={set("email")}
              error={tried && missing.email ? "Email is required" : undefined}
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
            <NativeSelect.Root invalid={tried && missing.dealershipId}>
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
            {tried && missing.dealershipId ? (
              <Text color="fg.error" fontSize="sm" role="alert">
                Please choose a dealership
              </Text>
            ) : null}
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <InputField
              label="Phone"
              note="optional"
              value={form.phoneNumber}
              onChange={set("phoneNumber")}
            />
            <InputField
              label="Years of experience"
              type="number"
              min={0}
              max={50}
              value={form.yearsOfExperience}
              onChange={set("yearsOfExperience")}
            />
            <Stack gap="1.5">
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="sp-status">Status</label>
              </Text>
              <NativeSelect.Root>
                <NativeSelect.Field id="sp-status" value={form.status} onChange={set("status")}>
                  {ADMIN_SALESPERSON_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {capitalise(s)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
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
      </DialogForm>
    </DialogFrame>
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
        {s.city}, {s.state} · {formatRating(s.averageRating)} ★ from {s.totalReviews} reviews
      </Text>
    </ConsoleRow>
  );
}

/** Salespeople: search, add, edit, photo and delete with a reason. */
export function SalespeopleTab() {
  const utils = trpc.useUtils();
  const state = useSearchPage();
  const list = trpc.admin.salespeople.useQuery(
    { search: state.search, page: state.page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const dialogs = useRecordDialogs<AdminSalesperson>();
  const { editing, picture: photo } = dialogs;
  const remove = trpc.admin.deleteSalesperson.useMutation();

  return (
    <RecordTab
      title="Salespeople"
      description="Every salesperson profile, at dealerships and independent."
      add="Add Salesperson"
      dialogs={dialogs}
      forms={
        <>
          <SalespersonDialog
            salesperson={editing.subject}
            open={editing.open}
            onOpenChange={editing.setOpen}
          />
          <ImageUploadDialog
            open={photo.open}
            onOpenChange={photo.setOpen}
            title="Profile photo"
            subtitle={photo.subject ? `A new photo for ${photo.subject.name}.` : ""}
            current={photo.subject?.profileImageUrl ?? null}
            uploadUrl={`/api/admin/salesperson/${photo.subject?.id ?? 0}/upload-photo`}
            onUploaded={() => utils.admin.salespeople.invalidate()}
          />
        </>
      }
      remove={{
        title: "Delete salesperson",
        explain: (s) => `${s.name}'s profile, appointments and reviews will be removed. Their account stays.`,
        onDelete: async (s, reason) => {
          const result = await remove.mutateAsync({ id: s.id, reason });
          await utils.admin.salespeople.invalidate();
          void utils.admin.overview.invalidate();
          return { title: "Salesperson Deleted", description: `${result.deletedSalesperson} was deleted.` };
        },
      }}
      query={list}
      state={state}
      toolbar={{
        label: "Search salespeople",
        placeholder: "Search by name, email, dealership or city",
        noun: "salesperson",
      }}
      loading={{ label: "Loading salespeople", rows: 5, height: "20" }}
      error={{ title: "Failed to fetch salespeople", description: "Check your connection and try again." }}
      empty={<Notice icon={LuSearchX} title="No salespeople found" description="Try another search." />}
      listLabel="Salespeople"
      pager={{ pageSize: PAGE_SIZE, noun: "salespeople" }}
    >
      {(s) => <SalespersonRow key={s.id} salesperson={s} dialogs={dialogs} />}
    </RecordTab>
  );
}
