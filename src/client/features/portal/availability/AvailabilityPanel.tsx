import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Flex,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Suspense, useState } from "react";
import { LuCalendarOff, LuPencil, LuPlus, LuRepeat, LuTrash2 } from "react-icons/lu";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { addDays, todayIn } from "../../../../shared/time";
import { trpc } from "../../../trpc";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { appointmentWhen } from "../../../ui/format";
import { ListOrNotice } from "../../../ui/ListOrNotice";
import { PanelHeader } from "../../../ui/PanelHeader";
import { QueryState } from "../../../ui/QueryState";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { fullViews } from "../../appointments";
import { type BlockEditing, BlockTimeDialog } from "./BlockTimeDialog";
import { BookingRulesCard } from "./BookingRulesCard";
import { type AvailabilityBlock, blockTypeStyle, describeBlockWhen, isBlockOver } from "./blocks";
import { CalendarFeedCard } from "./CalendarFeedCard";
import { WeekView } from "./WeekView";
import { WorkingHoursCard } from "./WorkingHoursCard";
import { mondayOf } from "./week";

const NO_BLOCKS = {
  icon: LuCalendarOff,
  title: "No blocked time",
  description: "Buyers can book any open slot within the opening hours.",
  py: "6",
};

type Clash = { title: string; appointments: AppointmentView[] };

function ClashWarning({ clash, onDismiss }: { clash: Clash; onDismiss: () => void }) {
  const count = clash.appointments.length;
  return (
    <Alert.Root
      status="warning"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="orange.200"
      alignItems="flex-start"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          “{clash.title}” overlaps {count} booked appointment{count === 1 ? "" : "s"}
        </Alert.Title>
        <Alert.Description>
          <Text mb="2">
            These stay booked. Keep them, or cancel them from the Appointments tab so the customers hear from
            you.
          </Text>
          <Stack as="ul" gap="1" ps="4" listStyleType="disc">
            {clash.appointments.map((a) => {
              const when = appointmentWhen(a.scheduledDateTime, a.timeZone);
              return (
                <li key={a.id}>
                  {a.customerName} · {a.appointmentType} · {when.date} at {when.time} {when.zoneAbbr}
                </li>
              );
            })}
          </Stack>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss warning" onClick={onDismiss} />
    </Alert.Root>
  );
}

function BlockRow({
  block,
  onEdit,
  onDelete,
}: {
  block: AvailabilityBlock;
  onEdit: (block: AvailabilityBlock) => void;
  onDelete: (block: AvailabilityBlock) => void;
}) {
  const style = blockTypeStyle(block.blockType);
  const over = isBlockOver(block);
  return (
    <Flex
      as="li"
      aria-label={block.title}
      gap="3"
      align={{ base: "flex-start", sm: "center" }}
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      opacity={over ? 0.65 : 1}
    >
      <Box w="1" alignSelf="stretch" borderRadius="full" bg={`${style.palette}.400`} flexShrink={0} />
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" color="ink">
            {block.title}
          </Text>
          <Badge colorPalette={style.palette} variant="subtle" size="sm">
            {style.label}
          </Badge>
          {block.isRecurring ? (
            <Badge colorPalette="blue" variant="outline" size="sm">
              <LuRepeat /> Weekly
            </Badge>
          ) : null}
          {over ? (
            <Badge colorPalette="gray" variant="subtle" size="sm">
              Past
            </Badge>
          ) : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {describeBlockWhen(block)}
        </Text>
        {block.reason ? (
          <Text fontSize="sm" color="fg.muted" fontStyle="italic">
            {block.reason}
          </Text>
        ) : null}
      </Stack>
      <HStack gap="1" flexShrink={0}>
        <IconButton
          aria-label={`Edit ${block.title}`}
          size="sm"
          variant="ghost"
          onClick={() => onEdit(block)}
        >
          <LuPencil />
        </IconButton>
        <IconButton
          aria-label={`Delete ${block.title}`}
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={() => onDelete(block)}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
    </Flex>
  );
}

/**
 * Availability tab: the block-time dialog, a week view of blocks and bookings, the list of blocks, and the
 * salesperson's own working hours.
 */
export function AvailabilityPanel({ salesperson }: { salesperson: SalespersonDetail }) {
  const timeZone = salesperson.timeZone;
  const today = todayIn(timeZone);
  const [monday, setMonday] = useState(() => mondayOf(today));
  const editor = useDialogSubject<BlockEditing>();
  const deleting = useDialogSubject<AvailabilityBlock>();
  const [clash, setClash] = useState<Clash | null>(null);

  const blocks = trpc.availability.forSalesperson.useQuery({ id: salesperson.id });
  const appointments = trpc.appointments.forSalesperson.useQuery(
    { id: salesperson.id },
    { select: fullViews },
  );
  const remove = trpc.availability.remove.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Block Deleted",
        description: deleting.subject ? `“${deleting.subject.title}” is off your calendar.` : undefined,
        variant: "success",
      });
      deleting.setOpen(false);
    },
    onError: () =>
      showToast({
        title: "Delete Failed",
        description: "Failed to delete availability block",
        variant: "destructive",
      }),
  });

  const openNew = (date?: string) => editor.show({ block: null, date });
  const openEdit = (block: AvailabilityBlock) => editor.show({ block });

  const list = [...(blocks.data ?? [])].sort((a, b) => {
    const overA = isBlockOver(a) ? 1 : 0;
    const overB = isBlockOver(b) ? 1 : 0;
    return overA - overB || Date.parse(a.startDateTime) - Date.parse(b.startDateTime);
  });

  return (
    <Stack gap="5">
      <PanelHeader
        title="Availability"
        description="Block out training, meetings and time off so buyers only see times you can meet."
      >
        <Button colorPalette="blue" onClick={() => openNew()}>
          <LuPlus /> Block time
        </Button>
      </PanelHeader>
      {clash ? <ClashWarning clash={clash} onDismiss={() => setClash(null)} /> : null}
      <QueryState
        query={blocks}
        loading={<Skeleton height="64" borderRadius="xl" />}
        error={{ title: "We couldn't load your availability" }}
      >
        {(data) => (
          <>
            <WeekView
              monday={monday}
              today={today}
              timeZone={timeZone}
              blocks={data}
              appointments={appointments.data ?? []}
              onWeekChange={(direction) =>
                setMonday((current) => (direction === 0 ? mondayOf(today) : addDays(current, direction * 7)))
              }
              onEditBlock={openEdit}
              onBlockDay={(date) => openNew(date)}
            />
            <SectionCard
              title={
                <>
                  Your blocks{" "}
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    ({list.length})
                  </Text>
                </>
              }
              label="Your blocks"
              size="sm"
              headingSize="md"
              gap="2"
            >
              <ListOrNotice items={list} empty={NO_BLOCKS} gap="0">
                {(block) => (
                  <BlockRow key={block.id} block={block} onEdit={openEdit} onDelete={deleting.show} />
                )}
              </ListOrNotice>
            </SectionCard>
          </>
        )}
      </QueryState>
      <Suspense fallback={<Skeleton height="96" borderRadius="xl" />}>
        <WorkingHoursCard salespersonId={salesperson.id} />
      </Suspense>
      <Suspense fallback={<Skeleton height="64" borderRadius="xl" />}>
        <BookingRulesCard salespersonId={salesperson.id} />
      </Suspense>
      <Suspense fallback={<Skeleton height="32" borderRadius="xl" />}>
        <CalendarFeedCard />
      </Suspense>
      <BlockTimeDialog
        editor={editor}
        timeZone={timeZone}
        onSaved={(result, edited) => {
          const clashes = result.clashingAppointments;
          setClash(clashes.length > 0 ? { title: result.title, appointments: clashes } : null);
          showToast({
            title: edited ? "Block Updated" : "Time Blocked",
            description:
              clashes.length > 0
                ? `Heads up: it overlaps ${clashes.length} booked appointment${clashes.length === 1 ? "" : "s"}.`
                : `“${result.title}” is on your calendar.`,
            variant: clashes.length > 0 ? "default" : "success",
          });
        }}
      />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.setOpen}
        title="Delete this block?"
        description={
          deleting.subject
            ? `“${deleting.subject.title}” (${describeBlockWhen(deleting.subject)}) will be removed, and buyers can book that time again.`
            : ""
        }
        confirmLabel="Delete block"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting.subject) remove.mutate({ id: deleting.subject.id });
        }}
      />
    </Stack>
  );
}
