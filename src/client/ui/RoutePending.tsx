// What a route shows while its loader runs, for every route: the page frame and placeholders. It loads with
// the route definitions (the router cannot code-split it), so it stays small.
import { Box, Container, Skeleton, SkeletonText, Stack } from "@chakra-ui/react";
import { PageFrame } from "./layout/PageFrame";

/** The page frame with a placeholder for the title and the first block of content. */
export function RoutePending() {
  return (
    <PageFrame>
      <Box bg="gray.50" flex="1">
        <Container maxW="6xl" py={{ base: "6", md: "10" }}>
          <Stack gap="6" aria-busy="true" aria-label="Loading page">
            <Skeleton height="9" width={{ base: "60%", md: "72" }} />
            <Skeleton height="32" borderRadius="xl" />
            <SkeletonText noOfLines={4} />
          </Stack>
        </Container>
      </Box>
    </PageFrame>
  );
}
