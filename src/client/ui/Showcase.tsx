// Pieces several pages share: an icon on a tinted tile or in a tinted circle, and numbered steps.
import { Box, Center, Heading, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";

/** A secondary button on a dark blue band (spread onto a Button). */
export const onDarkOutline = {
  variant: "outline",
  color: "white",
  borderColor: "whiteAlpha.500",
  _hover: { bg: "whiteAlpha.200" },
} as const;

/** An icon on a soft square tile; `tint` picks a colour palette (the brand's by default). */
export function IconTile({
  icon: TileIcon,
  size = "md",
  tint,
  raised = false,
}: {
  icon: IconType;
  size?: "sm" | "md" | "lg";
  tint?: string;
  /** On a tinted band: a white tile with a shadow instead of a tinted one. */
  raised?: boolean;
}) {
  const box = { sm: "9", md: "11", lg: "12" }[size];
  return (
    <Box
      boxSize={box}
      flexShrink={0}
      borderRadius={size === "sm" ? "lg" : "xl"}
      bg={raised ? "bg" : tint ? `${tint}.subtle` : "brand.subtle"}
      color={tint ? `${tint}.fg` : "brand.fg"}
      boxShadow={raised ? "sm" : undefined}
      display="grid"
      placeItems="center"
    >
      <Icon boxSize={size === "lg" ? "6" : "5"}>
        <TileIcon />
      </Icon>
    </Box>
  );
}

/** A large icon in a tinted circle, at the head of a centred message (link sent, page not found). */
export function IconCircle({ icon: CircleIcon, bg, color }: { icon: IconType; bg: string; color: string }) {
  return (
    <Center boxSize="16" borderRadius="full" bg={bg} color={color}>
      <Icon boxSize="8">
        <CircleIcon />
      </Icon>
    </Center>
  );
}

export type Step = { title: string; text: string };

/** Steps in order, each with its number; `large` for a landing band, compact for a page section. */
export function NumberedSteps({ steps, large = false }: { steps: readonly Step[]; large?: boolean }) {
  return (
    <SimpleGrid
      as="ol"
      listStyleType="none"
      columns={large ? { base: 1, md: steps.length } : { base: 1, md: 2, lg: steps.length }}
      gap={large ? { base: "6", md: "8" } : "4"}
    >
      {steps.map((step, index) => (
        <Stack
          as="li"
          key={step.title}
          gap={large ? "4" : "3"}
          bg="bg"
          p={large ? { base: "6", md: "8" } : "5"}
          borderRadius={large ? "2xl" : "xl"}
          borderWidth={large ? undefined : "1px"}
          borderColor="border.muted"
          boxShadow={large ? "sm" : undefined}
        >
          <Box
            boxSize={large ? "12" : "9"}
            borderRadius="full"
            bg="blue.700"
            color="white"
            display="grid"
            placeItems="center"
            fontWeight="bold"
            fontSize={large ? "lg" : undefined}
            aria-hidden="true"
          >
            {index + 1}
          </Box>
          <Heading as="h3" size={large ? "lg" : "sm"} color="ink">
            <Box as="span" srOnly>
              Step {index + 1}:{" "}
            </Box>
            {step.title}
          </Heading>
          <Text color="fg.muted" fontSize={large ? undefined : "sm"}>
            {step.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
