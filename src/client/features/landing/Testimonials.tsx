import { Avatar, Box, Card, Container, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuQuote } from "react-icons/lu";
import { SectionHeading } from "../../ui/SectionHeading";

const TESTIMONIALS = [
  {
    quote:
      "I booked a test drive with someone rated highly for low pressure. No games, no back-and-forth with a manager. I was done in under two hours with the car I came for.",
    name: "Danielle R.",
    role: "First-time buyer",
  },
  {
    quote:
      "Customers come in asking for me by name because they've read my reviews. Those visits start with trust, and they close faster.",
    name: "Marcus T.",
    role: "Sales consultant",
  },
  {
    quote:
      "Feedback per salesperson showed us who needed coaching long before it turned into a one-star review of the whole store.",
    name: "Priya S.",
    role: "General sales manager",
  },
] as const;

export function Testimonials() {
  return (
    <Box as="section" aria-labelledby="testimonials-title" bg="white" py={{ base: "16", md: "24" }}>
      <Container maxW="7xl">
        <Stack gap={{ base: "10", md: "14" }}>
          <SectionHeading
            id="testimonials-title"
            eyebrow="From our beta"
            title="What people say after using KnowBefore"
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {TESTIMONIALS.map((t) => (
              <Card.Root
                as="figure"
                key={t.name}
                borderRadius="2xl"
                borderColor="border.muted"
                bg="gray.50"
                boxShadow="none"
              >
                <Card.Body gap="5" p={{ base: "6", md: "7" }}>
                  <Icon boxSize="7" color="blue.300">
                    <LuQuote />
                  </Icon>
                  <Text as="blockquote" fontSize="md" color="fg" lineHeight="tall">
                    {t.quote}
                  </Text>
                  <HStack as="figcaption" gap="3" mt="auto">
                    <Avatar.Root size="sm" colorPalette="blue">
                      <Avatar.Fallback name={t.name} />
                    </Avatar.Root>
                    <Stack gap="0">
                      <Text fontWeight="semibold" fontSize="sm" color="ink">
                        {t.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t.role}
                      </Text>
                    </Stack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
