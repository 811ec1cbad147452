import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

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
      {eyebrow ? (
        <Text
          color="brand.fg"
          fontWeight="semibold"
          fontSize="sm"
          textTransform="uppercase"
          letterSpacing="0.08em"
        >
          {eyebrow}
        </Text>
      ) : null}
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
