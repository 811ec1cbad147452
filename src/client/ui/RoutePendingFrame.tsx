// The page frame and placeholders a route shows while its loader runs (the router's default, see router.tsx).
import { Skeleton, SkeletonText, Stack } from "@chakra-ui/react";
import { GreyPage } from "./layout/PageFrame";

/** The page frame with a placeholder for the title and the first block of content. */
export default function RoutePendingFrame() {
  return (
    <GreyPage>
      <Stack gap="6" role="status" aria-busy="true" aria-label="Loading page">
        <Skeleton height="9" width={{ base: "60%", md: "72" }} />
        <Skeleton height="32" borderRadius="xl" />
        <SkeletonText noOfLines={4} />
      </Stack>
    </GreyPage>
  );
}
