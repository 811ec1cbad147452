import { Card, Flex, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack } from "@chakra-ui/react";

/** Placeholder with the card's shape, shown six at a time while results load. */
export function SalespersonCardSkeleton() {
  return (
    <Card.Root
      borderRadius="xl"
      borderColor="border.muted"
      aria-hidden="true"
      data-testid="salesperson-card-skeleton"
    >
      <Card.Body gap="4" p="5">
        <Flex gap="4">
          <SkeletonCircle size="16" />
          <Stack flex="1" gap="2" pt="1">
            <Skeleton height="4" width="60%" />
            <Skeleton height="3" width="80%" />
            <Skeleton height="3" width="40%" />
          </Stack>
        </Flex>
        <Skeleton height="8" />
        <SkeletonText noOfLines={1} width="70%" />
      </Card.Body>
      <Card.Footer p="5" pt="0" flexDirection="column" gap="2" alignItems="stretch">
        <HStack gap="2">
          <Skeleton height="8" flex="1" />
          <Skeleton height="8" flex="1" />
        </HStack>
        <Skeleton height="8" />
      </Card.Footer>
    </Card.Root>
  );
}
