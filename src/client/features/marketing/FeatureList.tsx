import { Card, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import type { IconType } from "react-icons";
import { IconTile } from "../../ui/Showcase";

export type FeatureItem = { icon: IconType; title: string; text: string };

/** A titled group of feature tiles, used on the Features and How It Works pages. */
export function FeatureGroup({
  title,
  lead,
  items,
  columns = 3,
}: {
  title: string;
  lead?: string;
  items: readonly FeatureItem[];
  columns?: 2 | 3 | 4;
}) {
  const id = useId();
  return (
    <Stack gap="5" as="section" aria-labelledby={id}>
      <Stack gap="1">
        <Heading as="h2" id={id} size="xl" color="ink" letterSpacing="-0.01em">
          {title}
        </Heading>
        {lead ? <Text color="fg.muted">{lead}</Text> : null}
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2, lg: columns }} gap="4">
        {items.map((item) => (
          <Card.Root key={item.title} borderRadius="xl" borderColor="border.muted" boxShadow="none" bg="bg">
            <Card.Body p="5" gap="3">
              <HStack gap="3">
                <IconTile icon={item.icon} size="sm" />
                <Heading as="h3" size="sm" color="ink">
                  {item.title}
                </Heading>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {item.text}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
