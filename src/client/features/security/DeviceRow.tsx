// One thing that can sign in to the account, as the Security page lists it: a signed-in device or a passkey.
// Its icon, its name with a badge, what is known of it (a list of facts) and what can be done to it.
import { Badge, Flex, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { Fact } from "../../ui/Fact";

export function DeviceRow({
  icon: RowIcon,
  name,
  label,
  badge,
  highlight = false,
  facts,
  factColumns,
  actions,
}: {
  icon: IconType;
  name: string;
  /** The row's accessible name, when more than its name. */
  label?: string;
  /** A short word beside the name ("This device", "Synced"), in the badge's colour. */
  badge?: { text: string; palette: "blue" | "green" } | null;
  /** This device's own row stands out. */
  highlight?: boolean;
  facts: [label: string, value: string][];
  factColumns: { base: number; sm?: number; lg?: number };
  actions: ReactNode;
}) {
  return (
    <Flex
      as="li"
      gap="4"
      p={{ base: "4", md: "5" }}
      bg="white"
      borderWidth="1px"
      borderColor={highlight ? "blue.200" : "border.muted"}
      borderRadius="xl"
      direction={{ base: "column", md: "row" }}
      align={{ md: "center" }}
      aria-label={label ?? name}
    >
      <HStack gap="3" align="flex-start" flex="1" minW="0">
        <Icon boxSize="9" p="2" borderRadius="lg" bg="blue.50" color="blue.700" flexShrink={0} aria-hidden>
          <RowIcon />
        </Icon>
        <Stack gap="2" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" color="ink" wordBreak="break-word">
              {name}
            </Text>
            {badge ? (
              <Badge colorPalette={badge.palette} variant="subtle" borderRadius="full" px="2.5">
                {badge.text}
              </Badge>
            ) : null}
          </HStack>
          <SimpleGrid as="dl" columns={factColumns} gap="3">
            {facts.map(([term, value]) => (
              <Fact key={term} term color="fg" label={term}>
                {value}
              </Fact>
            ))}
          </SimpleGrid>
        </Stack>
      </HStack>
      <HStack gap="2" flexShrink={0} alignSelf={{ base: "flex-start", md: "center" }}>
        {actions}
      </HStack>
    </Flex>
  );
}
