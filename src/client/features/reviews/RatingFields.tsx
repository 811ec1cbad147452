// The fields of a review: overall experience, four scored categories (three with optional notes), the visit date,
// and a warning before sending text with contact details (the server holds such a review for moderation).
import { Alert, Grid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { contactDetailIn, PRESSURE_SCALE_LABELS } from "../../../shared/reviews";
import { InputField, TextareaField } from "../../ui/form";
import { type RatingDraft, type ScoreKey, type TextKey, VISIT_DATE_IN_FUTURE } from "./ratingDraft";
import { StarInput } from "./StarInput";

export const PRESSURE_SCALE = {
  low: `1 = ${PRESSURE_SCALE_LABELS[1].toLowerCase()}`,
  high: `5 = ${PRESSURE_SCALE_LABELS[5].toLowerCase()}`,
};

/** Changes one field of the draft (a score, a note or the visit date). */
export type SetRatingField = <K extends ScoreKey | TextKey>(key: K, value: RatingDraft[K]) => void;

const SCORE_ROW_COLUMNS = { base: "1fr", md: "13rem minmax(0, 1fr)" };

/** Stars on the left, an optional note beside them (under them on phones); the overall score highlighted. */
function ScoreRow({ children, highlight = false }: { children: ReactNode; highlight?: boolean }) {
  return (
    <Grid
      layerStyle={highlight ? "tinted" : "panel"}
      colorPalette="blue"
      borderRadius="lg"
      templateColumns={SCORE_ROW_COLUMNS}
      gap="4"
      alignItems="start"
      p="4"
    >
      {children}
    </Grid>
  );
}

/** The scored categories after the overall experience; all but product knowledge have an optional note. */
const CATEGORIES: readonly {
  label: string;
  scoreKey: ScoreKey;
  commentKey?: TextKey;
  placeholder?: string;
  scale?: { low: string; high: string };
}[] = [
  {
    label: "Helpfulness",
    scoreKey: "helpfulnessRating",
    commentKey: "helpfulnessComment",
    placeholder: "Did they answer your questions?",
  },
  {
    label: "Pressure level",
    scoreKey: "pressureLevelRating",
    commentKey: "pressureComment",
    placeholder: "Did you feel rushed?",
    scale: PRESSURE_SCALE,
  },
  {
    label: "Communication",
    scoreKey: "communicationRating",
    commentKey: "communicationComment",
    placeholder: "Clear, honest, on time?",
  },
  { label: "Product knowledge", scoreKey: "knowledgeRating" },
];

/** One category: its stars and an optional note beside them. */
function CategoryBlock({
  label,
  scoreKey,
  commentKey,
  draft,
  attempted,
  setField,
  scale,
  placeholder,
}: {
  label: string;
  scoreKey: ScoreKey;
  commentKey?: TextKey | undefined;
  draft: RatingDraft;
  attempted: boolean;
  setField: SetRatingField;
  scale?: { low: string; high: string } | undefined;
  placeholder?: string | undefined;
}) {
  return (
    <ScoreRow>
      <StarInput
        label={label}
        value={draft[scoreKey]}
        onChange={(value) => setField(scoreKey, value)}
        invalid={attempted}
        scale={scale}
      />
      {commentKey ? (
        <TextareaField
          label={`${label} comment`}
          note="optional"
          labelSize="sm"
          rows={2}
          size="sm"
          maxLength={2000}
          placeholder={placeholder}
          value={draft[commentKey]}
          onChange={(e) => setField(commentKey, e.currentTarget.value)}
        />
      ) : null}
    </ScoreRow>
  );
}

export function RatingFields({
  draft,
  attempted,
  setField,
  today,
}: {
  draft: RatingDraft;
  attempted: boolean;
  setField: SetRatingField;
  today: string;
}) {
  const visitDateError = !!draft.visitDate && draft.visitDate > today;
  const contact = contactDetailIn(
    draft.comment,
    draft.helpfulnessComment,
    draft.pressureComment,
    draft.communicationComment,
  );
  return (
    <Stack gap="4">
      <ScoreRow highlight>
        <StarInput
          label="Overall experience"
          value={draft.overallRating}
          onChange={(value) => setField("overallRating", value)}
          invalid={attempted}
        />
        <TextareaField
          label="Your review"
          note="optional"
          labelSize="sm"
          rows={3}
          maxLength={2000}
          placeholder="What should other buyers know before they visit?"
          value={draft.comment}
          onChange={(e) => setField("comment", e.currentTarget.value)}
          bg="bg.panel"
        />
      </ScoreRow>
      <Stack gap="3">
        {CATEGORIES.map((category) => (
          <CategoryBlock
            key={category.scoreKey}
            {...category}
            draft={draft}
            attempted={attempted}
            setField={setField}
          />
        ))}
      </Stack>
      {contact ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="contact-details-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your review seems to include {contact}</Alert.Title>
            <Alert.Description>
              Reviews with contact details wait for a moderator before they are published. Remove it to
              publish right away.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <InputField
        label="Visit date"
        note="optional"
        labelSize="sm"
        error={visitDateError ? VISIT_DATE_IN_FUTURE : undefined}
        root={{ maxW: { md: "xs" } }}
        type="date"
        max={today}
        value={draft.visitDate}
        onChange={(e) => setField("visitDate", e.currentTarget.value)}
      />
    </Stack>
  );
}
