// Renders a stored document's Markdown with the site's typography. Raw HTML in the source is dropped
// (skipHtml) and link targets pass react-markdown's URL filter, so an edited document can't inject markup.
import { Box, Link as ChakraLink, Code, Heading, Separator, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";

type HastNode = { type: string; value?: string; children?: HastNode[] };

function textOf(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/** "How long we keep it" -> "how-long-we-keep-it": stable anchors for a document's sections. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The second-level headings of a Markdown text, for an 'On this page' list. */
export function outline(markdown: string): { id: string; text: string }[] {
  return [...markdown.matchAll(/^## (.+)$/gm)].map((m) => {
    const text = m[1]!.replace(/[*_`]/g, "").trim();
    return { id: headingId(text), text };
  });
}

function isInternal(href: string | undefined): href is string {
  return Boolean(href?.startsWith("/") && !href.startsWith("//"));
}

function DocLink({ href, children }: { href?: string; children?: ReactNode }) {
  // react-markdown blanks unsafe targets (javascript:, data:...): show the words without a link.
  if (!href) return <>{children}</>;
  if (isInternal(href)) {
    return (
      <ChakraLink asChild color="brand.fg" textDecoration="underline" textUnderlineOffset="2px">
        <Link to={href as never}>{children}</Link>
      </ChakraLink>
    );
  }
  return (
    <ChakraLink
      href={href}
      color="brand.fg"
      textDecoration="underline"
      textUnderlineOffset="2px"
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </ChakraLink>
  );
}

/** A heading inside a document, with an id so the table of contents and links can point at it. */
function sectionHeading(as: "h2" | "h3"): Components["h2"] {
  const major = as === "h2";
  return ({ node, children }) => (
    <Heading
      as={as}
      id={headingId(textOf(node as HastNode))}
      size={major ? "xl" : "md"}
      color="ink"
      mt={major ? "10" : "6"}
      mb={major ? "3" : "2"}
      scrollMarginTop="24"
    >
      {children}
    </Heading>
  );
}

const components: Components = {
  // A document's own title is the page's h1, so a '#' in the source becomes a section heading.
  h1: sectionHeading("h2"),
  h2: sectionHeading("h2"),
  h3: sectionHeading("h3"),
  h4: ({ children }) => (
    <Heading as="h4" size="sm" color="ink" mt="5" mb="2">
      {children}
    </Heading>
  ),
  p: ({ children }) => (
    <Text mb="4" lineHeight="tall" color="fg">
      {children}
    </Text>
  ),
  ul: ({ children }) => (
    <Box as="ul" ps="6" mb="4" listStyleType="disc" css={{ "& li": { mb: "1.5", lineHeight: "tall" } }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box as="ol" ps="6" mb="4" listStyleType="decimal" css={{ "& li": { mb: "1.5", lineHeight: "tall" } }}>
      {children}
    </Box>
  ),
  li: ({ children }) => <li>{children}</li>,
  a: ({ href, children }) => <DocLink href={href}>{children}</DocLink>,
  strong: ({ children }) => (
    <Text as="strong" fontWeight="semibold" color="ink">
      {children}
    </Text>
  ),
  code: ({ children }) => <Code size="sm">{children}</Code>,
  blockquote: ({ children }) => (
    <Box as="blockquote" borderStartWidth="4px" borderColor="brand.emphasized" ps="4" my="4" color="fg.muted">
      {children}
    </Box>
  ),
  hr: () => <Separator my="8" />,
  img: ({ src, alt }) => (
    <Box asChild maxW="full" my="4" borderRadius="lg">
      <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} loading="lazy" />
    </Box>
  ),
};

export function Markdown({ children }: { children: string }) {
  return (
    <ReactMarkdown skipHtml components={components}>
      {children}
    </ReactMarkdown>
  );
}
