// An administrator's answer to a data request: start processing it, or complete or reject it with a note
// in a dialog that says what completing does for the request's type.
import { Button, Dialog, Flex, Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { LuCheck, LuPlay, LuX } from "react-icons/lu";
import { EXPORT_REQUEST_TYPES } from "../../../shared/compliance";
import type { GdprRequestView } from "../../../shared/schemas/compliance";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmActions, DialogFrame, DialogHeading } from "../../ui/dialog";
import { FailureAlert } from "../../ui/FailureAlert";
import { showFailure } from "../../ui/failureToast";
import { TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { requestTypeName } from "./labels";

export type Decision = { request: GdprRequestView; action: "complete" | "reject" };

function decisionCopy({ request, action }: Decision) {
  const who = request.userEmail;
  const type = request.requestType;
  if (action === "reject") {
    return {
      title: "Reject this request?",
      body: `Say why the ${requestTypeName(type).toLowerCase()} request of ${who} is rejected. They read this note.`,
      noteRequired: true,
      confirm: "Reject request",
      pending: "Rejecting…",
      palette: "red" as const,
    };
  }
  if (type === "erasure") {
    return {
      title: "Erase this account permanently?",
      body: `Completing this request erases ${who} now: their name, e-mail, phone, photos, sessions, favourites and notifications are removed everywhere and their messages are replaced. Reviews stay as anonymous reviews. This cannot be undone, and they will no longer be able to sign in to this account.`,
      noteRequired: false,
      confirm: "Erase account",
      pending: "Erasing…",
      palette: "red" as const,
    };
  }
  const noteRequired = type === "rectification" || type === "restriction";
  return {
    title: "Complete this request?",
    body: EXPORT_REQUEST_TYPES.includes(type)
      ? `Completing prepares an export of everything held about ${who}; they can download it from their requests.`
      : `Say what was ${type === "rectification" ? "corrected" : "restricted"} for ${who}. They read this note.`,
    noteRequired,
    confirm: "Complete request",
    pending: "Completing…",
    palette: "green" as const,
  };
}

export function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = trpc.compliance.updateRequest.useMutation();
  const formId = useId();
  const copy = decision ? decisionCopy(decision) : null;

  useEffect(() => {
    if (decision) {
      setNote("");
      setError(null);
      setFailure(null);
    }
  }, [decision]);

  /** A new word clears the missing-note error. */
  const writeNote = (text: string) => {
    setNote(text);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision || !copy) return;
    if (copy.noteRequired && !note.trim()) {
      setError(
        decision.action === "reject"
          ? "Say why the request is rejected"
          : "Say what was corrected or restricted",
      );
      return;
    }
    update.mutate(
      { id: decision.request.id, action: decision.action, note: note.trim() || undefined },
      {
        onSuccess: async (updated) => {
          showToast({
            title: updated.status === "rejected" ? "Request rejected" : "Request completed",
            description: `${requestTypeName(updated.requestType)} request #${updated.id} of ${updated.userEmail}.`,
            variant: "success",
          });
          onClose();
        },
        onError: (e) => setFailure(apiErrorMessage(e, "The request could not be updated. Please try again.")),
      },
    );
  };

  return (
    <DialogFrame
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      layout="card"
      size="md"
      alert={decision?.action === "reject" || decision?.request.requestType === "erasure"}
      busy={update.isPending}
    >
      {decision && copy ? (
        <>
          <DialogHeading title={copy.title} subtitle={copy.body} />
          <Dialog.Body>
            <form id={formId} onSubmit={submit} noValidate aria-label={copy.title}>
              <Stack gap="3">
                <FailureAlert message={failure} size="sm" />
                <TextareaField
                  label="Note to the requester"
                  required={copy.noteRequired}
                  note={copy.noteRequired ? undefined : "optional"}
                  rows={3}
                  maxLength={2000}
                  value={note}
                  error={error}
                  onChange={(e) => writeNote(e.currentTarget.value)}
                />
              </Stack>
            </form>
          </Dialog.Body>
          <ConfirmActions
            plain
            onCancel={onClose}
            cancelLabel="Go back"
            confirmLabel={copy.confirm}
            pendingLabel={copy.pending}
            pending={update.isPending}
            palette={copy.palette}
            form={formId}
          />
        </>
      ) : null}
    </DialogFrame>
  );
}

export function AdminActions({
  request,
  onDecide,
}: {
  request: GdprRequestView;
  onDecide: (decision: Decision) => void;
}) {
  const process = trpc.compliance.updateRequest.useMutation({
    // The policy (freshness.ts) refreshes the list first, so the toast never says "started" beside a request
    // still shown as pending.
    onSuccess: () => {
      showToast({
        title: "Processing started",
        description: `Request #${request.id} is yours to handle.`,
        variant: "success",
      });
    },
    onError: (e) => showFailure("Not started", e, "The request could not be updated. Please try again."),
  });
  if (request.status !== "pending" && request.status !== "processing") return null;
  return (
    <Flex gap="2" wrap="wrap" borderTopWidth="1px" borderColor="border.muted" pt="3">
      {request.status === "pending" ? (
        <Button
          size="sm"
          colorPalette="blue"
          loading={process.isPending}
          loadingText="Starting…"
          onClick={() => process.mutate({ id: request.id, action: "process" })}
        >
          <LuPlay /> Start processing
        </Button>
      ) : null}
      <Button
        size="sm"
        colorPalette={request.requestType === "erasure" ? "red" : "green"}
        variant={request.status === "processing" ? "solid" : "outline"}
        onClick={() => onDecide({ request, action: "complete" })}
      >
        <LuCheck /> Complete
      </Button>
      <Button
        size="sm"
        variant="ghost"
        colorPalette="red"
        onClick={() => onDecide({ request, action: "reject" })}
      >
        <LuX /> Reject
      </Button>
    </Flex>
  );
}
