import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuFlag } from "react-icons/lu";
import { flagInput } from "../../../shared/schemas/reviews";
import { trpc } from "../../trpc";
import {
  closeWithSuccess,
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
} from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { TextareaField } from "../../ui/form";
import type { Review } from "./types";

function FlagForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const flag = trpc.reviews.flag.useMutation({
    onSuccess: () =>
      closeWithSuccess(onClose, {
        title: "Review flagged",
        description: "An administrator will look at it. The review stays visible until they decide.",
      }),
    onError: (e) => showFailure("Couldn't flag the review", e, "Please try again later."),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = flagInput.safeParse({ ratingId: review.id, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Tell us why in a few words");
      return;
    }
    flag.mutate(parsed.data);
  };

  return (
    <>
      <DialogHeading
        title="Flag for moderation"
        subtitle={`Review by ${review.customerName}, ${review.overallRating} of 5 stars`}
      />
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submit={{
          confirmIcon: <LuFlag />,
          confirmLabel: "Flag review",
          pendingLabel: "Flagging...",
          pending: flag.isPending,
          palette: "red",
        }}
      >
        <Stack gap="4">
          {review.comment ? (
            <Text
              fontSize="sm"
              color="fg.muted"
              borderStartWidth="3px"
              borderColor="border"
              ps="3"
              lineClamp={4}
            >
              “{review.comment}”
            </Text>
          ) : null}
          <TextareaField
            label="Reason for flagging"
            required
            error={error}
            hint="An administrator reads your reason and decides. Reviews are only removed when they break the review rules, not because they are negative."
            rows={4}
            maxLength={1000}
            placeholder="For example: it describes a visit with another salesperson, or contains personal details."
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
        </Stack>
      </DialogForm>
    </>
  );
}

/** Reason dialog for 'Flag for moderation' (the reviewed salesperson or their dealership's manager). */
export function FlagReviewDialog({
  open,
  onOpenChange,
  review,
}: DialogControl & {
  review: Review;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} size="md">
      <FlagForm review={review} onClose={() => onOpenChange(false)} />
    </DialogFrame>
  );
}
