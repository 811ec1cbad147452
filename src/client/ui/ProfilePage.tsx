// What the two public profile pages share (a salesperson's, a dealership's): the grey page band with "Back to
// browse", the header card under a blue banner, and the grid of the main card, the side column and the reviews.
import { Box, Button, Card, Flex, Grid, GridItem, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuArrowLeft } from "react-icons/lu";
import { GreyPage } from "./layout/PageFrame";

/** A public profile's page: the grey band, "Back to browse" to the home page's browsing, then the profile. */
export function ProfilePage({ children }: { children: ReactNode }) {
  return (
    <GreyPage py={{ base: "4", md: "8" }}>
      <Stack gap="4">
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" color="fg.muted">
          <Link to="/">
            <LuArrowLeft /> Back to browse
          </Link>
        </Button>
        {children}
      </Stack>
    </GreyPage>
  );
}

/**
 * A profile's header card: a blue banner, then the picture (which overlaps the banner), the details and the
 * actions, in a column on a phone and in a row from tablets up.
 */
export function ProfileHeaderCard({ children }: { children: ReactNode }) {
  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs" overflow="hidden">
      <Box h={{ base: "16", md: "20" }} bg="linear-gradient(120deg, #1e3a8a 0%, #2563eb 100%)" />
      <Card.Body p={{ base: "5", md: "8" }} pt="0">
        <Flex
          gap={{ base: "4", md: "6" }}
          direction={{ base: "column", md: "row" }}
          align={{ md: "flex-end" }}
        >
          {children}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A profile's body: the main card with the reviews under it and the side column beside both (sticky) from
 * laptops up; on a phone the side column comes between them.
 */
export function ProfileGrid({
  main,
  side,
  reviews,
}: {
  main: ReactNode;
  side: ReactNode;
  reviews: ReactNode;
}) {
  return (
    <Grid
      templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }}
      templateRows={{ lg: "auto 1fr" }}
      templateAreas={{ base: `"main" "side" "reviews"`, lg: `"main side" "reviews side"` }}
      gap="6"
      alignItems="start"
    >
      <GridItem area="main">{main}</GridItem>
      <GridItem area="side" position={{ lg: "sticky" }} top={{ lg: "24" }}>
        {side}
      </GridItem>
      <GridItem area="reviews">{reviews}</GridItem>
    </Grid>
  );
}
