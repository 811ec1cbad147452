import {
  Alert,
  Box,
  Button,
  Center,
  Dialog,
  EmptyState,
  Field,
  Grid,
  Input,
  Spinner,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import { LuCalendarCheck, LuCalendarX, LuLogIn, LuShieldCheck } from "react-icons/lu";
import { formatRating } from "../../../shared/constants";
import { PRESSURE_SCALE_LABELS, RATING_WINDOW_DAYS } from "../../../shared/reviews";
import { todayIn } from "../../../shared/time";
import { apiErrorCode, apiErrorMessage, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { appointmentWhen } from "../appointments/format";
import { useSession } from "../auth/session";
import { ChoiceCards } from "./ChoiceCards";
import { FormDialog, FormDialogActions, FormDialogHeading } from "./FormDialog";
import {
  EMPTY_RATING_DRAFT,
  missingScores,
  RATING_NOTICES,
  type RatingDraft,
  type RatingNotice,
  ratingDraftProblem,
  ratingPayload,
  type ScoreKey,
  type TextKey,
  VISIT_DATE_IN_FUTURE,
} from "./ratingDraft";
import { StarInput } from "./StarInput";
import type { EligibleAppointment, MyReview, SalespersonRef } from "./types";

const FORM_ID = "rate-salesperson-form";
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const PRESSURE_SCALE = {
  low: `1 = ${PRESSURE_SCALE_LABELS[1].toLowerCase()}`,
  high: `5 = ${PRESSURE_SCALE_LABELS[5].toLowerCase()}`,
};

/** Every cached view a new or changed review touches: the list, averages on profile and cards, eligibility. */
export function useInvalidateReviews() {
  const utils = trpc.useUtils();
  return (salespersonId: number) =>
    Promise.all([
      utils.reviews.list.invalidate({ salespersonId }),
      utils.reviews.eligibleAppointments.invalidate({ salespersonId }),
      utils.reviews.mine.invalidate(),
      utils.salespeople.byId.invalidate({ id: salespersonId }),
      utils.salespeople.list.invalidate(),
    ]);
}

function notify(notice: RatingNotice) {
  showToast({ ...notice, variant: "destructive" });
}

function draftFromReview(review: MyReview): RatingDraft {
  return {
    overallRating: review.overallRating,
    helpfulnessRating: review.helpfulnessRating,
    pressureLevelRating: review.pressureLevelRating,
    communicationRating: review.communicationRating,
    appointmentId: "",
    comment: review.comment ?? "",
    helpfulnessComment: review.helpfulnessComment ?? "",
    pressureComment: review.pressureComment ?? "",
    communicationComment: review.communicationComment ?? "",
    visitDate: review.visitDate ?? "",
  };
}

function OptionalLabel({ children, htmlFor }: { children: string; htmlFor: string }) {
  return (
    <Field.Label htmlFor={htmlFor} fontSize="sm">
      {children}{" "}
      <Text as="span" color="fg.muted" fontWeight="normal">
        (optional)
      </Text>
    </Field.Label>
  );
}

/** One category: its stars and an optional note beside them. */
function CategoryBlock({
  label,
  scoreKey,
  commentKey,
  draft,
  attempted,
  onScore,
  onText,
  scale,
  description,
  placeholder,
}: {
  label: string;
  scoreKey: ScoreKey;
  commentKey: TextKey;
  draft: RatingDraft;
  attempted: boolean;
  onScore: (key: ScoreKey, value: number) => void;
  onText: (key: TextKey, value: string) => void;
  scale?: { low: string; high: string };
  description?: string;
  placeholder: string;
}) {
  const id = useId();
  return (
    <Grid
      templateColumns={{ base: "1fr", md: "13rem minmax(0, 1fr)" }}
      gap="4"
      alignItems="start"
      p="4"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      bg="bg.panel"
    >
      <StarInput
        label={label}
        value={draft[scoreKey]}
        onChange={(value) => onScore(scoreKey, value)}
        invalid={attempted}
        scale={scale}
        description={description}
      />
      <Field.Root>
        <OptionalLabel htmlFor={id}>{`${label} comment`}</OptionalLabel>
        <Textarea
          id={id}
          rows={2}
          size="sm"
          maxLength={2000}
          placeholder={placeholder}
          value={draft[commentKey]}
          onChange={(e) => onText(commentKey, e.currentTarget.value)}
        />
      </Field.Root>
    </Grid>
  );
}

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

function RatingFields({
  draft,
  attempted,
  setScore,
  setText,
  today,
  visitDateError,
}: {
  draft: RatingDraft;
  attempted: boolean;
  setScore: (key: ScoreKey, value: number) => void;
  setText: (key: TextKey, value: string) => void;
  today: string;
  visitDateError: boolean;
}) {
  const ids = { comment: useId(), visitDate: useId() };
  return (
    <Stack gap="4">
      <Grid
        templateColumns={{ base: "1fr", md: "13rem minmax(0, 1fr)" }}
        gap="4"
        alignItems="start"
        p="4"
        borderWidth="1px"
        borderColor="blue.100"
        borderRadius="lg"
        bg="blue.50/50"
      >
        <StarInput
          label="Overall experience"
          value={draft.overallRating}
          onChange={(value) => setScore("overallRating", value)}
          invalid={attempted}
        />
        <Field.Root>
          <OptionalLabel htmlFor={ids.comment}>Your review</OptionalLabel>
          <Textarea
            id={ids.comment}
            rows={3}
            maxLength={2000}
            placeholder="What should other buyers know before they visit?"
            value={draft.comment}
            onChange={(e) => setText("comment", e.currentTarget.value)}
            bg="bg.panel"
          />
        </Field.Root>
      </Grid>
      <Stack gap="3">
        <CategoryBlock
          label="Helpfulness"
          scoreKey="helpfulnessRating"
          commentKey="helpfulnessComment"
          draft={draft}
          attempted={attempted}
          onScore={setScore}
          onText={setText}
          placeholder="Did they answer your questions?"
        />
        <CategoryBlock
          label="Pressure level"
          scoreKey="pressureLevelRating"
          commentKey="pressureComment"
          draft={draft}
          attempted={attempted}
          onScore={setScore}
          onText={setText}
          scale={PRESSURE_SCALE}
          placeholder="Did you feel rushed?"
        />
        <CategoryBlock
          label="Communication"
          scoreKey="communicationRating"
          commentKey="communicationComment"
          draft={draft}
          attempted={attempted}
          onScore={setScore}
          onText={setText}
          placeholder="Clear, honest, on time?"
        />
      </Stack>
      <Field.Root invalid={visitDateError} maxW={{ md: "xs" }}>
        <OptionalLabel htmlFor={ids.visitDate}>Visit date</OptionalLabel>
        <Input
          id={ids.visitDate}
          type="date"
          max={today}
          value={draft.visitDate}
          onChange={(e) => setText("visitDate", e.currentTarget.value)}
        />
        {visitDateError ? <Field.ErrorText>{VISIT_DATE_IN_FUTURE}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}

function useRatingDraft(initial: RatingDraft) {
  const [draft, setDraft] = useState<RatingDraft>(initial);
  const setScore = (key: ScoreKey, value: number) => setDraft((d) => ({ ...d, [key]: value }));
  const setText = (key: TextKey, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return { draft, setDraft, setScore, setText };
}

function NewRatingForm({ salesperson, onClose }: { salesperson: SalespersonRef; onClose: () => void }) {
  const { user } = useSession();
  const eligible = trpc.reviews.eligibleAppointments.useQuery(
    { salespersonId: salesperson.id },
    { refetchOnMount: "always" },
  );
  const { draft, setDraft, setScore, setText } = useRatingDraft(EMPTY_RATING_DRAFT);
  const [attempted, setAttempted] = useState(false);
  const invalidate = useInvalidateReviews();
  const appointments = eligible.data ?? [];
  const selected = appointments.find((a) => String(a.id) === draft.appointmentId);
  const today = todayIn(selected?.timeZone ?? LOCAL_ZONE);

  // With a single visit to review there is nothing to choose; a visit that is no longer eligible is dropped.
  useEffect(() => {
    if (!eligible.data) return;
    setDraft((d) => {
      if (d.appointmentId && eligible.data.some((a) => String(a.id) === d.appointmentId)) return d;
      return { ...d, appointmentId: eligible.data.length === 1 ? String(eligible.data[0]!.id) : "" };
    });
  }, [eligible.data, setDraft]);

  const submit = trpc.reviews.submit.useMutation({
    onSuccess: async (result) => {
      showToast({
        title: "Thank you for your review!",
        description: `Your review of ${salesperson.name} is live. New average: ${formatRating(result.averageRating)} from ${result.totalReviews} ${result.totalReviews === 1 ? "review" : "reviews"}.`,
        variant: "success",
      });
      onClose();
      await invalidate(salesperson.id);
    },
    onError: (error) => {
      const code = apiErrorCode(error);
      if (code === "UNAUTHORIZED") {
        notify(RATING_NOTICES.signedOut);
        return;
      }
      notify({
        title: RATING_NOTICES.failed.title,
        description: apiErrorMessage(error, RATING_NOTICES.failed.description),
      });
      // Already reviewed, window closed or not eligible: the list of visits is out of date.
      if (code === "CONFLICT" || code === "UNPROCESSABLE_CONTENT" || code === "BAD_REQUEST") {
        void eligible.refetch();
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const problem = ratingDraftProblem(draft, { signedIn: !!user, needsAppointment: true, today });
    if (problem) {
      notify(problem);
      return;
    }
    submit.mutate({
      userId: user?.id,
      salespersonId: salesperson.id,
      appointmentId: Number(draft.appointmentId),
      ...ratingPayload(draft),
    });
  };

  if (eligible.isPending) {
    return (
      <>
        <FormDialogHeading title={`Rate ${salesperson.name}`} />
        <Dialog.Body>
          <Center py="16" aria-busy="true" aria-label="Loading your visits">
            <Spinner color="blue.solid" />
          </Center>
        </Dialog.Body>
      </>
    );
  }

  if (eligible.isError) {
    return (
      <>
        <FormDialogHeading title={`Rate ${salesperson.name}`} />
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
        <FormDialogActions>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button variant="outline" onClick={() => void eligible.refetch()}>
            Try again
          </Button>
        </FormDialogActions>
      </>
    );
  }

  if (appointments.length === 0) {
    return (
      <>
        <FormDialogHeading title={`Rate ${salesperson.name}`} />
        <Dialog.Body>
          <EmptyState.Root py="6">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuCalendarX />
              </EmptyState.Indicator>
              <Stack textAlign="center" gap="2" maxW="md">
                <EmptyState.Title>No visit to review yet</EmptyState.Title>
                <EmptyState.Description>
                  Every review on KnowBefore comes from a real visit. You can rate {salesperson.name} after a
                  completed appointment, within {RATING_WINDOW_DAYS} days of it. Each visit can be reviewed
                  once.
                </EmptyState.Description>
              </Stack>
            </EmptyState.Content>
          </EmptyState.Root>
        </Dialog.Body>
        <FormDialogActions>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button asChild colorPalette="blue">
            <Link to="/appointments">View my appointments</Link>
          </Button>
        </FormDialogActions>
      </>
    );
  }

  return (
    <>
      <FormDialogHeading
        title={`Rate ${salesperson.name}`}
        subtitle="Your review appears with your first name and a Verified visit badge."
      />
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Rate ${salesperson.name}`}>
          <Stack gap="5">
            <AppointmentPicker
              appointments={appointments}
              value={draft.appointmentId}
              onChange={(value) => setText("appointmentId", value)}
              invalid={attempted && missingScores(draft).length === 0}
            />
            <RatingFields
              draft={draft}
              attempted={attempted}
              setScore={setScore}
              setText={setText}
              today={today}
              visitDateError={!!draft.visitDate && draft.visitDate > today}
            />
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogActions>
        <Text fontSize="xs" color="fg.muted" me="auto" hideBelow="md">
          <Box as="span" display="inline-flex" verticalAlign="middle" me="1">
            <LuShieldCheck aria-hidden />
          </Box>
          Tied to your completed visit
        </Text>
        <Button variant="ghost" onClick={onClose} disabled={submit.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          colorPalette="blue"
          loading={submit.isPending}
          loadingText="Submitting..."
        >
          Submit Review
        </Button>
      </FormDialogActions>
    </>
  );
}

function EditRatingForm({ review, onClose }: { review: MyReview; onClose: () => void }) {
  const { user } = useSession();
  const { draft, setScore, setText } = useRatingDraft(draftFromReview(review));
  const [attempted, setAttempted] = useState(false);
  const invalidate = useInvalidateReviews();
  const today = todayIn(LOCAL_ZONE);

  const edit = trpc.reviews.edit.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Review updated",
        description: `Your review of ${review.salespersonName} now shows your changes.`,
        variant: "success",
      });
      onClose();
      await invalidate(review.salespersonId);
    },
    onError: (error) => {
      if (apiErrorCode(error) === "UNAUTHORIZED") {
        notify(RATING_NOTICES.signedOut);
        return;
      }
      notify({
        title: RATING_NOTICES.failed.title,
        description: apiErrorMessage(error, RATING_NOTICES.failed.description),
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const problem = ratingDraftProblem(draft, { signedIn: !!user, needsAppointment: false, today });
    if (problem) {
      notify(problem);
      return;
    }
    edit.mutate({ id: review.id, ...ratingPayload(draft) });
  };

  return (
    <>
      <FormDialogHeading
        title={`Edit your review of ${review.salespersonName}`}
        subtitle="Reviews can be changed for 7 days after you write them."
      />
      <Dialog.Body>
        <form
          id={FORM_ID}
          onSubmit={onSubmit}
          noValidate
          aria-label={`Edit your review of ${review.salespersonName}`}
        >
          <RatingFields
            draft={draft}
            attempted={attempted}
            setScore={setScore}
            setText={setText}
            today={today}
            visitDateError={!!draft.visitDate && draft.visitDate > today}
          />
        </form>
      </Dialog.Body>
      <FormDialogActions>
        <Button variant="ghost" onClick={onClose} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          colorPalette="blue"
          loading={edit.isPending}
          loadingText="Saving..."
        >
          Save changes
        </Button>
      </FormDialogActions>
    </>
  );
}

function SignInToRate({ salesperson, onClose }: { salesperson: SalespersonRef; onClose: () => void }) {
  return (
    <>
      <FormDialogHeading title={RATING_NOTICES.signedOut.title} subtitle={`Rate ${salesperson.name}`} />
      <Dialog.Body>
        <Text color="fg.muted">{RATING_NOTICES.signedOut.description}</Text>
      </Dialog.Body>
      <FormDialogActions>
        <Button variant="ghost" onClick={onClose}>
          Not now
        </Button>
        <Button asChild colorPalette="blue">
          <Link to="/login">
            <LuLogIn /> Sign In
          </Link>
        </Button>
      </FormDialogActions>
    </>
  );
}

/**
 * SPEC.md 'rating' dialog: pick one of your completed visits, score four categories 1–5 (pressure: 1 = too
 * pushy, 5 = perfect balance), add optional comments and the visit date. With `review`, edits that review.
 */
export function RateSalespersonDialog({
  open,
  onOpenChange,
  salesperson,
  review,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  salesperson: SalespersonRef;
  review?: MyReview;
}) {
  const { user, isLoading } = useSession();
  const close = () => onOpenChange(false);
  let content: React.ReactNode;
  if (isLoading) {
    content = (
      <Dialog.Body>
        <Center py="16" aria-busy="true" aria-label="Loading">
          <Spinner color="blue.solid" />
        </Center>
      </Dialog.Body>
    );
  } else if (user?.role !== "customer") {
    content = <SignInToRate salesperson={salesperson} onClose={close} />;
  } else if (review) {
    content = <EditRatingForm review={review} onClose={close} />;
  } else {
    content = <NewRatingForm salesperson={salesperson} onClose={close} />;
  }
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} size="lg">
      {content}
    </FormDialog>
  );
}
