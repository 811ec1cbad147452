import { Button, EmptyState, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuStar } from "react-icons/lu";

/** Ratings tab: the customer's own reviews will be listed here once they rate a salesperson. */
export function MyReviewsPanel() {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white" py="14">
      <EmptyState.Content maxW="md">
        <EmptyState.Indicator color="yellow.500">
          <LuStar />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="2">
          <EmptyState.Title>Your reviews will appear here</EmptyState.Title>
          <EmptyState.Description>
            After a completed appointment you can rate the salesperson on helpfulness, sales pressure and
            communication. Every review you leave is listed here.
          </EmptyState.Description>
        </Stack>
        <Button asChild variant="outline">
          <Link to="/appointments">View my appointments</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
