import { Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Eyebrow } from "../Eyebrow";
import { PageBand } from "./PageBand";

/**
 * A signed-in page's header band: the eyebrow, the page's h1, a line about the page and whatever else the page
 * says there (`children`), with its main actions beside them from `wideFrom` up and below them on narrower
 * screens.
 */
export function PageHeader({
  eyebrow,
  title,
  titleHidden = false,
  lead,
  children,
  actions,
  wideFrom = "md",
  actionsAlign = "center",
  gap = "4",
}: {
  eyebrow: string;
  title: string;
  /** The h1 is for screen readers only (e.g. while the visible title is still loading). */
  titleHidden?: boolean;
  lead?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The width from which the actions sit beside the title rather than under it. */
  wideFrom?: "md" | "lg";
  /** Beside the title, the actions line up with its middle or with its last line. */
  actionsAlign?: "center" | "end";
  gap?: "4" | "5";
}) {
  return (
    <PageBand pt={{ base: "5", md: "7" }} pb="5">
      <Flex
        gap={gap}
        justify="space-between"
        align={{ base: "stretch", [wideFrom]: actionsAlign === "end" ? "flex-end" : "center" }}
        direction={{ base: "column", [wideFrom]: "row" }}
      >
        <Stack gap="1.5" minW="0">
          <Eyebrow>{eyebrow}</Eyebrow>
          {titleHidden ? (
            <Heading as="h1" srOnly>
              {title}
            </Heading>
          ) : (
            <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
              {title}
            </Heading>
          )}
          {lead ? (
            <Text color="fg.muted" maxW="2xl">
              {lead}
            </Text>
          ) : null}
          {children}
        </Stack>
        {actions}
      </Flex>
    </PageBand>
  );
}
