import {
  Badge,
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LuClock, LuExternalLink, LuMapPin, LuMessageSquareReply, LuPhone, LuUsers } from "react-icons/lu";
import { openAt, weekdayOf } from "../../../shared/openingHours";
import type { NextOpen } from "../../../shared/schemas/appointments";
import { describeDayHours } from "../../../shared/schemas/dealershipHours";
import type {
  DealershipPage as DealershipPageData,
  DealershipPageReview,
  DealershipTeamMember,
} from "../../../shared/schemas/dealershipPage";
import { todayIn, toZoned } from "../../../shared/time";
import { trpc } from "../../trpc";
import { mediumDate } from "../../ui/format";
import { IconText } from "../../ui/IconText";
import { ProfileGrid, ProfileHeaderCard, ProfilePage } from "../../ui/ProfilePage";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { OverallScore, RatingSummary } from "../../ui/Rating";
import { SpecialtyTags } from "../../ui/SpecialtyTags";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { nextOpenLabel } from "../appointments";
import { DealershipLocationCard, telHref } from "../maps";
import { dealershipQueries } from "./queries";

const CARD = { borderRadius: "xl", borderColor: "border.muted", boxShadow: "xs" } as const;

/** The dealership's clock now, read again each minute while the page is open. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "Open now" or "Closed now" on the dealership's own clock, with today's hours; nothing without stated hours. */
function OpenNowBadge({ dealership }: { dealership: DealershipPageData }) {
  const now = useMinute();
  const open = openAt(dealership.hours, dealership.timeZone, now);
  if (open === null || !dealership.hours) return null;
  const today = dealership.hours[weekdayOf(toZoned(now, dealership.timeZone).date)];
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="open-now">
      <Badge colorPalette={open ? "green" : "gray"} variant="subtle" borderRadius="full" px="2.5" size="md">
        {open ? "Open now" : "Closed now"}
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        Today: {describeDayHours(today ?? null)} (local time)
      </Text>
    </HStack>
  );
}

function DealershipHeader({ dealership }: { dealership: DealershipPageData }) {
  const place = `${dealership.city}, ${dealership.state}`;
  return (
    <ProfileHeaderCard>
      <Box
        boxSize={{ base: "20", md: "28" }}
        mt={{ base: "-10", md: "-14" }}
        borderRadius="2xl"
        borderWidth="4px"
        borderColor="white"
        bg="white"
        boxShadow="md"
        overflow="hidden"
        flexShrink={0}
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {dealership.logoUrl ? (
          <Image
            src={dealership.logoUrl}
            alt={`${dealership.name} logo`}
            objectFit="contain"
            boxSize="full"
          />
        ) : (
          <Text fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold" color="blue.700" aria-hidden>
            {dealership.name
              .split(/\s+/)
              .slice(0, 2)
              .map((word) => word[0])
              .join("")
              .toUpperCase()}
          </Text>
        )}
      </Box>
      <Stack gap="2" flex="1" minW="0">
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }} color="ink" letterSpacing="-0.02em">
          {dealership.name}
        </Heading>
        <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap">
          <IconText icon={LuMapPin}>{place}</IconText>
          <IconText icon={LuUsers}>
            {dealership.team.length} {dealership.team.length === 1 ? "salesperson" : "salespeople"}
          </IconText>
        </HStack>
        <Box aria-label="Team rating">
          <RatingSummary
            average={dealership.rating.average ?? 0}
            reviews={dealership.rating.reviewCount}
            size="md"
          />
        </Box>
        <OpenNowBadge dealership={dealership} />
      </Stack>
      <Flex gap="2" direction={{ base: "column", sm: "row" }} flexShrink={0}>
        {dealership.phoneNumber ? (
          <Button asChild colorPalette="blue">
            <a href={telHref(dealership.phoneNumber)}>
              <LuPhone /> Call {dealership.phoneNumber}
            </a>
          </Button>
        ) : null}
        {dealership.website ? (
          <Button asChild variant="outline">
            <a href={dealership.website} target="_blank" rel="noopener noreferrer">
              Website <LuExternalLink />
            </a>
          </Button>
        ) : null}
      </Flex>
    </ProfileHeaderCard>
  );
}

function TeamMemberCard({
  member,
  next,
  today,
}: {
  member: DealershipTeamMember;
  /** The member's next open time; undefined while it loads. */
  next: NextOpen | undefined;
  /** Today's date in the dealership's zone. */
  today: string;
}) {
  return (
    <Card.Root as="li" {...CARD} listStyleType="none" data-testid="team-member">
      <Card.Body p="4" gap="3">
        <HStack gap="3" align="flex-start">
          <ProfilePhoto
            src={member.profileImageUrl}
            name={member.name}
            boxSize="14"
            borderRadius="full"
            flexShrink={0}
          />
          <Stack gap="1" minW="0">
            <Text as="h3" fontWeight="semibold" color="ink" lineHeight="short">
              <ChakraLink asChild color="inherit" _hover={{ color: "blue.700", textDecoration: "underline" }}>
                <Link to="/salesperson/$id" params={{ id: String(member.id) }}>
                  {member.name}
                </Link>
              </ChakraLink>
            </Text>
            <RatingSummary average={member.averageRating} reviews={member.totalReviews} />
          </Stack>
        </HStack>
        {next === undefined ? null : (
          <IconText
            icon={LuClock}
            fontSize="sm"
            color={next ? "fg" : "fg.muted"}
            data-testid="team-next-open"
          >
            {next ? `Next open: ${nextOpenLabel(next, today)}` : "No open times in the next two weeks"}
          </IconText>
        )}
        <SpecialtyTags specialties={member.specialties} max={3} />
      </Card.Body>
    </Card.Root>
  );
}

function TeamSection({ team, timeZone }: { team: DealershipTeamMember[]; timeZone: string }) {
  const next = trpc.appointments.nextOpen.useQuery(
    { ids: team.map((member) => member.id) },
    { enabled: team.length > 0, staleTime: 60_000 },
  );
  const today = todayIn(timeZone);
  return (
    <Card.Root as="section" aria-labelledby="dealership-team" {...CARD}>
      <Card.Body p={{ base: "5", md: "6" }} gap="4">
        <Heading as="h2" id="dealership-team" size="lg" color="ink">
          Meet the team
        </Heading>
        {team.length > 0 ? (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="3">
            {team.map((member) => (
              <TeamMemberCard
                key={member.id}
                member={member}
                next={next.data ? (next.data[String(member.id)] ?? null) : undefined}
                today={today}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">No salespeople of this dealership are listed yet.</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ReviewItem({ review }: { review: DealershipPageReview }) {
  return (
    <Stack
      as="li"
      gap="2"
      py="4"
      borderTopWidth="1px"
      borderColor="border.muted"
      data-testid="dealership-review"
    >
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <OverallScore value={review.overallRating} />
        <Text fontSize="xs" color="fg.muted">
          {mediumDate.format(review.createdAt)}
        </Text>
      </HStack>
      {review.comment ? (
        <Text color="fg" lineHeight="tall" whiteSpace="pre-line">
          {review.comment}
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        {review.customerName} about{" "}
        <ChakraLink asChild color="brand.fg">
          <Link to="/salesperson/$id" params={{ id: String(review.salespersonId) }}>
            {review.salespersonName}
          </Link>
        </ChakraLink>
      </Text>
      {review.reply ? (
        <Box
          bg="gray.50"
          borderRadius="md"
          borderLeftWidth="3px"
          borderColor="blue.300"
          px="3"
          py="2"
          aria-label={`Reply from ${review.salespersonName}`}
        >
          <IconText icon={LuMessageSquareReply} fontSize="xs" color="fg.muted" fontWeight="medium">
            Reply from {review.salespersonName.split(" ")[0] ?? review.salespersonName}
          </IconText>
          <Text fontSize="sm" mt="1" whiteSpace="pre-line">
            {review.reply.body}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}

function ReviewsSection({ reviews }: { reviews: DealershipPageReview[] }) {
  return (
    <Card.Root as="section" aria-labelledby="dealership-reviews" {...CARD}>
      <Card.Body p={{ base: "5", md: "6" }} gap="1">
        <Heading as="h2" id="dealership-reviews" size="lg" color="ink" mb="2">
          Recent reviews
        </Heading>
        {reviews.length > 0 ? (
          <Stack as="ul" gap="0" listStyleType="none">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">No reviews of this team yet.</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function DealershipPage() {
  const { slug } = useParams({ strict: false });
  const { data: dealership } = useSuspenseQuery(dealershipQueries.bySlug(slug ?? ""));
  useDocumentTitle(
    dealership.name,
    `${dealership.name}, ${dealership.city}, ${dealership.state}: the team, hours and reviews.`,
  );
  return (
    <ProfilePage>
      <Stack gap="6">
        <DealershipHeader dealership={dealership} />
        <ProfileGrid
          main={<TeamSection team={dealership.team} timeZone={dealership.timeZone} />}
          side={<DealershipLocationCard dealership={dealership} title="Location and hours" />}
          reviews={<ReviewsSection reviews={dealership.recentReviews} />}
        />
      </Stack>
    </ProfilePage>
  );
}
