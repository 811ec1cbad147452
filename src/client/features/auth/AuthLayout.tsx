import { Box, Grid, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { PanelPage } from "../../ui/layout/PageFrame";

export type AuthHighlight = { icon: IconType; title: string; text: string };

/** Sign-in frame: a short pitch beside the form on wide screens, the form alone on phones. */
export function AuthLayout({
  pitchTitle,
  pitchText,
  highlights,
  children,
}: {
  pitchTitle: string;
  pitchText: string;
  highlights: readonly AuthHighlight[];
  children: ReactNode;
}) {
  return (
    <PanelPage maxW="6xl">
      <Grid
        templateColumns={{ base: "1fr", lg: "1fr 1fr" }}
        layerStyle="panel"
        borderRadius="2xl"
        boxShadow="sm"
        overflow="hidden"
      >
        <Stack
          hideBelow="lg"
          gap="8"
          p="12"
          color="white"
          bg="linear-gradient(150deg, #0b1b3a 0%, #1e3a8a 60%, #1d4ed8 100%)"
        >
          <Stack gap="3">
            <Heading as="p" size="2xl" letterSpacing="-0.02em" lineHeight="1.2">
              {pitchTitle}
            </Heading>
            <Text color="blue.100">{pitchText}</Text>
          </Stack>
          <Stack gap="5">
            {highlights.map((h) => (
              <HStack key={h.title} align="flex-start" gap="4">
                <Box bg="whiteAlpha.200" borderRadius="lg" p="2.5" flexShrink={0}>
                  <Icon boxSize="5">
                    <h.icon />
                  </Icon>
                </Box>
                <Stack gap="0.5">
                  <Text fontWeight="semibold">{h.title}</Text>
                  <Text fontSize="sm" color="blue.100">
                    {h.text}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <Box p={{ base: "6", sm: "10", lg: "12" }}>{children}</Box>
      </Grid>
    </PanelPage>
  );
}
