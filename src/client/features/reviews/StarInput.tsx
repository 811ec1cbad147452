import { HStack, RatingGroup, Stack, Text } from "@chakra-ui/react";

const starTranslations = {
  ratingValueText: (index: number) => (index === 1 ? "1 star" : `${index} stars`),
};

/** One 1–5 star score; 0 reads as 'not rated yet'. Keyboard: arrow keys move, the radios are labelled. */
export function StarInput({
  label,
  value,
  onChange,
  invalid = false,
  scale,
  description,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  /** Words for the two ends of the scale, e.g. '1 = too pushy' and '5 = perfect balance'. */
  scale?: { low: string; high: string };
  description?: string;
}) {
  return (
    <Stack gap="1.5">
      <RatingGroup.Root
        count={5}
        value={value}
        onValueChange={(e) => onChange(e.value)}
        size="lg"
        colorPalette="yellow"
        translations={starTranslations}
      >
        <RatingGroup.Label fontWeight="semibold" fontSize="sm" color="ink">
          {label}
        </RatingGroup.Label>
        {description ? (
          <Text fontSize="xs" color="fg.muted" mt="-1">
            {description}
          </Text>
        ) : null}
        <HStack gap="3" flexWrap="wrap">
          <RatingGroup.HiddenInput />
          <RatingGroup.Control />
          <Text fontSize="sm" color={invalid && value === 0 ? "fg.error" : "fg.muted"} aria-live="polite">
            {value > 0 ? `${value} of 5` : invalid ? "Required" : "Not rated"}
          </Text>
        </HStack>
      </RatingGroup.Root>
      {scale ? (
        <HStack justify="space-between" maxW="15rem" fontSize="xs" color="fg.muted">
          <Text>{scale.low}</Text>
          <Text>{scale.high}</Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
