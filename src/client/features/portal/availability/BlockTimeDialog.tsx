import { Dialog, SimpleGrid, Stack } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { BLOCK_TYPES } from "../../../../shared/constants";
import { ErrorKind } from "../../../../shared/errorCodes";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import { addDays, toZoned } from "../../../../shared/time";
import { apiErrorCode, trpc } from "../../../trpc";
import { ConfirmActions, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { InputField, SelectField, SwitchField, TextareaField } from "../../../ui/form";
import { timesInLabel } from "../../../ui/format";
import { showToast } from "../../../ui/toaster";
import type { useDialogSubject } from "../../../ui/useDialogSubject";
import { useFormDraft } from "../../../ui/useFormDraft";
import { localInputValue } from "../format";
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
  return code === ErrorKind.BAD_REQUEST && error.message ? error.message : fallback;
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
  const { draft, bind, set } = useFormDraft(() => (block ? draftOf(block) : newDraft(timeZone, initialDate)));

  const saved = (verb: "create" | "update") => ({
    onSuccess: onDone,
    onError: (error: { message: string }) =>
      showToast({
        title: `Failed to ${verb} availability block`,
        description: serverReason(error, "Please try again.", apiErrorCode(error)),
        variant: "destructive",
      }),
  });
  const create = trpc.availability.create.useMutation(saved("create"));
  const update = trpc.availability.update.useMutation(saved("update"));
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
      <DialogHeading
        title={block ? "Edit blocked time" : "Block time"}
        subtitle={`Buyers can't book you while a block applies. ${timesInLabel(timeZone)}.`}
      />
      <Dialog.Body>
        <Stack gap="4">
          <InputField
            label="Title"
            required
            maxLength={120}
            placeholder="e.g. Team training"
            {...bind("title")}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <InputField label="Start" required type="datetime-local" {...bind("start")} />
            <InputField label="End" required type="datetime-local" {...bind("end")} />
          </SimpleGrid>
          <SelectField
            label="Type"
            options={BLOCK_TYPES.map((type) => ({ value: type, label: BLOCK_TYPE_STYLE[type].label }))}
            value={draft.blockType}
            onChange={(e) => set("blockType", e.currentTarget.value as BlockType)}
          />
          <TextareaField
            label="Reason"
            note="optional, only you see it"
            rows={2}
            maxLength={500}
            {...bind("reason")}
          />
          <SwitchField
            label="Repeat every week"
            checked={draft.isRecurring}
            onChange={(checked) => set("isRecurring", checked)}
          />
        </Stack>
      </Dialog.Body>
      <ConfirmActions
        plain
        onCancel={onClose}
        confirmLabel={block ? "Save changes" : "Block time"}
        pendingLabel="Saving..."
        pending={pending}
      />
    </form>
  );
}

/** What the dialog opens for: a block to edit, or a new one (on a chosen day, else from the next hour). */
export type BlockEditing = { block: AvailabilityBlock | null; date?: string };

/** The block-time dialog (docs/product/booking.md#availability-blocks), for a new block or to edit one. */
export function BlockTimeDialog({
  editor,
  timeZone,
  onSaved,
}: {
  editor: ReturnType<typeof useDialogSubject<BlockEditing>>;
  timeZone: string;
  onSaved: (result: { title: string; clashingAppointments: AppointmentView[] }, edited: boolean) => void;
}) {
  const { open, setOpen: onOpenChange } = editor;
  const block = editor.subject?.block ?? null;
  const initialDate = editor.subject?.date;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card">
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
    </DialogFrame>
  );
}
