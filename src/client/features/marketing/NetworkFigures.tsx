import { Box, Heading, Stack } from "@chakra-ui/react";
import { HeadlineStats } from "../landing";

/** "The network today": the live headline figures in a framed section of a marketing page. */
export function NetworkFigures({ headingId, headingSize }: { headingId: string; headingSize: "lg" | "xl" }) {
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" maxW={headingSize === "xl" ? "3xl" : undefined}>
      <Heading as="h2" id={headingId} size={headingSize} color="ink">
        The network today
      </Heading>
      <Box p={{ base: "5", md: "6" }} borderWidth="1px" borderColor="border.muted" borderRadius="xl">
        <HeadlineStats />
      </Box>
    </Stack>
  );
}
