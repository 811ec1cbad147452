import {
  Card,
  Link as ChakraLink,
  Circle,
  HStack,
  Icon,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Testimonial } from "../../../shared/schemas/site";
import { LuQuote, LuStar } from "../../ui/icons";
import { PageSection } from "../../ui/SectionHeading";
import { siteQueries } from "./queries";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 2)
    .toUpperCase();
}

function QuoteCard({ quote }: { quote: Testimonial }) {
  const where = [quote.dealership, `${quote.city}, ${quote.state}`].filter(Boolean).join(" · ");
  return (
    <Card.Root as="figure" borderRadius="2xl" borderColor="border.muted" bg="band" boxShadow="none" m="0">
      <Card.Body gap="5" p={{ base: "6", md: "7" }}>
        <HStack justify="space-between">
          <Icon boxSize="7" color="brand.fg" opacity="0.5">
            <LuQuote />
          </Icon>
          <HStack gap="0.5" color="yellow.500" role="img" aria-label="Rated 5 out of 5">
            {[1, 2, 3, 4, 5].map((n) => (
              <Icon key={n} boxSize="4" fill="currentColor">
                <LuStar />
              </Icon>
            ))}
          </HStack>
        </HStack>
        <Text as="blockquote" fontSize="md" color="fg" lineHeight="tall">
          “{quote.comment}”
        </Text>
        <HStack as="figcaption" gap="3" mt="auto">
          <Circle
            size="9"
            bg="brand.muted"
            color="brand.fg"
            fontSize="sm"
            fontWeight="semibold"
            aria-hidden="true"
          >
            {initials(quote.author)}
          </Circle>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" fontSize="sm" color="ink">
              {quote.author}, after a visit
            </Text>
            <Text fontSize="sm" color="fg.muted">
              about{" "}
              <ChakraLink asChild color="brand.fg" fontWeight="medium">
                <Link to="/salesperson/$id" params={{ id: String(quote.salespersonId) }}>
                  {quote.salesperson}
                </Link>
              </ChakraLink>
              {where ? ` · ${where}` : ""}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Three testimonials: recent five-star reviews written by buyers after a completed appointment. */
export function Testimonials() {
  const quotes = useQuery({ ...siteQueries.testimonials(), throwOnError: false });
  if (quotes.isSuccess && quotes.data.length === 0) return null;
  if (quotes.isError) return null;
  return (
    <PageSection
      headingId="testimonials-title"
      eyebrow="Testimonials"
      title="What buyers wrote after their visit"
      lead="Recent five-star reviews, each left by a customer after a completed appointment with that salesperson."
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {quotes.data
          ? quotes.data.map((quote) => <QuoteCard key={quote.id} quote={quote} />)
          : [1, 2, 3].map((n) => <Skeleton key={n} height="64" borderRadius="2xl" />)}
      </SimpleGrid>
    </PageSection>
  );
}
