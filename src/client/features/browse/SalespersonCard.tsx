import { Box, Button, Card, Link as ChakraLink, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  LuBadgeCheck,
  LuBriefcase,
  LuCalendarPlus,
  LuGauge,
  LuMapPin,
  LuPhone,
  LuStar,
} from "react-icons/lu";
import { formatRating, INDEPENDENT_LABEL } from "../../../shared/constants";
import type { DaySlots, NextOpen } from "../../../shared/schemas/appointments";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { BrowseCard } from "../../../shared/schemas/salespeople";
import { yearsLabel } from "../../ui/format";
import { IconText } from "../../ui/IconText";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { RatingSummary } from "../../ui/Rating";
import { SpecialtyTags } from "../../ui/SpecialtyTags";
import { StatusBadge } from "../../ui/StatusBadge";
import { AvailableToday } from "../appointments";
import { DealershipLink } from "../dealerships";
import { FavoriteButton } from "../favorites";
import { callSalesperson, canStartRating } from "./contactActions";

const VISIBLE_SPECIALTIES = 3;

/** "12.3 mi": a distance as browse measures it, to one decimal. */
export const formatDistance = (miles: number) => `${miles.toFixed(1)} mi`;
const PRESSURE_TITLE = "Pressure level from reviews: 1 = too pushy, 5 = perfect balance";
const MUTED_SMALL = { color: "fg.muted", fontSize: "sm" } as const;

/** One salesperson in the browse grid: who they are, how they're rated, and ways to get in touch. */
export function SalespersonCard({
  salesperson,
  near,
  viewer,
  today,
  next,
  todayLoading,
  onSchedule,
  onRate,
}: {
  salesperson: BrowseCard;
  /** Where the browse measured from ("ZIP 10007", "your location"), when the card carries a distance. */
  near?: string | undefined;
  viewer: SessionUser | null;
  /** Today's fixed 'Available Today' slots, fetched once for the whole grid (section hidden when not given). */
  today?: DaySlots;
  /** The next open time, fetched once for the whole grid; shown when today has none left. */
  next?: NextOpen | undefined;
  todayLoading?: boolean;
  /** Opens the scheduling dialog, on a slot when one was picked; without it the button opens the profile. */
  onSchedule?: (time?: string, date?: string) => void;
  /** Opens the rating dialog; without it Rate opens the profile's reviews. */
  onRate?: () => void;
}) {
  const navigate = useNavigate();
  const profileParams = { id: String(salesperson.id) };
  const miles = salesperson.distanceMiles;
  // The profile says how far away they are when the visitor came from a search near a place.
  const profileSearch = miles !== undefined && near ? { miles: String(miles), from: near } : {};
  const location = [salesperson.city, salesperson.state].filter(Boolean).join(", ");
  const schedule = (time?: string, date?: string) =>
    onSchedule ? onSchedule(time, date) : void navigate({ to: "/salesperson/$id", params: profileParams });

  return (
    <Card.Root
      as="article"
      aria-labelledby={`salesperson-${salesperson.id}-name`}
      height="full"
      borderRadius="xl"
      borderColor="border.muted"
      boxShadow="xs"
      overflow="hidden"
      transition="box-shadow 150ms, transform 150ms"
      _hover={{ boxShadow: "md", transform: "translateY(-1px)" }}
    >
      <Card.Body gap="4" p="5">
        <Flex gap="4" align="flex-start">
          <ProfilePhoto
            src={salesperson.profileImageUrl}
            name={salesperson.name}
            boxSize="16"
            borderRadius="full"
            flexShrink={0}
          />
          <Stack gap="1" flex="1" minW="0">
            <HStack justify="space-between" align="flex-start" gap="2">
              <Text
                as="h3"
                id={`salesperson-${salesperson.id}-name`}
                fontWeight="semibold"
                fontSize="md"
                lineHeight="short"
                color="ink"
              >
                <ChakraLink
                  asChild
                  color="inherit"
                  _hover={{ color: "blue.700", textDecoration: "underline" }}
                >
                  <Link to="/salesperson/$id" params={profileParams} search={profileSearch}>
                    {salesperson.name}
                  </Link>
                </ChakraLink>
              </Text>
              <HStack gap="0.5" flexShrink={0} mt="-1" me="-2">
                <StatusBadge status={salesperson.status} />
                <FavoriteButton salesperson={salesperson} viewer={viewer} size="xs" />
              </HStack>
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {salesperson.dealership && salesperson.dealershipSlug ? (
                <DealershipLink slug={salesperson.dealershipSlug} name={salesperson.dealership} />
              ) : (
                (salesperson.dealership ?? INDEPENDENT_LABEL)
              )}
            </Text>
            {salesperson.verifiedBy ? (
              <IconText icon={LuBadgeCheck} truncate color="green.700" fontSize="sm">
                Verified by {salesperson.verifiedBy}
              </IconText>
            ) : null}
            {location ? (
              <IconText icon={LuMapPin} truncate color="fg.muted" fontSize="sm">
                {location}
                {miles !== undefined ? (
                  <Text as="span" color="fg" fontWeight="medium" data-distance-miles={miles}>
                    {" · "}
                    {formatDistance(miles)} away
                  </Text>
                ) : null}
              </IconText>
            ) : null}
          </Stack>
        </Flex>

        <HStack
          justify="space-between"
          flexWrap="wrap"
          gap="2"
          py="3"
          borderYWidth="1px"
          borderColor="border.muted"
        >
          <RatingSummary average={salesperson.averageRating} reviews={salesperson.totalReviews} />
          {salesperson.pressureAverage != null ? (
            <IconText
              icon={LuGauge}
              iconSize="4"
              iconColor="green.600"
              title={PRESSURE_TITLE}
              {...MUTED_SMALL}
            >
              Pressure {formatRating(salesperson.pressureAverage)}/5
            </IconText>
          ) : null}
          <IconText icon={LuBriefcase} iconSize="4" gap="1.5" {...MUTED_SMALL}>
            {yearsLabel(salesperson.yearsOfExperience)}
          </IconText>
        </HStack>

        <Box minH="7" flex="1">
          {salesperson.specialties.length > 0 ? (
            <SpecialtyTags specialties={salesperson.specialties} max={VISIBLE_SPECIALTIES} />
          ) : (
            <Text fontSize="sm" color="fg.subtle">
              No specialties listed yet
            </Text>
          )}
        </Box>
        {today || todayLoading !== undefined ? (
          <AvailableToday
            day={today}
            next={next}
            isLoading={todayLoading ?? false}
            salespersonName={salesperson.name}
            onPick={schedule}
          />
        ) : null}
      </Card.Body>
      <Card.Footer p="5" pt="0" flexDirection="column" gap="2" alignItems="stretch">
        <HStack gap="2">
          <Button
            flex="1"
            size="sm"
            variant="outline"
            onClick={() => callSalesperson(salesperson.phoneNumber)}
            aria-label={`Contact ${salesperson.name}`}
          >
            <LuPhone /> Contact
          </Button>
          {!viewer || viewer.role === "customer" ? (
            <Button
              flex="1"
              size="sm"
              variant="outline"
              aria-label={`Rate ${salesperson.name}`}
              onClick={() => {
                if (!canStartRating(viewer)) return;
                if (onRate) onRate();
                else void navigate({ to: "/salesperson/$id", params: profileParams, hash: "reviews" });
              }}
            >
              <LuStar /> Rate
            </Button>
          ) : null}
        </HStack>
        <Button
          size="sm"
          colorPalette="blue"
          aria-label={`Schedule an appointment with ${salesperson.name}`}
          onClick={() => schedule()}
        >
          <LuCalendarPlus /> Schedule Appointment
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
