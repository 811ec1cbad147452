import { Alert, Box, Button, Dialog, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useEffect } from "react";
import { LuCalendarCheck, LuCalendarX, LuShieldCheck } from "react-icons/lu";
import { formatRating } from "../../../shared/constants";
import { ErrorKind } from "../../../shared/errorCodes";
import { RATING_WINDOW_DAYS } from "../../../shared/reviews";
import { todayIn } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import {
  closeWithSuccess,
  DialogActions,
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
  DialogLoading,
  SignInActions,
} from "../../ui/dialog";
import { appointmentWhen } from "../../ui/format";
import { Notice } from "../../ui/QueryState";
import { useSession } from "../../ui/session";
import type { SalespersonRef } from "../../ui/types";
import { EMPTY_RATING_DRAFT, missingScores, RATING_NOTICES, ratingPayload } from "./ratingDraft";
import type { EligibleAppointment, MyReview } from "./types";
import { draftFromReview, ratingFailed, useRatingForm } from "./useRatingForm";

const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function AppointmentPicker({
  appointments,
  value,
  onChange,
  invalid,
}: {
  appointments: EligibleAppointment[];
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const choices = appointments.map((appointment) => {
    const when = appointmentWhen(new Date(appointment.scheduledDateTime).toISOString(), appointment.timeZone);
    return {
      value: String(appointment.id),
      label: appointment.appointmentType,
      description: `${when.date} at ${when.time} ${when.zoneAbbr} · completed`,
      icon: <LuCalendarCheck />,
    };
  });
  return (
    <ChoiceCards
      label="Which visit are you reviewing?"
      choices={choices}
      value={value}
      onChange={onChange}
      invalid={invalid && !value}
      required
      hint={
        invalid && !value ? (
          <Text fontSize="sm" color="fg.error">
            {RATING_NOTICES.noAppointment.description}
          </Text>
        ) : null
      }
    />
  );
}

function NewRatingForm({ salesperson, onClose }: { salesperson: SalespersonRef; onClose: () => void }) {
  const eligible = trpc.reviews.eligibleAppointments.useQuery({ salespersonId: salesperson.id });
  const appointments = eligible.data ?? [];
  const form = useRatingForm(
    EMPTY_RATING_DRAFT,
    (draft) =>
      todayIn(appointments.find((a) => String(a.id) === draft.appointmentId)?.timeZone ?? LOCAL_ZONE),
    true,
  );
  const { draft, setDraft, setField, attempted } = form;

  // With a single visit to review there is nothing to choose; a visit that is no longer eligible is dropped.
  useEffect(() => {
    if (!eligible.data) return;
    setDraft((d) => {
      if (d.appointmentId && eligible.data.some((a) => String(a.id) === d.appointmentId)) return d;
      return { ...d, appointmentId: eligible.data.length === 1 ? String(eligible.data[0]!.id) : "" };
    });
  }, [eligible.data, setDraft]);

  const submit = trpc.reviews.submit.useMutation({
    onSuccess: (result) =>
      closeWithSuccess(
        onClose,
        result.moderationStatus === "held"
          ? {
              title: "Thank you for your review!",
              description: `Your review of ${salesperson.name} is awaiting moderation: ${result.heldReason ?? "a moderator will check it"} It is published once a moderator approves it.`,
            }
          : {
              title: "Thank you for your review!",
              description: `Your review of ${salesperson.name} is live. New average: ${formatRating(result.averageRating)} from ${result.totalReviews} ${result.totalReviews === 1 ? "review" : "reviews"}.`,
            },
      ),
    onError: (error) => {
      const code = ratingFailed(error);
      // Already reviewed, window closed or not eligible: the list of visits is out of date.
      if (
        code === ErrorKind.CONFLICT ||
        code === ErrorKind.UNPROCESSABLE_CONTENT ||
        code === ErrorKind.BAD_REQUEST
      ) {
        void eligible.refetch();
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    if (!form.ready(event)) return;
    submit.mutate({
      userId: form.user?.id,
      salespersonId: salesperson.id,
      appointmentId: Number(draft.appointmentId),
      ...ratingPayload(draft),
    });
  };

  if (eligible.isPending) {
    return (
      <>
        <DialogHeading title={`Rate ${salesperson.name}`} />
        <DialogLoading label="Loading your visits" />
      </>
    );
  }

  if (eligible.isError) {
    return (
      <>
        <DialogHeading title={`Rate ${salesperson.name}`} />
        <Dialog.Body>
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>We couldn't load your visits</Alert.Title>
              <Alert.Description>
                {apiErrorMessage(eligible.error, "Please try again later.")}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Dialog.Body>
        <DialogActions>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button variant="outline" onClick={() => void eligible.refetch()}>
            Try again
          </Button>
        </DialogActions>
      </>
    );
  }

  if (appointments.length === 0) {
    return (
      <>
        <DialogHeading title={`Rate ${salesperson.name}`} />
        <Dialog.Body>
          <Notice
            icon={LuCalendarX}
            title="No visit to review yet"
            description={`Every review on KnowBefore comes from a real visit. You can rate ${salesperson.name} after a completed appointment, within ${RATING_WINDOW_DAYS} days of it. Each visit can be reviewed once.`}
            textGap="2"
            contentMaxW="md"
            py="6"
          />
        </Dialog.Body>
        <DialogActions>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button asChild colorPalette="blue">
            <Link to="/appointments">View my appointments</Link>
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <DialogHeading
        title={`Rate ${salesperson.name}`}
        subtitle="Your review appears with your first name and a badge saying what your visit rests on."
      />
      <DialogForm
        label={`Rate ${salesperson.name}`}
        onSubmit={onSubmit}
        onCancel={onClose}
        submit={{ confirmLabel: "Submit Review", pendingLabel: "Submitting...", pending: submit.isPending }}
        aside={
          <Text fontSize="xs" color="fg.muted" me="auto" hideBelow="md">
            <Box as="span" display="inline-flex" verticalAlign="middle" me="1">
              <LuShieldCheck aria-hidden />
            </Box>
            Tied to your completed visit
          </Text>
        }
      >
        <Stack gap="5">
          <AppointmentPicker
            appointments={appointments}
            value={draft.appointmentId}
            onChange={(value) => setField("appointmentId", value)}
            invalid={attempted && missingScores(draft).length === 0}
          />
          {form.fields}
        </Stack>
      </DialogForm>
    </>
  );
}

function EditRatingForm({ review, onClose }: { review: MyReview; onClose: () => void }) {
  const form = useRatingForm(draftFromReview(review), () => todayIn(LOCAL_ZONE), false);

  const edit = trpc.reviews.edit.useMutation({
    onSuccess: () =>
      closeWithSuccess(onClose, {
        title: "Review updated",
        description: `Your review of ${review.salespersonName} now shows your changes.`,
      }),
    onError: (error) => void ratingFailed(error),
  });

  const onSubmit = (event: FormEvent) => {
    if (form.ready(event)) edit.mutate({ id: review.id, ...ratingPayload(form.draft) });
  };

  return (
    <>
      <DialogHeading
        title={`Edit your review of ${review.salespersonName}`}
        subtitle="Reviews can be changed for 7 days after you write them."
      />
      <DialogForm
        label={`Edit your review of ${review.salespersonName}`}
        onSubmit={onSubmit}
        onCancel={onClose}
        submit={{ confirmLabel: "Save changes", pendingLabel: "Saving...", pending: edit.isPending }}
      >
        {form.fields}
      </DialogForm>
    </>
  );
}

function SignInToRate({ salesperson, onClose }: { salesperson: SalespersonRef; onClose: () => void }) {
  return (
    <>
      <DialogHeading title={RATING_NOTICES.signedOut.title} subtitle={`Rate ${salesperson.name}`} />
      <Dialog.Body>
        <Text color="fg.muted">{RATING_NOTICES.signedOut.description}</Text>
      </Dialog.Body>
      <SignInActions onClose={onClose} />
    </>
  );
}

/**
 * The rating dialog (docs/product/reviews.md#the-rating-form): pick one of your completed visits, score four categories 1–5 (pressure: 1 = too
 * pushy, 5 = perfect balance), add optional comments and the visit date. With `review`, edits that review.
 */
export function RateSalespersonDialog({
  open,
  onOpenChange,
  salesperson,
  review,
}: DialogControl & {
  salesperson: SalespersonRef;
  review?: MyReview;
}) {
  const { user, isLoading } = useSession();
  const close = () => onOpenChange(false);
  let content: ReactNode;
  if (isLoading) {
    content = <DialogLoading />;
  } else if (user?.role !== "customer") {
    content = <SignInToRate salesperson={salesperson} onClose={close} />;
  } else if (review) {
    content = <EditRatingForm review={review} onClose={close} />;
  } else {
    content = <NewRatingForm salesperson={salesperson} onClose={close} />;
  }
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange}>
      {content}
    </DialogFrame>
  );
}
