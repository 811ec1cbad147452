import { Card, type CardRootProps, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A titled card that is a section of its own (a chart, a form, a list), named by its title. */
export function SectionCard({
  title,
  label,
  description,
  size = "md",
  headingSize = size,
  gap = "4",
  actions,
  children,
  ...card
}: {
  title: ReactNode;
  /** The section's accessible name, when the title is more than words (e.g. carries a count). */
  label?: string;
  description?: ReactNode;
  /** "sm" for cards in a grid (charts, insights), "md" for a page's main sections. */
  size?: "sm" | "md";
  /** The title's size when it differs from the card's (a grid's cards with full-size titles). */
  headingSize?: "sm" | "md";
  gap?: "2" | "3" | "4";
  /** Buttons beside the title (under it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
} & Omit<CardRootProps, "title">) {
  const heading = (
    <Stack gap="0.5" minW={actions ? "0" : undefined} flex={actions ? "1 1 16rem" : undefined}>
      <Heading as="h3" size={headingSize} color="ink">
        {title}
      </Heading>
      {description ? (
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Card.Root
      as="section"
      aria-label={label ?? (typeof title === "string" ? title : undefined)}
      borderRadius="xl"
      borderColor="border.muted"
      boxShadow="xs"
      {...card}
    >
      <Card.Body p={{ base: "4", md: size === "sm" ? "5" : "6" }} gap={gap}>
        {actions ? (
          <Flex justify="space-between" align={{ base: "stretch", sm: "flex-start" }} gap="3" wrap="wrap">
            {heading}
            {actions}
          </Flex>
        ) : (
          heading
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
