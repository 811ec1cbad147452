import { Box, Button, Container, Heading, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuCircleCheck } from "./icons";
import { Eyebrow } from "./SectionHeading";
import { useDocumentTitle } from "./useDocumentTitle";

export type InfoAction = {
  label: string;
  to?: LinkProps["to"];
  search?: Record<string, string>;
  params?: Record<string, string>;
  href?: string;
  primary?: boolean;
};

export type InfoSection = { title: string; body: ReactNode };

type InfoPageProps = {
  eyebrow?: string;
  title: string;
  /** Browser-tab title when it should differ from the headline (e.g. "Pricing"). */
  documentTitle?: string;
  /** The page's meta description (search results and link previews). */
  description?: string;
  lead: ReactNode;
  points?: readonly string[];
  pointsHeading?: string;
  sections?: readonly InfoSection[];
  actions?: readonly InfoAction[];
  notice?: ReactNode;
  children?: ReactNode;
};

export function ActionButton({ action, size = "md" }: { action: InfoAction; size?: "sm" | "md" | "lg" }) {
  const variant = action.primary ? "solid" : "outline";
  if (action.href) {
    return (
      <Button asChild size={size} variant={variant} colorPalette="blue">
        <a href={action.href}>{action.label}</a>
      </Button>
    );
  }
  return (
    <Button asChild size={size} variant={variant} colorPalette="blue" bg={action.primary ? undefined : "bg"}>
      <Link to={action.to ?? "/"} search={action.search as never} params={action.params as never}>
        {action.label}
      </Link>
    </Button>
  );
}

/**
 * A plain, finished-looking page for areas whose tools land in later releases: what the page is for,
 * what it will hold, and real links onward. No placeholder numbers or dead buttons.
 */
export function InfoPage({
  eyebrow,
  title,
  documentTitle,
  description,
  lead,
  points,
  pointsHeading,
  sections,
  actions,
  notice,
  children,
}: InfoPageProps) {
  useDocumentTitle(documentTitle ?? title, description);
  return (
    <Box bg="bg" flex="1">
      <Box
        bgGradient="to-b"
        gradientFrom="brand.subtle"
        gradientTo="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Container maxW="5xl" py={{ base: "12", md: "16" }}>
          <Stack gap="4" maxW="3xl">
            {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
            <Heading as="h1" size={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em" color="ink">
              {title}
            </Heading>
            <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
              {lead}
            </Text>
            {actions && actions.length > 0 ? (
              <HStack gap="3" pt="2" flexWrap="wrap">
                {actions.map((action) => (
                  <ActionButton key={action.label} action={action} />
                ))}
              </HStack>
            ) : null}
          </Stack>
        </Container>
      </Box>
      <Container maxW="5xl" py={{ base: "10", md: "14" }}>
        <Stack gap="10">
          {notice ? (
            <Box
              borderWidth="1px"
              borderColor="brand.emphasized"
              bg="brand.subtle"
              borderRadius="xl"
              p="5"
              color="fg"
            >
              {notice}
            </Box>
          ) : null}
          {points && points.length > 0 ? (
            <PointsGrid heading={pointsHeading ?? "What you can do here"} points={points} />
          ) : null}
          {sections?.map((section) => (
            <Stack key={section.title} gap="3" maxW="3xl">
              <Heading as="h2" size="lg" color="ink">
                {section.title}
              </Heading>
              <Box color="fg.muted" lineHeight="tall" css={{ "& p + p": { mt: "3" } }}>
                {section.body}
              </Box>
            </Stack>
          ))}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** The closing call to action of a page: a tinted band with a title, a line of text and its actions. */
export function CallToAction({
  id,
  title,
  children,
  actions,
}: {
  /** The title's id; the band is labelled by it. */
  id: string;
  title: string;
  children: ReactNode;
  actions: readonly InfoAction[];
}) {
  return (
    <Stack
      as="section"
      aria-labelledby={id}
      align="center"
      textAlign="center"
      gap="4"
      bg="brand.subtle"
      borderRadius="2xl"
      p={{ base: "8", md: "12" }}
    >
      <Heading as="h2" id={id} size="xl" color="ink">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="xl">
        {children}
      </Text>
      <HStack gap="3" flexWrap="wrap" justify="center">
        {actions.map((action) => (
          <ActionButton key={action.label} action={action} />
        ))}
      </HStack>
    </Stack>
  );
}

/** A heading and a two-column grid of ticked points (what a page offers, why to subscribe). */
export function PointsGrid({ heading, points }: { heading: string; points: readonly string[] }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg" color="ink">
        {heading}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {points.map((point) => (
          <HStack
            key={point}
            align="flex-start"
            gap="3"
            p="4"
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
          >
            <Icon color="brand.fg" boxSize="5" mt="0.5" flexShrink={0}>
              <LuCircleCheck />
            </Icon>
            <Text>{point}</Text>
          </HStack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
