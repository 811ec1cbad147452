import { Box, type BoxProps, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The small capitals line above a headline ("Features", "How it works"). */
export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <Text
      color="brand.fg"
      fontWeight="semibold"
      fontSize="sm"
      textTransform="uppercase"
      letterSpacing="0.08em"
    >
      {children}
    </Text>
  );
}

/** Eyebrow, title and lead text that open a page section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  align = "center",
  id,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "start";
  id?: string;
}) {
  return (
    <Stack
      gap="3"
      textAlign={align === "center" ? "center" : "start"}
      align={align === "center" ? "center" : "flex-start"}
      maxW="3xl"
      mx={align === "center" ? "auto" : undefined}
    >
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <Heading
        as="h2"
        id={id}
        size={{ base: "2xl", md: "3xl" }}
        letterSpacing="-0.02em"
        color="ink"
        lineHeight="1.2"
      >
        {title}
      </Heading>
      {lead ? (
        <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
          {lead}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A full-width band of a marketing page: its heading (which names the section), then the content, in the
 * site's width. `bg` alternates the bands.
 */
export function PageSection({
  headingId,
  eyebrow,
  title,
  lead,
  bg = "bg",
  children,
  ...box
}: {
  /** The heading's id; the section is labelled by it. */
  headingId: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  bg?: string;
  children: ReactNode;
} & Omit<BoxProps, "title">) {
  return (
    <Box as="section" aria-labelledby={headingId} bg={bg} py={{ base: "16", md: "24" }} {...box}>
      <Container maxW="7xl">
        <Stack gap={{ base: "10", md: "14" }}>
          <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} />
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
