import {
  Badge,
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { LuMapPin, LuUsers } from "react-icons/lu";
import { formatMiles } from "../../../shared/geo";
import type { CityOption, NearbyDealership } from "../../../shared/schemas/site";
import { trpc } from "../../trpc";
import { LocateMeButton, useLocateMe } from "../../ui/LocateMe";
import { Tooltip } from "../../ui/tooltip";
import { DealershipLink } from "../dealerships";
import { telHref } from "./ContactLine";
import { DealershipMap } from "./DealershipMap";
import { APPROXIMATE_LOCATION, type MapOrigin } from "./types";

const NEARBY_LIMIT = 20;
/** How many of the nearest the map frames at first; the rest are a zoom-out away. */
const FRAMED = 5;

const cityKey = (c: Pick<CityOption, "city" | "state">) => `${c.city}, ${c.state}`;

type Origin = MapOrigin & { source: "city" | "device" };

function DealershipRow({
  dealership,
  index,
  selected,
  onSelect,
}: {
  dealership: NearbyDealership;
  index: number;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Box
      as="li"
      p="4"
      borderWidth="1px"
      borderRadius="lg"
      borderColor={selected ? "brand.focusRing" : "border.muted"}
      bg={selected ? "brand.subtle" : "bg"}
    >
      <Flex justify="space-between" gap="3" align="flex-start">
        <Stack gap="1" minW="0">
          <Heading as="h3" size="sm" color="ink">
            <Box as="span" color="brand.fg" me="1.5">
              {index + 1}.
            </Box>
            <DealershipLink slug={dealership.slug} name={dealership.name} />
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {dealership.address}, {dealership.city}, {dealership.state} {dealership.zipCode}
          </Text>
          {dealership.locationPrecision === "zip" ? (
            <Text fontSize="xs" color="fg.subtle">
              {APPROXIMATE_LOCATION}
            </Text>
          ) : null}
          <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
            <HStack gap="1">
              <LuUsers aria-hidden="true" />
              <span>
                {dealership.salespeople} {dealership.salespeople === 1 ? "salesperson" : "salespeople"}
              </span>
            </HStack>
            {dealership.phoneNumber ? (
              <ChakraLink href={telHref(dealership.phoneNumber)} color="brand.fg">
                {dealership.phoneNumber}
              </ChakraLink>
            ) : null}
          </HStack>
        </Stack>
        <Badge
          colorPalette="blue"
          variant="subtle"
          flexShrink={0}
          fontSize="sm"
          data-distance-miles={dealership.distanceMiles}
        >
          {formatMiles(dealership.distanceMiles)}
        </Badge>
      </Flex>
      <HStack gap="2" mt="3" flexWrap="wrap">
        <Button size="xs" variant="outline" onClick={onSelect} aria-pressed={selected}>
          <LuMapPin /> Show on map
        </Button>
        <Button asChild size="xs" variant="ghost" colorPalette="blue">
          <Link to="/" search={{ dealership: dealership.name }}>
            View salespeople
          </Link>
        </Button>
      </HStack>
    </Box>
  );
}

/**
 * 'Dealerships near you': dealerships ordered by distance from a chosen city (data/us-cities.csv) or from
 * the browser's position, as a numbered list and a map with matching numbered markers.
 */
export function NearbyDealerships({ home }: { home?: { city: string | null; state: string | null } }) {
  const cities = trpc.site.cities.useQuery(undefined, { throwOnError: false });
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const position = useLocateMe("Choose a city instead.");

  const defaultCity = useMemo(() => {
    const list = cities.data ?? [];
    return (
      list.find(
        (c) => c.city.toLowerCase() === home?.city?.toLowerCase() && (!home?.state || c.state === home.state),
      ) ??
      list.find((c) => c.city === "New York") ??
      list[0]
    );
  }, [cities.data, home?.city, home?.state]);

  const from: Origin | null =
    origin ??
    (defaultCity
      ? {
          label: cityKey(defaultCity),
          latitude: defaultCity.latitude,
          longitude: defaultCity.longitude,
          source: "city",
        }
      : null);

  const nearby = trpc.site.dealershipsNear.useQuery(
    { latitude: from?.latitude ?? 0, longitude: from?.longitude ?? 0, limit: NEARBY_LIMIT },
    { enabled: from !== null, throwOnError: false },
  );

  const chooseCity = (key: string) => {
    const city = cities.data?.find((c) => cityKey(c) === key);
    if (!city) return;
    position.setProblem(null);
    setSelectedId(null);
    setOrigin({ label: cityKey(city), latitude: city.latitude, longitude: city.longitude, source: "city" });
  };

  const locateMe = () =>
    position.locate((coords) => {
      setSelectedId(null);
      setOrigin({
        label: "Your location",
        latitude: coords.latitude,
        longitude: coords.longitude,
        source: "device",
      });
    });

  const places = (nearby.data ?? []).map((d) => ({ ...d, detail: `${formatMiles(d.distanceMiles)} away` }));

  return (
    <Stack gap="5" as="section" aria-labelledby="nearby-title">
      <Stack gap="1">
        <Heading as="h2" id="nearby-title" size="lg" color="ink">
          Dealerships near you
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Nearest first, measured in a straight line. Choose a city or use your current location; your
          location is only used to sort this list and is not stored.
        </Text>
      </Stack>
      <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs">
        <Card.Body p="4">
          <Flex gap="3" direction={{ base: "column", sm: "row" }} align={{ sm: "flex-end" }}>
            <Field.Root flex="1" maxW={{ sm: "sm" }}>
              <Field.Label>City</Field.Label>
              <NativeSelect.Root disabled={!cities.data}>
                <NativeSelect.Field
                  value={from?.source === "city" ? from.label : ""}
                  onChange={(e) => chooseCity(e.currentTarget.value)}
                >
                  {from?.source === "device" ? <option value="">Your location</option> : null}
                  {(cities.data ?? []).map((c) => (
                    <option key={cityKey(c)} value={cityKey(c)}>
                      {cityKey(c)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Tooltip content="Your browser asks first. The position only sorts this list and is not stored.">
              <LocateMeButton onClick={locateMe} locating={position.locating} />
            </Tooltip>
          </Flex>
          {position.problem ? (
            <Text mt="3" fontSize="sm" color="red.fg" role="alert">
              {position.problem}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {nearby.isPending || !from
          ? "Finding dealerships…"
          : nearby.isError
            ? "We couldn't load nearby dealerships. Please try again."
            : `${places.length} dealerships nearest to ${from.label}.`}
      </Text>

      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" }} gap="5" alignItems="start">
        <Box order={{ base: 2, lg: 1 }}>
          {nearby.data ? (
            <Stack
              as="ol"
              listStyleType="none"
              gap="3"
              ps="0"
              maxH={{ lg: "36rem" }}
              overflowY={{ lg: "auto" }}
              pe={{ lg: "1" }}
            >
              {nearby.data.map((d, i) => (
                <DealershipRow
                  key={d.id}
                  dealership={d}
                  index={i}
                  selected={d.id === selectedId}
                  onSelect={() => setSelectedId(d.id)}
                />
              ))}
            </Stack>
          ) : (
            <Stack gap="3">
              {[1, 2, 3, 4].map((n) => (
                <Skeleton key={n} h="28" borderRadius="lg" />
              ))}
            </Stack>
          )}
        </Box>
        <Box order={{ base: 1, lg: 2 }} position={{ lg: "sticky" }} top={{ lg: "32" }}>
          {from ? (
            <DealershipMap
              places={places}
              origin={from}
              selectedId={selectedId}
              onSelect={setSelectedId}
              frameCount={FRAMED}
              numbered
              height="clamp(16rem, 45vh, 32rem)"
              label={`Map of dealerships near ${from.label}`}
            />
          ) : (
            <Skeleton h="18rem" borderRadius="xl" />
          )}
        </Box>
      </Grid>
    </Stack>
  );
}
