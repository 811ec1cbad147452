// The flagged-reviews queue: reviews a salesperson or their manager flagged, oldest first. An administrator
// upholds the review (it stays, the flag closes) or removes it from public view and from the averages.
import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { LuCircleCheck, LuFlag, LuTrash2 } from "react-icons/lu";
import { type RouterOutputs, trpc } from "../../../trpc";
import { DecisionCard } from "../../../ui/DecisionCard";
import { DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { showFailure } from "../../../ui/failureToast";
import { TextareaField } from "../../../ui/form";
import { mediumDate } from "../../../ui/format";
import { PanelHeader } from "../../../ui/PanelHeader";
import { StarRow } from "../../../ui/Rating";
import { capitalise } from "../../../ui/StatusBadge";
import { showToast } from "../../../ui/toaster";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { OpenCountBadge } from "../consoleKit";
import { ConsoleList, useSearchPage } from "../consoleList";
import { HeldReviewsQueue } from "./HeldReviewsQueue";

type OpenFlag = RouterOutputs["reviews"]["openFlags"]["items"][number];
type Decision = "uphold" | "remove";

const PAGE_SIZE = 10;

const DECISIONS = {
  uphold: {
    title: "Uphold this review?",
    explain: "The review stays on the profile and the flag is closed.",
    confirm: "Uphold",
    pending: "Upholding...",
    palette: "green",
    toast: "Review upheld",
  },
  remove: {
    title: "Remove this review?",
    explain:
      "The review disappears from the public profile and no longer counts toward the salesperson's average rating.",
    confirm: "Remove review",
    pending: "Removing...",
    palette: "red",
    toast: "Review removed",
  },
} as const;

function ResolveDialog({
  flag,
  decision,
  open,
  onOpenChange,
}: {
  flag: OpenFlag | null;
  decision: Decision;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const resolve = trpc.reviews.resolveFlag.useMutation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const copy = DECISIONS[decision];
  useEffect(() => {
    if (open) {
      setReason("");
      setMissing(false);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!flag) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    try {
      await resolve.mutateAsync({ flagId: flag.id, decision, note: reason.trim() });
      showToast({
        title: copy.toast,
        description: `The review of ${flag.salespersonName} was ${decision === "remove" ? "removed" : "kept"}.`,
        variant: "success",
      });
      onOpenChange(false);
      await utils.reviews.openFlags.invalidate();
    } catch (error) {
      showFailure("Couldn't resolve the flag", error);
      if (error && (error as { data?: { code?: string } }).data?.code === "NOT_FOUND")
        await utils.reviews.openFlags.invalidate();
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      layout="card"
      size="md"
      alert
      busy={resolve.isPending}
    >
      <DialogHeading title={copy.title} subtitle={copy.explain} />
      <DialogForm
        label={copy.title}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        plain
        submit={{
          confirmLabel: copy.confirm,
          confirmIcon: decision === "remove" ? <LuTrash2 /> : <LuCircleCheck />,
          pendingLabel: copy.pending,
          pending: resolve.isPending,
          palette: copy.palette,
        }}
      >
        <TextareaField
          label="Reason"
          required
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={missing ? "Please give a reason for your decision" : undefined}
          hint="Kept with the flag and in the audit trail."
        />
      </DialogForm>
    </DialogFrame>
  );
}

function FlagCard({ flag, onDecide }: { flag: OpenFlag; onDecide: (decision: Decision) => void }) {
  const flagger = flag.flaggedByName ?? flag.flaggedByEmail ?? "A former account";
  return (
    <DecisionCard
      label={`Flagged review of ${flag.salespersonName}`}
      title={flag.salespersonName}
      meta={`${flag.dealershipName ?? "Independent"} · review by ${flag.customerName} on ${mediumDate.format(new Date(flag.reviewedAt))}`}
      aside={
        <HStack gap="2">
          <StarRow value={flag.overallRating} label={`Rated ${flag.overallRating} out of 5`} />
          <Text fontSize="sm" fontWeight="semibold">
            {flag.overallRating}/5
          </Text>
        </HStack>
      }
      actions={[
        { label: "Uphold", icon: <LuCircleCheck />, palette: "green", onClick: () => onDecide("uphold") },
        { label: "Remove review", icon: <LuTrash2 />, palette: "red", onClick: () => onDecide("remove") },
      ]}
    >
      <Text
        whiteSpace="pre-line"
        color={flag.comment ? "fg" : "fg.muted"}
        fontStyle={flag.comment ? undefined : "italic"}
      >
        {flag.comment ? `“${flag.comment}”` : "No written comment."}
      </Text>
      <Stack gap="1" p="3" bg="orange.50" borderRadius="md" borderStartWidth="3px" borderColor="orange.400">
        <HStack gap="2" fontSize="sm" wrap="wrap">
          <Box color="orange.600">
            <LuFlag aria-hidden />
          </Box>
          <Text fontWeight="medium">
            Flagged by {flagger}
            {flag.flaggedByRole ? ` (${capitalise(flag.flaggedByRole)})` : ""}
          </Text>
          <Text color="fg.muted">{mediumDate.format(new Date(flag.createdAt))}</Text>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-line">
          {flag.reason}
        </Text>
      </Stack>
    </DecisionCard>
  );
}

/** Admin console tab: the queue of flagged reviews. */
export function FlaggedReviewsTab() {
  const state = useSearchPage();
  const { search, page } = state;
  const flags = trpc.reviews.openFlags.useQuery(
    { search: search || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, refetchOnMount: "always" },
  );
  const dialog = useDialogSubject<{ flag: OpenFlag; decision: Decision }>();

  return (
    <Stack gap="5">
      <HeldReviewsQueue />
      <PanelHeader
        title="Flagged reviews"
        description="Reviews a salesperson or their manager asked us to check. Uphold keeps the review; Remove takes it off the profile and out of the averages."
      >
        <OpenCountBadge total={flags.data?.total} />
      </PanelHeader>
      <ConsoleList
        query={flags}
        state={state}
        listing="flagged reviews"
        toolbar={{ placeholder: "Search review text, salesperson, reason or who flagged", noun: "open flag" }}
        loading={{ rows: 2, height: "40" }}
        empty={{
          icon: LuCircleCheck,
          iconColor: "green.500",
          title: ["Nothing to moderate", "No flags match your search"],
          description: ["Every flagged review has been handled.", "Try other words."],
        }}
        pager={{ pageSize: PAGE_SIZE, noun: "flag" }}
        pagerUnderPanel
      >
        {(flag) => (
          <FlagCard key={flag.id} flag={flag} onDecide={(decision) => dialog.show({ flag, decision })} />
        )}
      </ConsoleList>
      <ResolveDialog
        flag={dialog.subject?.flag ?? null}
        decision={dialog.subject?.decision ?? "uphold"}
        open={dialog.open}
        onOpenChange={dialog.setOpen}
      />
    </Stack>
  );
}
