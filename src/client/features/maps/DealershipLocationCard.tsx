import { Box, Button, Card, Heading, HStack, Icon, Link, Stack, Text } from "@chakra-ui/react";
import { Fragment } from "react";
import { LuClock, LuExternalLink, LuGlobe, LuMapPin, LuPhone } from "react-icons/lu";
import { type DealershipHours, describeDayHours, WEEKDAYS } from "../../../shared/schemas/dealershipHours";
import { Tooltip } from "../../ui/tooltip";
import { ContactLine, PostalAddress, telHref } from "./ContactLine";
import { DealershipMap } from "./DealershipMap";
import { APPROXIMATE_LOCATION, fullAddress, type MapPlace } from "./types";

export type DealershipLocation = MapPlace & { website?: string | null; hours?: DealershipHours | null };

function OpeningHours({ hours }: { hours: DealershipHours }) {
  return (
    <Stack gap="1" as="section" aria-label="Opening hours" fontSize="sm">
      <HStack gap="2" color="fg.muted">
        <Icon boxSize="4" flexShrink={0}>
          <LuClock />
        </Icon>
        <Text fontWeight="medium" color="ink">
          Opening hours
        </Text>
      </HStack>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="0.5" ps="6">
        {WEEKDAYS.map((day) => (
          <Fragment key={day}>
            <Text as="dt" textTransform="capitalize" color="fg.muted">
              {day}
            </Text>
            <Text as="dd" color={hours[day] ? "ink" : "fg.subtle"} fontVariantNumeric="tabular-nums">
              {describeDayHours(hours[day])}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Stack>
  );
}

function directionsUrl(place: MapPlace): string {
  return `https://www.openstreetmap.org/directions?to=${place.latitude}%2C${place.longitude}`;
}

/**
 * Where a dealership is: address, phone, website and a map with its marker. Used on the salesperson
 * profile, and built to serve the manager's Dealership tab as well.
 */
export function DealershipLocationCard({
  dealership,
  title = "Dealership location",
  mapHeight = "14rem",
  showContact = true,
}: {
  dealership: DealershipLocation;
  title?: string;
  mapHeight?: string;
  /** Phone and website lines; off where the page already lists them (the salesperson profile). */
  showContact?: boolean;
}) {
  const headingId = `dealership-location-${dealership.id}`;
  const approximate = dealership.locationPrecision === "zip";
  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      borderRadius="xl"
      borderColor="border.muted"
      boxShadow="xs"
    >
      <Card.Body p={{ base: "5", md: "6" }} gap="4">
        <Heading as="h2" id={headingId} size="md" color="ink">
          {title}
        </Heading>
        <Stack gap="1.5">
          <DealershipMap places={[dealership]} height={mapHeight} label={`Map showing ${dealership.name}`} />
          {approximate ? (
            <Text fontSize="xs" color="fg.muted" data-testid="approximate-location">
              {APPROXIMATE_LOCATION}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="2" fontSize="sm">
          <Text fontWeight="semibold" color="ink">
            {dealership.name}
          </Text>
          <ContactLine icon={LuMapPin} color="fg.muted">
            <PostalAddress place={dealership} />
          </ContactLine>
          {showContact && dealership.phoneNumber ? (
            <ContactLine icon={LuPhone}>
              <Link href={telHref(dealership.phoneNumber)} color="brand.fg">
                {dealership.phoneNumber}
              </Link>
            </ContactLine>
          ) : null}
          {showContact && dealership.website ? (
            <ContactLine icon={LuGlobe}>
              <Link
                href={dealership.website}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.fg"
                truncate
              >
                {dealership.website.replace(/^https?:\/\/(www\.)?/, "")}
              </Link>
            </ContactLine>
          ) : null}
        </Stack>
        {dealership.hours ? <OpeningHours hours={dealership.hours} /> : null}
        <Tooltip
          content={
            approximate
              ? "Opens OpenStreetMap's route planner to the ZIP code's area, in a new tab"
              : "Opens OpenStreetMap's route planner in a new tab"
          }
        >
          <Button asChild variant="outline" size="sm" alignSelf="flex-start">
            <a
              href={directionsUrl(dealership)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Directions to ${fullAddress(dealership)}${approximate ? ", approximate location" : ""} (opens OpenStreetMap in a new tab)`}
            >
              Get directions <LuExternalLink />
            </a>
          </Button>
        </Tooltip>
      </Card.Body>
    </Card.Root>
  );
}
