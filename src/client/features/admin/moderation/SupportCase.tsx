// One support case opened from the inbox: the sender's message and the replies sent, its status and
// assignee, and a reply that is stored with the case and e-mailed to the sender (docs/product/support.md).
import { Badge, Box, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import type { SupportStatus } from "../../../../shared/constants";
import { trpc } from "../../../trpc";
import {
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
  DialogLoading,
} from "../../../ui/dialog";
import { showFailure } from "../../../ui/failureToast";
import { SelectField, TextareaField } from "../../../ui/form";
import { shortDateTime } from "../../../ui/format";
import { showToast } from "../../../ui/toaster";
import { useDialogText } from "../../../ui/useDialogText";

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  new: "New",
  in_progress: "In progress",
  answered: "Answered",
  closed: "Closed",
};
export const SUPPORT_STATUS_PALETTE: Record<SupportStatus, string> = {
  new: "orange",
  in_progress: "blue",
  answered: "green",
  closed: "gray",
};

/** The administrators a case can be given to, as select options. */
export function useAdminChoices() {
  const admins = trpc.admin.users.useQuery({ role: "admin", pageSize: 100 });
  return (admins.data?.items ?? [])
    .filter((a) => !a.disabledAt)
    .map((a) => ({ value: a.id, label: a.email }));
}

function Entry({ who, at, body, staff }: { who: string; at: Date; body: string; staff: boolean }) {
  return (
    <Box
      borderWidth="1px"
      borderColor={staff ? "blue.muted" : "border.muted"}
      bg={staff ? "blue.subtle" : "bg.panel"}
      borderRadius="lg"
      p="3"
    >
      <HStack justify="space-between" gap="2" wrap="wrap" mb="1">
        <Text fontSize="sm" fontWeight="medium">
          {who}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {shortDateTime.format(new Date(at))}
        </Text>
      </HStack>
      <Text whiteSpace="pre-line" wordBreak="break-word" fontSize="sm">
        {body}
      </Text>
    </Box>
  );
}

export function SupportCaseDialog({ caseId, open, onOpenChange }: { caseId: number | null } & DialogControl) {
  const utils = trpc.useUtils();
  const found = trpc.site.supportCase.useQuery({ id: caseId ?? 0 }, { enabled: open && caseId !== null });
  const reply = trpc.site.replyToCase.useMutation();
  const update = trpc.site.updateSupportCase.useMutation();
  const admins = useAdminChoices();
  const { text: body, setText: setBody, missing: tried, setMissing: setTried } = useDialogText(open);
  const item = found.data;

  const refresh = () =>
    Promise.all([utils.site.supportCase.invalidate(), utils.site.contactMessages.invalidate()]);
  const change = async (patch: { status?: SupportStatus; assigneeId?: string | null }) => {
    if (!item) return;
    try {
      await update.mutateAsync({ id: item.id, ...patch });
      showToast({ title: "Case Updated", description: `Case #${item.id} was saved.`, variant: "success" });
    } catch (error) {
      showFailure("Could Not Update", error);
    }
    await refresh();
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!item || !body.trim()) return;
    try {
      const sent = await reply.mutateAsync({ id: item.id, body: body.trim() });
      showToast({
        title: "Reply Sent",
        description:
          sent.deliveryStatus === "failed"
            ? `The reply is stored, but the e-mail to ${item.email} failed. Please try again later.`
            : `${item.email} gets it by e-mail.`,
        variant: sent.deliveryStatus === "failed" ? "destructive" : "success",
      });
      setBody("");
      setTried(false);
    } catch (error) {
      showFailure("Reply Failed", error);
    }
    await refresh();
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={reply.isPending} size="lg">
      <DialogHeading
        title={caseId ? `Case #${caseId}` : "Case"}
        subtitle={item ? `${item.name} · ${item.email}` : undefined}
      />
      {!item ? (
        <DialogLoading label="Loading the case" />
      ) : (
        <DialogForm
          label={`Reply to case #${item.id}`}
          onSubmit={(e) => void send(e)}
          onCancel={() => onOpenChange(false)}
          submit={{ confirmLabel: "Send reply", pendingLabel: "Sending...", pending: reply.isPending }}
        >
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <SelectField
                label="Status"
                value={item.status}
                onChange={(e) => void change({ status: e.target.value as SupportStatus })}
                options={Object.entries(SUPPORT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              />
              <SelectField
                label="Assignee"
                value={item.assigneeId ?? ""}
                emptyLabel="Nobody"
                onChange={(e) => void change({ assigneeId: e.target.value || null })}
                options={admins}
              />
            </SimpleGrid>
            <Stack gap="2" role="list" aria-label="Thread">
              <Box role="listitem">
                <Entry who={item.name} at={item.createdAt} body={item.message} staff={false} />
              </Box>
              {item.thread.map((r) => (
                <Box role="listitem" key={r.id}>
                  <Entry who={r.authorEmail ?? "An administrator"} at={r.createdAt} body={r.body} staff />
                </Box>
              ))}
            </Stack>
            {item.thread.length === 0 ? (
              <Badge alignSelf="start" colorPalette="orange" variant="subtle">
                No reply yet
              </Badge>
            ) : null}
            <TextareaField
              label="Reply"
              required
              rows={5}
              maxLength={5000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              error={tried && !body.trim() ? "Please write a reply" : undefined}
              hint="E-mailed to the sender with a link back to the contact form for this case."
            />
          </Stack>
        </DialogForm>
      )}
    </DialogFrame>
  );
}
