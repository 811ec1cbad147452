import { Stack, Text } from "@chakra-ui/react";

/** A small tear-off calendar page: month over day, in the dealership's zone. */
export function DateTile({ month, day, muted }: { month: string; day: string; muted?: boolean }) {
  return (
    <Stack
      gap="0"
      align="center"
      justify="center"
      w="14"
      h="14"
      flexShrink={0}
      borderRadius="lg"
      borderWidth="1px"
      borderColor={muted ? "border.muted" : "blue.muted"}
      bg={muted ? "bg.subtle" : "blue.subtle"}
      aria-hidden
    >
      <Text
        fontSize="2xs"
        fontWeight="bold"
        textTransform="uppercase"
        letterSpacing="0.08em"
        color={muted ? "fg.muted" : "blue.fg"}
        lineHeight="1"
      >
        {month}
      </Text>
      <Text fontSize="xl" fontWeight="bold" color={muted ? "fg.muted" : "ink"} lineHeight="1.1">
        {day}
      </Text>
    </Stack>
  );
}
