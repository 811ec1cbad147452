import { Badge, Box, HStack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

function LogoMark() {
  return (
    <svg width="100%" height="100%" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M14 40l6-14h24l6 14v8h-6v-4H20v4h-6z" fill="#fff" />
      <circle cx="22" cy="40" r="3" fill="#1d4ed8" />
      <circle cx="42" cy="40" r="3" fill="#1d4ed8" />
    </svg>
  );
}

/** The KnowBefore wordmark with its Beta label; always links home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap={{ base: "1.5", sm: "2.5" }} flexShrink={0}>
      <Link to="/" aria-label="KnowBefore home">
        <HStack gap="2">
          <Box boxSize={{ base: "7", sm: "8" }} flexShrink={0}>
            <LogoMark />
          </Box>
          <Text
            fontWeight="bold"
            fontSize={{ base: "md", sm: "lg" }}
            letterSpacing="-0.02em"
            color={inverted ? "white" : "ink"}
          >
            KnowBefore
          </Text>
        </HStack>
      </Link>
      <BetaBadge inverted={inverted} />
    </HStack>
  );
}

export function BetaBadge({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box>
      <Badge
        colorPalette="blue"
        variant="subtle"
        bg={inverted ? "whiteAlpha.200" : undefined}
        color={inverted ? "white" : undefined}
        size="sm"
        borderRadius="full"
        px="2"
        textTransform="uppercase"
        letterSpacing="0.06em"
        fontWeight="semibold"
      >
        Beta
      </Badge>
    </Box>
  );
}
