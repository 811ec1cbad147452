import { Button, Dialog, Field, Stack, Text, Textarea } from "@chakra-ui/react";
import { type FormEvent, useId, useState } from "react";
import { LuFlag } from "react-icons/lu";
import { flagInput } from "../../../shared/schemas/reviews";
import { apiErrorMessage, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { FormDialog, FormDialogActions, FormDialogHeading } from "./FormDialog";
import type { Review } from "./types";

const FORM_ID = "flag-review-form";

function FlagForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const flag = trpc.reviews.flag.useMutation({
    onSuccess: () => {
      showToast({
        title: "Review flagged",
        description: "An administrator will look at it. The review stays visible until they decide.",
        variant: "success",
      });
      onClose();
    },
    onError: (e) =>
      showToast({
        title: "Couldn't flag the review",
        description: apiErrorMessage(e, "Please try again later."),
        variant: "destructive",
      }),
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
      <FormDialogHeading
        title="Flag for moderation"
        subtitle={`Review by ${review.customerName}, ${review.overallRating} of 5 stars`}
      />
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={submit} noValidate>
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
            <Field.Root required invalid={!!error}>
              <Field.Label htmlFor={id}>
                Reason for flagging <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                id={id}
                rows={4}
                maxLength={1000}
                placeholder="For example: it describes a visit with another salesperson, or contains personal details."
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setError(null);
                }}
              />
              {error ? (
                <Field.ErrorText>{error}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  An administrator reads your reason and decides. Reviews are only removed when they break the
                  review rules, not because they are negative.
                </Field.HelperText>
              )}
            </Field.Root>
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogActions>
        <Button variant="ghost" onClick={onClose} disabled={flag.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          colorPalette="red"
          loading={flag.isPending}
          loadingText="Flagging..."
        >
          <LuFlag /> Flag review
        </Button>
      </FormDialogActions>
    </>
  );
}

/** Reason dialog for 'Flag for moderation' (the reviewed salesperson or their dealership's manager). */
export function FlagReviewDialog({
  open,
  onOpenChange,
  review,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  review: Review;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} size="md">
      <FlagForm review={review} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}
