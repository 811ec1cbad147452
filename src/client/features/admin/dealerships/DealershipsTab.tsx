import { Badge, Button, Flex, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type ComponentProps, useState } from "react";
import { LuBuilding2, LuImage, LuUserPlus } from "react-icons/lu";
import type { AdminDealership, PublicDealership } from "../../../../shared/schemas/admin";
import { trpc } from "../../../trpc";
import { InputField } from "../../../ui/form";
import { type RecordEditing, RecordFormDialog, useAddOrEditForm } from "../recordForm";
import type { RecordDialogs, RecordKind } from "../recordTab";
import { ConsoleRow, RecordTab, RowActions, useRecordConsole } from "../recordTab";
import { InviteManagerDialog, ManagerInvitations } from "./ManagerInvitations";

const DEALERSHIPS: RecordKind<AdminDealership> = {
  title: "Dealerships",
  description: "Partner dealerships, their managers and team sizes.",
  noun: "dealership",
  listing: "dealerships",
  add: "Add Dealership",
  toolbar: { placeholder: "Search by name, city, state or ZIP", noun: "dealership" },
  failure: { title: "Failed to load dealerships", description: "Check your connection and try again." },
  none: { title: "No dealerships found", description: "Try another search." },
  picture: {
    title: "Dealership logo",
    subtitle: (d) => `A new logo for ${d.name}.`,
    current: (d) => d.logoUrl ?? null,
    uploadUrl: (d) => `/api/admin/dealership/${d?.id ?? 0}/upload-logo`,
  },
  explain: (d) =>
    `${d.name} will be removed. A dealership with salespeople can't be deleted until they are reassigned or removed.`,
};

/** The console is for administrators, who get the whole row. */
function asAdmin(d: PublicDealership | AdminDealership): AdminDealership | null {
  return "salespeopleCount" in d ? d : null;
}

type FormState = {
  name: string;
  address: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
  timeZone: string;
};
const EMPTY: FormState = { name: "", address: "", zipCode: "", phoneNumber: "", website: "", timeZone: "" };
const REQUIRED = ["name", "address", "zipCode"] as const;
type Required = (typeof REQUIRED)[number];
const isRequired = (name: keyof FormState): name is Required =>
  (REQUIRED as readonly string[]).includes(name);
const LABELS: Record<Required, string> = { name: "Name", address: "Address", zipCode: "ZIP code" };

type Field = { name: keyof FormState } & Omit<
  ComponentProps<typeof InputField>,
  "name" | "value" | "onChange"
>;

/** The form's rows, each a row of fields side by side from tablets up. City and state follow from the ZIP code. */
const FIELD_ROWS: Field[][] = [
  [{ name: "name", label: "Name", required: true }],
  [
    { name: "address", label: "Street address", required: true },
    {
      name: "zipCode",
      label: "ZIP",
      required: true,
      inputMode: "numeric",
      hint: "City and state follow from it",
    },
  ],
  [
    { name: "phoneNumber", label: "Phone", note: "optional" },
    { name: "website", label: "Website", note: "optional", type: "url", placeholder: "https://" },
  ],
  [
    {
      name: "timeZone",
      label: "Time zone",
      note: "optional",
      placeholder: "America/Chicago",
      hint: "The ZIP code's state's main zone unless given",
    },
  ],
];

function DealershipDialog({ editing }: { editing: RecordEditing<AdminDealership> }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createDealership.useMutation();
  const update = trpc.admin.updateDealership.useMutation();
  const { form, set, missing, dialog } = useAddOrEditForm({
    noun: "dealership",
    editing,
    fill: (dealership) =>
      dealership
        ? {
            ...EMPTY,
            name: dealership.name,
            address: dealership.address,
            zipCode: dealership.zipCode,
            phoneNumber: dealership.phoneNumber ?? "",
            website: dealership.website ?? "",
            timeZone: dealership.timeZone,
          }
        : EMPTY,
    required: REQUIRED,
    save: (form, dealership) => {
      const payload = {
        name: form.name,
        address: form.address,
        zipCode: form.zipCode,
        phoneNumber: form.phoneNumber,
        website: form.website,
        timeZone: form.timeZone.trim() || undefined,
      };
      return dealership ? update.mutateAsync({ id: dealership.id, ...payload }) : create.mutateAsync(payload);
    },
    pending: create.isPending || update.isPending,
    cache: utils.admin.dealerships,
  });

  return (
    <RecordFormDialog
      {...dialog}
      subtitle="Name, street address and ZIP are required. City, state, time zone and map position come from the ZIP code."
    >
      <Stack gap="4">
        {FIELD_ROWS.map((row) => (
          <SimpleGrid
            key={row.map((field) => field.name).join()}
            columns={{ base: 1, sm: row.length }}
            gap="4"
          >
            {row.map(({ name, ...field }) => (
              <InputField
                key={name}
                {...field}
                value={form[name]}
                onChange={set(name)}
                error={isRequired(name) && missing(name) ? `${LABELS[name]} is required` : undefined}
              />
            ))}
          </SimpleGrid>
        ))}
      </Stack>
    </RecordFormDialog>
  );
}

function DealershipRow({
  dealership: d,
  dialogs,
  onInviteManager,
}: {
  dealership: AdminDealership;
  dialogs: RecordDialogs<AdminDealership>;
  onInviteManager: (dealership: AdminDealership) => void;
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
        <HStack gap="2" wrap="wrap" flexShrink={0}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onInviteManager(d)}
            aria-label={`Invite a manager for ${d.name}`}
          >
            <LuUserPlus /> Invite manager
          </Button>
          <RowActions
            record={d}
            name={d.name}
            dialogs={dialogs}
            picture={{ label: "Logo", icon: <LuImage />, ariaLabel: `Upload a logo for ${d.name}` }}
          />
        </HStack>
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

/**
 * Dealerships: search, add, edit, logo and delete with a reason (refused while salespeople remain); invite a
 * manager for any of them, with the manager invitations not answered yet above the list.
 */
export function DealershipsTab() {
  const [invitingFor, setInvitingFor] = useState<AdminDealership | null>(null);
  const utils = trpc.useUtils();
  const records = useRecordConsole<AdminDealership>();
  const list = trpc.admin.dealerships.useQuery(records.page, records.options);
  const remove = trpc.admin.deleteDealership.useMutation();

  return (
    <Stack gap="6">
      <ManagerInvitations />
      <InviteManagerDialog
        dealership={invitingFor}
        onOpenChange={(open) => {
          if (!open) setInvitingFor(null);
        }}
      />
      <RecordTab
        kind={DEALERSHIPS}
        cache={utils.admin.dealerships}
        records={records}
        forms={<DealershipDialog editing={records.dialogs.editing} />}
        remove={async (d, reason) => (await remove.mutateAsync({ id: d.id, reason })).deletedDealership}
        query={list}
      >
        {(item) => {
          const d = asAdmin(item);
          return d ? (
            <DealershipRow
              key={d.id}
              dealership={d}
              dialogs={records.dialogs}
              onInviteManager={setInvitingFor}
            />
          ) : null;
        }}
      </RecordTab>
    </Stack>
  );
}
