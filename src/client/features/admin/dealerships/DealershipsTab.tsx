import { Badge, Button, Flex, HStack, Image, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { LuBuilding2, LuImage, LuPencil, LuPlus, LuSearchX, LuTrash2 } from "react-icons/lu";
import type { AdminDealership, PublicDealership } from "../../../../shared/schemas/admin";
import { apiErrorCause, apiErrorMessage, trpc } from "../../../trpc";
import { DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { InputField } from "../../../ui/form";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, QueryState } from "../../../ui/QueryState";
import { showToast } from "../../../ui/toaster";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import {
  DeleteWithReasonDialog,
  ImageUploadDialog,
  ListPager,
  ListToolbar,
  SKELETON_KEYS,
  useDebouncedSearch,
} from "../consoleKit";

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
  const [form, setForm] = useState<FormState>(EMPTY);
  const [tried, setTried] = useState(false);
  const [needsPlace, setNeedsPlace] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTried(false);
    setNeedsPlace(false);
    setForm(
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
  }, [open, dealership]);
  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
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
    try {
      const saved = dealership
        ? await update.mutateAsync({ id: dealership.id, ...payload })
        : await create.mutateAsync(payload);
      showToast({
        title: dealership ? "Dealership Updated" : "Dealership Added",
        description: `${saved.name} was saved.`,
        variant: "success",
      });
      onOpenChange(false);
      await utils.admin.dealerships.invalidate();
      void utils.admin.overview.invalidate();
    } catch (error) {
      if (apiErrorCause(error) === "UNKNOWN_CITY") setNeedsPlace(true);
      showToast({
        title: dealership ? "Update Failed" : "Failed to add dealership",
        description: apiErrorMessage(error, "Please check the details and try again."),
        variant: "destructive",
      });
    }
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={pending} size="lg">
      <DialogHeading
        title={dealership ? "Edit dealership" : "Add dealership"}
        subtitle="Name, address, city, state and ZIP are required. Time zone and map position come from the city."
      />
      <DialogForm
        label={dealership ? "Edit dealership" : "Add dealership"}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        submit={{
          confirmLabel: dealership ? "Save changes" : "Add dealership",
          pendingLabel: "Saving...",
          pending,
        }}
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
            <InputField
              label="Phone"
              note="optional"
              value={form.phoneNumber}
              onChange={set("phoneNumber")}
            />
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
      </DialogForm>
    </DialogFrame>
  );
}

function DealershipRow({
  dealership: d,
  onEdit,
  onLogo,
  onDelete,
}: {
  dealership: AdminDealership;
  onEdit: () => void;
  onLogo: () => void;
  onDelete: () => void;
}) {
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
      <HStack gap="3" flex="1" minW="0">
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
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" truncate>
              {d.name}
            </Text>
            <Badge variant="subtle" borderRadius="full">
              {d.salespeopleCount} salespeople
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted" truncate>
            {d.address}, {d.city}, {d.state} {d.zipCode}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {d.managerEmail ? `Manager: ${d.managerEmail}` : "No manager"} · {d.timeZone}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="2" flexShrink={0} wrap="wrap">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${d.name}`}>
          <LuPencil /> Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onLogo} aria-label={`Upload a logo for ${d.name}`}>
          <LuImage /> Logo
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          aria-label={`Delete ${d.name}`}
        >
          <LuTrash2 /> Delete
        </Button>
      </HStack>
    </Flex>
  );
}

/** Dealerships: search, add, edit, logo and delete with a reason (refused while salespeople remain). */
export function DealershipsTab() {
  const utils = trpc.useUtils();
  const { text, setText, search } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1.
  useEffect(() => setPage(1), [search]);
  const list = trpc.admin.dealerships.useQuery(
    { search, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const editing = useDialogSubject<AdminDealership | null>();
  const logo = useDialogSubject<AdminDealership>();
  const deleting = useDialogSubject<AdminDealership>();
  const remove = trpc.admin.deleteDealership.useMutation();

  return (
    <Stack gap="5">
      <PanelHeader title="Dealerships" description="Partner dealerships, their managers and team sizes.">
        <Button colorPalette="blue" onClick={() => editing.show(null)}>
          <LuPlus /> Add Dealership
        </Button>
      </PanelHeader>
      <ListToolbar
        label="Search dealerships"
        placeholder="Search by name, city, state or ZIP"
        value={text}
        onChange={setText}
        total={list.data?.total}
        noun="dealership"
      />
      <QueryState
        query={list}
        loading={
          <Stack gap="3" aria-busy="true" aria-label="Loading dealerships">
            {SKELETON_KEYS.slice(0, 5).map((key) => (
              <Skeleton key={key} height="20" borderRadius="xl" />
            ))}
          </Stack>
        }
        error={{ title: "Failed to load dealerships", description: "Check your connection and try again." }}
        isEmpty={(data) => data.items.length === 0}
        empty={<Notice icon={LuSearchX} title="No dealerships found" description="Try another search." />}
      >
        {(data) => (
          <Stack gap="3">
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Dealerships">
              {data.items.map((item) => {
                const d = asAdmin(item);
                return d ? (
                  <DealershipRow
                    key={d.id}
                    dealership={d}
                    onEdit={() => editing.show(d)}
                    onLogo={() => logo.show(d)}
                    onDelete={() => deleting.show(d)}
                  />
                ) : null;
              })}
            </Stack>
            <ListPager
              total={data.total}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
              noun="dealership"
            />
          </Stack>
        )}
      </QueryState>
      <DealershipDialog dealership={editing.subject} open={editing.open} onOpenChange={editing.setOpen} />
      <ImageUploadDialog
        open={logo.open}
        onOpenChange={logo.setOpen}
        title="Dealership logo"
        subtitle={logo.subject ? `A new logo for ${logo.subject.name}.` : ""}
        current={logo.subject?.logoUrl ?? null}
        uploadUrl={`/api/admin/dealership/${logo.subject?.id ?? 0}/upload-logo`}
        onUploaded={() => utils.admin.dealerships.invalidate()}
      />
      <DeleteWithReasonDialog
        open={deleting.open}
        onOpenChange={deleting.setOpen}
        title="Delete dealership"
        description={
          deleting.subject
            ? `${deleting.subject.name} will be removed. A dealership with salespeople can't be deleted until they are reassigned or removed.`
            : ""
        }
        onDelete={async (reason) => {
          const result = await remove.mutateAsync({ id: deleting.subject!.id, reason });
          await utils.admin.dealerships.invalidate();
          void utils.admin.overview.invalidate();
          return { title: "Dealership Deleted", description: `${result.deletedDealership} was deleted.` };
        }}
      />
    </Stack>
  );
}
