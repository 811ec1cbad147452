// What a route shows while its loader runs, for every route: the page frame and placeholders. Route
// definitions load with every page (the landing page included), so the frame itself loads only when a
// placeholder is first shown, which the router waits a moment before doing.
import { Box, Container, Skeleton, SkeletonText, Stack } from "@chakra-ui/react";
import { lazy, Suspense } from "react";

const PageFrame = lazy(() => import("./layout/PageFrame").then((m) => ({ default: m.PageFrame })));

function Placeholders() {
  return (
    <Box bg="gray.50" flex="1">
      <Container maxW="6xl" py={{ base: "6", md: "10" }}>
        <Stack gap="6" aria-busy="true" aria-label="Loading page">
          <Skeleton height="9" width={{ base: "60%", md: "72" }} />
          <Skeleton height="32" borderRadius="xl" />
          <SkeletonText noOfLines={4} />
        </Stack>
      </Container>
    </Box>
  );
}

/** The page frame with a placeholder for the title and the first block of content. */
export function RoutePending() {
  return (
    <Suspense fallback={<Placeholders />}>
      <PageFrame>
        <Placeholders />
      </PageFrame>
    </Suspense>
  );
}
