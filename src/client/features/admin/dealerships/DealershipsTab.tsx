import { Badge, Flex, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { LuBuilding2, LuImage, LuSearchX } from "react-icons/lu";
import type { AdminDealership, PublicDealership } from "../../../../shared/schemas/admin";
import { apiErrorCause, trpc } from "../../../trpc";
import { InputField } from "../../../ui/form";
import { Notice } from "../../../ui/QueryState";
import {
  ConsoleRow,
  type RecordDialogs,
  RecordTab,
  RowActions,
  useRecordDialogs,
  useSearchPage,
} from "../consoleList";
import { RecordFormDialog, refreshAfterChange, saveRecord, useRecordForm } from "../recordForm";

const PAGE_SIZE = 20;

/** The console is for administrators, who get the whole row. */
function asAdmin(d: PublicDealership | AdminDealership): AdminDealership | null {
  return "salespeopleCount" in d ? d : null;
}

type FormState = {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
  timeZone: string;
  latitude: string;
  longitude: string;
};
const EMPTY: FormState = {
  name: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  phoneNumber: "",
  website: "",
  timeZone: "",
  latitude: "",
  longitude: "",
};
const REQUIRED = ["name", "address", "city", "state", "zipCode"] as const;
const LABELS: Record<(typeof REQUIRED)[number], string> = {
  name: "Name",
  address: "Address",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
};

function DealershipDialog({
  dealership,
  open,
  onOpenChange,
}: {
  dealership: AdminDealership | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createDealership.useMutation();
  const update = trpc.admin.updateDealership.useMutation();
  const { form, set, tried, setTried } = useRecordForm<FormState>(open, () =>
    dealership
      ? {
          ...EMPTY,
          name: dealership.name,
          address: dealership.address,
          city: dealership.city,
          state: dealership.state,
          zipCode: dealership.zipCode,
          phoneNumber: dealership.phoneNumber ?? "",
          website: dealership.website ?? "",
        }
      : EMPTY,
  );
  const [needsPlace, setNeedsPlace] = useState(false);
  useEffect(() => {
    if (open) setNeedsPlace(false);
  }, [open]);
  const pending = create.isPending || update.isPending;
  const missing = (key: (typeof REQUIRED)[number]) => tried && !form[key].trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (REQUIRED.some((key) => !form[key].trim())) return;
    const payload = {
      name: form.name,
      address: form.address,
      city: form.city,
      state: form.state,
      zipCode: form.zipCode,
      phoneNumber: form.phoneNumber,
      website: form.website,
      ...(needsPlace
        ? {
            timeZone: form.timeZone.trim() || undefined,
            latitude: form.latitude.trim() ? Number(form.latitude) : undefined,
            longitude: form.longitude.trim() ? Number(form.longitude) : undefined,
          }
        : {}),
    };
    await saveRecord({
      save: () =>
        dealership ? update.mutateAsync({ id: dealership.id, ...payload }) : create.mutateAsync(payload),
      success: (saved) => ({
        title: dealership ? "Dealership Updated" : "Dealership Added",
        description: `${saved.name} was saved.`,
      }),
      failTitle: dealership ? "Update Failed" : "Failed to add dealership",
      onClose: () => onOpenChange(false),
      refresh: () => refreshAfterChange(utils.admin.dealerships, utils),
      onError: (error) => {
        if (apiErrorCause(error) === "UNKNOWN_CITY") setNeedsPlace(true);
      },
    });
  };

  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dealership ? "Edit dealership" : "Add dealership"}
      subtitle="Name, address, city, state and ZIP are required. Time zone and map position come from the city."
      confirmLabel={dealership ? "Save changes" : "Add dealership"}
      pending={pending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <InputField
          label="Name"
          required
          value={form.name}
          onChange={set("name")}
          error={missing("name") ? `${LABELS.name} is required` : undefined}
        />
        <InputField
          label="Address"
          required
          value={form.address}
          onChange={set("address")}
          error={missing("address") ? `${LABELS.address} is required` : undefined}
        />
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <InputField
            label="City"
            required
            value={form.city}
            onChange={set("city")}
            error={missing("city") ? `${LABELS.city} is required` : undefined}
          />
          <InputField
            label="State"
            required
            maxLength={2}
            placeholder="TX"
            value={form.state}
            onChange={set("state")}
            error={missing("state") ? `${LABELS.state} is required` : undefined}
          />
          <InputField
            label="ZIP"
            required
            inputMode="numeric"
            value={form.zipCode}
            onChange={set("zipCode")}
            error={missing("zipCode") ? `${LABELS.zipCode} is required` : undefined}
          />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <InputField label="Phone" note="optional" value={form.phoneNumber} onChange={set("phoneNumber")} />
          <InputField
            label="Website"
            note="optional"
            type="url"
            placeholder="https://"
            value={form.website}
            onChange={set("website")}
          />
        </SimpleGrid>
        {needsPlace ? (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <InputField
              label="Time zone"
              required
              placeholder="America/Chicago"
              value={form.timeZone}
              onChange={set("timeZone")}
            />
            <InputField
              label="Latitude"
              required
              inputMode="decimal"
              value={form.latitude}
              onChange={set("latitude")}
            />
            <InputField
              label="Longitude"
              required
              inputMode="decimal"
              value={form.longitude}
              onChange={set("longitude")}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </RecordFormDialog>
  );
}

function DealershipRow({
  dealership: d,
  dialogs,
}: {
  dealership: AdminDealership;
  dialogs: RecordDialogs<AdminDealership>;
}) {
  return (
    <ConsoleRow
      media={
        <Flex
          boxSize="12"
          borderRadius="lg"
          bg="gray.100"
          align="center"
          justify="center"
          overflow="hidden"
          flexShrink={0}
        >
          {d.logoUrl ? (
            <Image src={d.logoUrl} alt="" boxSize="full" objectFit="cover" />
          ) : (
            <LuBuilding2 aria-hidden />
          )}
        </Flex>
      }
      title={d.name}
      badge={
        <Badge variant="subtle" borderRadius="full">
          {d.salespeopleCount} salespeople
        </Badge>
      }
      actions={
        <RowActions
          record={d}
          name={d.name}
          dialogs={dialogs}
          picture={{ label: "Logo", icon: <LuImage />, ariaLabel: `Upload a logo for ${d.name}` }}
        />
      }
    >
      <Text fontSize="sm" color="fg.muted" truncate>
        {d.address}, {d.city}, {d.state} {d.zipCode}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {d.managerEmail ? `Manager: ${d.managerEmail}` : "No manager"} · {d.timeZone}
      </Text>
    </ConsoleRow>
  );
}

/** Dealerships: search, add, edit, logo and delete with a reason (refused while salespeople remain). */
export function DealershipsTab() {
  const utils = trpc.useUtils();
  const state = useSearchPage();
  const list = trpc.admin.dealerships.useQuery(
    { search: state.search, page: state.page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const dialogs = useRecordDialogs<AdminDealership>();
  const { editing } = dialogs;
  const remove = trpc.admin.deleteDealership.useMutation();

  return (
    <RecordTab
      title="Dealerships"
      description="Partner dealerships, their managers and team sizes."
      add="Add Dealership"
      dialogs={dialogs}
      forms={
        <DealershipDialog dealership={editing.subject} open={editing.open} onOpenChange={editing.setOpen} />
      }
      picture={{
        title: "Dealership logo",
        subtitle: (d) => `A new logo for ${d.name}.`,
        current: (d) => d.logoUrl ?? null,
        uploadUrl: (d) => `/api/admin/dealership/${d?.id ?? 0}/upload-logo`,
        onUploaded: () => utils.admin.dealerships.invalidate(),
      }}
      remove={{
        title: "Delete dealership",
        explain: (d) =>
          `${d.name} will be removed. A dealership with salespeople can't be deleted until they are reassigned or removed.`,
        onDelete: async (d, reason) => {
          const result = await remove.mutateAsync({ id: d.id, reason });
          await refreshAfterChange(utils.admin.dealerships, utils);
          return { title: "Dealership Deleted", description: `${result.deletedDealership} was deleted.` };
        },
      }}
      query={list}
      state={state}
      listing="dealerships"
      toolbar={{ placeholder: "Search by name, city, state or ZIP", noun: "dealership" }}
      loading={{ rows: 5, height: "20" }}
      error={{ title: "Failed to load dealerships", description: "Check your connection and try again." }}
      empty={<Notice icon={LuSearchX} title="No dealerships found" description="Try another search." />}
      listLabel="Dealerships"
      pager={{ pageSize: PAGE_SIZE }}
    >
      {(item) => {
        const d = asAdmin(item);
        return d ? <DealershipRow key={d.id} dealership={d} dialogs={dialogs} /> : null;
      }}
    </RecordTab>
  );
}
