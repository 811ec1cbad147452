// The group's dealerships side by side: where each is, its team, rating and visits ahead, which one the member
// works on now, and the way into its dashboard and to its public page.
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { LuArrowRight, LuExternalLink, LuMapPin } from "react-icons/lu";
import type { DealerGroup, GroupDealership } from "../../../shared/schemas/groups";
import { Fact } from "../../ui/Fact";
import { countOf } from "../../ui/format";
import { ratingText } from "../../ui/Rating";
import { dealershipWorkspace } from "./figures";
import { useActAs } from "./useActAs";

function DealershipCard({
  dealership: d,
  acting,
  opening,
  onOpen,
}: {
  dealership: GroupDealership;
  acting: boolean;
  opening: boolean;
  onOpen: () => void;
}) {
  const headingId = useId();
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      borderRadius="xl"
      borderColor={acting ? "blue.300" : "border.muted"}
      boxShadow="xs"
      data-acting={acting || undefined}
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="4">
        <Stack gap="1">
          <Flex justify="space-between" align="flex-start" gap="2">
            <Heading as="h3" id={headingId} size="md" color="ink" minW="0" overflowWrap="anywhere">
              {d.name}
            </Heading>
            {acting ? (
              <Badge colorPalette="blue" variant="solid" borderRadius="full" flexShrink={0}>
                Working on
              </Badge>
            ) : null}
          </Flex>
          <HStack gap="1" fontSize="sm" color="fg.muted">
            <LuMapPin aria-hidden />
            <Text>
              {d.city}, {d.state}
            </Text>
          </HStack>
        </Stack>
        <SimpleGrid as="dl" columns={3} gap="3">
          <Fact term label="Salespeople" fontWeight="semibold">
            {d.salespeople}
          </Fact>
          <Fact term label="Rating" fontWeight="semibold">
            {ratingText(d.averageRating, d.totalReviews)}
            <Text as="span" display="block" fontWeight="normal" fontSize="xs" color="fg.muted">
              {countOf(d.totalReviews, "review")}
            </Text>
          </Fact>
          <Fact term label="Upcoming visits" fontWeight="semibold">
            {d.upcomingVisits}
          </Fact>
        </SimpleGrid>
        <Flex gap="2" direction={{ base: "column", sm: "row" }} wrap="wrap" mt="auto">
          <Button size="sm" colorPalette="blue" loading={opening} onClick={onOpen} flex={{ sm: "0 0 auto" }}>
            Open dashboard<VisuallyHidden> of {d.name}</VisuallyHidden> <LuArrowRight aria-hidden />
          </Button>
          <Button asChild size="sm" variant="outline" flex={{ sm: "0 0 auto" }}>
            <Link to="/dealerships/$slug" params={{ slug: d.slug }}>
              Public page<VisuallyHidden> of {d.name}</VisuallyHidden> <LuExternalLink aria-hidden />
            </Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** Each dealership of the group as a card: three across on wide screens, stacked on a phone. */
export function DealershipCards({ group }: { group: DealerGroup }) {
  const actAs = useActAs();
  const navigate = useNavigate();
  const dashboard = dealershipWorkspace(group.role);
  const open = async (dealershipId: number) => {
    await actAs.mutateAsync({ dealershipId });
    await navigate({ to: dashboard });
  };
  return (
    <Box as="section" aria-labelledby="group-dealerships">
      <Heading as="h2" id="group-dealerships" size="lg" color="ink" mb="4">
        Dealerships
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: "4", md: "5" }}>
        {group.dealerships.map((d) => (
          <DealershipCard
            key={d.id}
            dealership={d}
            acting={d.id === group.actingDealershipId}
            opening={actAs.isPending && actAs.variables?.dealershipId === d.id}
            onOpen={() => void open(d.id).catch(() => undefined)}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
