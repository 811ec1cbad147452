import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { type FormEvent, useId, useState } from "react";
import { BLOCK_TYPES } from "../../../../shared/constants";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import { addDays, toZoned } from "../../../../shared/time";
import { apiErrorCode, trpc } from "../../../trpc";
import { showToast } from "../../../ui/toaster";
import { timesInLabel } from "../../appointments/format";
import { localInputValue } from "../format";
import { useDashboardRefresh } from "../useDashboardRefresh";
import { type AvailabilityBlock, BLOCK_TYPE_STYLE, type BlockType } from "./blocks";

type BlockDraft = {
  title: string;
  start: string;
  end: string;
  blockType: BlockType;
  reason: string;
  isRecurring: boolean;
};

/** A new block starts at the next whole hour (or 9 AM on a chosen day) and lasts an hour, in the salesperson's zone. */
function newDraft(timeZone: string, date?: string): BlockDraft {
  let day: string;
  let hour: number;
  if (date) {
    day = date;
    hour = 9;
  } else {
    const now = toZoned(new Date(), timeZone);
    day = now.date;
    hour = now.hour + 1;
    if (hour >= 23) {
      day = addDays(day, 1);
      hour = 9;
    }
  }
  const at = (h: number) => `${day}T${String(h).padStart(2, "0")}:00`;
  return {
    title: "",
    start: at(hour),
    end: at(hour + 1),
    blockType: "personal",
    reason: "",
    isRecurring: false,
  };
}

function draftOf(block: AvailabilityBlock): BlockDraft {
  return {
    title: block.title,
    start: localInputValue(block.startDateTime),
    end: localInputValue(block.endDateTime),
    blockType: (BLOCK_TYPES as readonly string[]).includes(block.blockType)
      ? (block.blockType as BlockType)
      : "other",
    reason: block.reason ?? "",
    isRecurring: block.isRecurring,
  };
}

/** Server refusals that explain themselves (a block longer than a year, a malformed time). */
function serverReason(error: { message: string }, fallback: string, code: string | undefined): string {
  return code === "BAD_REQUEST" && error.message ? error.message : fallback;
}

function BlockForm({
  block,
  timeZone,
  initialDate,
  onDone,
  onClose,
}: {
  block: AvailabilityBlock | null;
  timeZone: string;
  initialDate: string | undefined;
  onDone: (result: { title: string; clashingAppointments: AppointmentView[] }) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<BlockDraft>(() =>
    block ? draftOf(block) : newDraft(timeZone, initialDate),
  );
  const ids = { title: useId(), start: useId(), end: useId(), type: useId(), reason: useId() };
  const refresh = useDashboardRefresh();
  const set = <K extends keyof BlockDraft>(key: K, value: BlockDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const create = trpc.availability.create.useMutation({
    onSuccess: async (created) => {
      onDone(created);
      await refresh.afterAvailabilityChange();
    },
    onError: (error) =>
      showToast({
        title: "Failed to create availability block",
        description: serverReason(error, "Please try again.", apiErrorCode(error)),
        variant: "destructive",
      }),
  });
  const update = trpc.availability.update.useMutation({
    onSuccess: async (updated) => {
      onDone(updated);
      await refresh.afterAvailabilityChange();
    },
    onError: (error) =>
      showToast({
        title: "Failed to update availability block",
        description: serverReason(error, "Please try again.", apiErrorCode(error)),
        variant: "destructive",
      }),
  });
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.title.trim();
    if (!title || !draft.start || !draft.end) {
      showToast({
        title: "Validation Error",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    // Both are wall-clock times in the same zone, so the strings compare like the times they name.
    if (draft.end <= draft.start) {
      showToast({
        title: "Validation Error",
        description: "End time must be after start time",
        variant: "destructive",
      });
      return;
    }
    const fields = {
      title,
      startDateTime: draft.start,
      endDateTime: draft.end,
      blockType: draft.blockType,
      reason: draft.reason.trim() || undefined,
      isRecurring: draft.isRecurring,
    };
    if (block) update.mutate({ id: block.id, ...fields });
    else create.mutate(fields);
  };

  return (
    <form onSubmit={submit} noValidate style={{ display: "contents" }}>
      <Dialog.Header flexDirection="column" gap="1" pe="12">
        <Dialog.Title fontSize="lg" color="ink">
          {block ? "Edit blocked time" : "Block time"}
        </Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          Buyers can't book you while a block applies. {timesInLabel(timeZone)}.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label htmlFor={ids.title}>
              Title <Field.RequiredIndicator />
            </Field.Label>
            <Input
              id={ids.title}
              maxLength={120}
              placeholder="e.g. Team training"
              value={draft.title}
              onChange={(e) => set("title", e.target.value)}
            />
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root required>
              <Field.Label htmlFor={ids.start}>
                Start <Field.RequiredIndicator />
              </Field.Label>
              <Input
                id={ids.start}
                type="datetime-local"
                value={draft.start}
                onChange={(e) => set("start", e.target.value)}
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label htmlFor={ids.end}>
                End <Field.RequiredIndicator />
              </Field.Label>
              <Input
                id={ids.end}
                type="datetime-local"
                value={draft.end}
                onChange={(e) => set("end", e.target.value)}
              />
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label htmlFor={ids.type}>Type</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={ids.type}
                value={draft.blockType}
                onChange={(e) => set("blockType", e.currentTarget.value as BlockType)}
              >
                {BLOCK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {BLOCK_TYPE_STYLE[type].label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor={ids.reason}>
              Reason{" "}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional, only you see it)
              </Text>
            </Field.Label>
            <Textarea
              id={ids.reason}
              rows={2}
              maxLength={500}
              value={draft.reason}
              onChange={(e) => set("reason", e.target.value)}
            />
          </Field.Root>
          <Switch.Root
            checked={draft.isRecurring}
            onCheckedChange={(e) => set("isRecurring", e.checked)}
            colorPalette="blue"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontWeight="normal">Repeat every week</Switch.Label>
          </Switch.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={pending} loadingText="Saving...">
          {block ? "Save changes" : "Block time"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** SPEC.md's block-time dialog, for a new block or to edit one. */
export function BlockTimeDialog({
  open,
  onOpenChange,
  block,
  timeZone,
  initialDate,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  block: AvailabilityBlock | null;
  timeZone: string;
  initialDate?: string;
  onSaved: (result: { title: string; clashingAppointments: AppointmentView[] }, edited: boolean) => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="xl">
            <BlockForm
              block={block}
              timeZone={timeZone}
              initialDate={initialDate}
              onClose={() => onOpenChange(false)}
              onDone={(result) => {
                onOpenChange(false);
                onSaved(result, block !== null);
              }}
            />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
