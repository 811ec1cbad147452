import { Card, type CardRootProps, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A titled card that is a section of its own (a chart, a form, a list), named by its title. */
export function SectionCard({
  title,
  label,
  description,
  size = "md",
  gap = "4",
  children,
  ...card
}: {
  title: ReactNode;
  /** The section's accessible name, when the title is more than words (e.g. carries a count). */
  label?: string;
  description?: ReactNode;
  /** "sm" for cards in a grid (charts, insights), "md" for a page's main sections. */
  size?: "sm" | "md";
  gap?: "2" | "4";
  children: ReactNode;
} & Omit<CardRootProps, "title">) {
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
        <Stack gap="0.5">
          <Heading as="h3" size={size} color="ink">
            {title}
          </Heading>
          {description ? (
            <Text fontSize="sm" color="fg.muted">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
