// A list of cards that open in place to show their detail (a case, an audit entry): several may be open at
// once, each card's summary is its button and its detail sits below.
import { Accordion, Stack } from "@chakra-ui/react";
import { accordionSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";

export function ExpandableCards({ gap, children }: { gap: "2" | "3"; children: ReactNode }) {
  return (
    <Accordion.Root
      recipe={accordionSlotRecipe}
      collapsible
      multiple
      variant="plain"
      display="flex"
      flexDirection="column"
      gap={gap}
    >
      {children}
    </Accordion.Root>
  );
}

/** One card of `ExpandableCards`: `summary` shows closed, `children` once opened. */
export function ExpandableCard({
  value,
  summary,
  ariaLabel,
  children,
}: {
  value: string;
  summary: ReactNode;
  /** The button's name when the summary alone would not say what the card is. */
  ariaLabel?: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} borderWidth="1px" borderColor="border.muted" borderRadius="lg" bg="white">
      <Accordion.ItemTrigger px="4" py="3" cursor="pointer" aria-label={ariaLabel}>
        <Stack gap="1" flex="1" minW="0" textAlign="start">
          {summary}
        </Stack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody px="4" pb="4">
          {children}
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}
