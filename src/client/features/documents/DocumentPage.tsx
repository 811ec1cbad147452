import { Accordion, Box, Link as ChakraLink, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { accordionSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { DocumentSlug } from "../../../shared/documents";
import { type InfoAction, InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { Markdown, outline } from "./Markdown";
import { documentQueries } from "./queries";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** FAQ documents are a list of '## Question' sections; each becomes one accordion item. */
export function faqEntries(markdown: string): { question: string; answer: string }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [question = "", ...rest] = section.split("\n");
      return { question: question.trim(), answer: rest.join("\n").trim() };
    })
    .filter((entry) => entry.question && entry.answer);
}

function OnThisPage({ markdown }: { markdown: string }) {
  const sections = outline(markdown);
  if (sections.length < 4) return null;
  return (
    <Box as="nav" aria-label="On this page" position={{ lg: "sticky" }} top={{ lg: "24" }}>
      <Text
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="0.08em"
        color="fg.muted"
      >
        On this page
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" mt="3" ps="0">
        {sections.map((section) => (
          <li key={section.id}>
            <ChakraLink href={`#${section.id}`} fontSize="sm" color="fg.muted" _hover={{ color: "brand.fg" }}>
              {section.text}
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function FaqAccordion({ markdown }: { markdown: string }) {
  const entries = faqEntries(markdown);
  return (
    <Stack gap="4" maxW="3xl" as="section" aria-labelledby="faq-title">
      <Heading as="h2" id="faq-title" size="lg" color="ink">
        Questions and answers
      </Heading>
      <Accordion.Root
        recipe={accordionSlotRecipe}
        collapsible
        multiple
        variant="enclosed"
        defaultValue={entries.length > 0 ? ["faq-0"] : []}
      >
        {entries.map((entry, index) => (
          // Values become element ids, so they are index-based (question text has spaces).
          <Accordion.Item key={entry.question} value={`faq-${index}`}>
            <Accordion.ItemTrigger fontWeight="semibold" textAlign="start" justifyContent="space-between">
              {entry.question}
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody css={{ "& p:last-child": { mb: 0 } }}>
                <Markdown>{entry.answer}</Markdown>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}

export type DocumentPageProps = {
  slug: DocumentSlug;
  eyebrow: string;
  /** Shown under the title, above the 'last updated' line. */
  lead: string;
  description: string;
  actions?: readonly InfoAction[];
  variant?: "article" | "faq";
  /** Extra content after the document (e.g. live figures on About). */
  children?: ReactNode;
};

/** A page whose body is a Markdown document stored in the database (docs/product/public-site.md#documents). */
export function DocumentPage({
  slug,
  eyebrow,
  lead,
  description,
  actions,
  variant = "article",
  children,
}: DocumentPageProps) {
  const { data: doc } = useSuspenseQuery(documentQueries.get(slug));
  const updated = `Last updated ${dateFormat.format(doc.lastUpdated)}.`;

  const body: ReactNode =
    variant === "faq" ? (
      <FaqAccordion markdown={doc.content} />
    ) : (
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) 15rem" }} gap="12" alignItems="start">
        <Box as="article" maxW="3xl" css={{ "& > h2:first-of-type": { mt: 0 } }}>
          <Markdown>{doc.content}</Markdown>
        </Box>
        <Box hideBelow="lg">
          <OnThisPage markdown={doc.content} />
        </Box>
      </Grid>
    );

  return (
    <PageFrame>
      <InfoPage
        eyebrow={eyebrow}
        title={doc.title}
        description={description}
        lead={
          <>
            {lead}
            <Text as="span" display="block" mt="2" fontSize="sm">
              {updated}
            </Text>
          </>
        }
        actions={actions}
      >
        {body}
        {children}
      </InfoPage>
    </PageFrame>
  );
}
