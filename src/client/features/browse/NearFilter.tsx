import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuX } from "react-icons/lu";
import { InputField, SelectField } from "../../ui/form";
import { LocateMeButton, useLocateMe } from "../../ui/LocateMe";
import type { BrowseSearch } from "./browseSearch";

const RADIUS_OPTIONS = [10, 25, 50, 100].map((miles) => ({ value: String(miles), label: `${miles} mi` }));
const DEFAULT_RADIUS = 25;

/** A change to the location filters: the keys given replace theirs (undefined removes one). */
export type NearChange = (patch: Pick<BrowseSearch, "zip" | "lat" | "lng" | "radius" | "sort">) => void;

/** Where a browse measures from, for the words beside a distance: the ZIP code, or the browser's position. */
export function nearLabel(search: BrowseSearch): string | undefined {
  if (search.zip) return `ZIP ${search.zip}`;
  return search.lat && search.lng ? "your location" : undefined;
}

/** Four decimals (~11 m) is plenty to measure miles from, and keeps the URL short. */
const coordinate = (value: number) => String(Math.round(value * 10_000) / 10_000);

/**
 * 'Near': a ZIP code, or the browser's position (asked for only when the button is clicked; never required), and
 * how far to look. The location lives in the URL with the other filters.
 */
export function NearFilter({ search, onChange }: { search: BrowseSearch; onChange: NearChange }) {
  const [zip, setZip] = useState(search.zip ?? "");
  const position = useLocateMe("Enter a ZIP code instead.");
  const located = search.zip !== undefined || (search.lat !== undefined && search.lng !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL when it changes elsewhere (e.g. Clear).
  useEffect(() => {
    if ((search.zip ?? "") !== zip) setZip(search.zip ?? "");
  }, [search.zip]);

  const chooseZip = (value: string) => {
    setZip(value);
    const digits = value.trim();
    if (/^\d{5}$/.test(digits) && digits !== search.zip) {
      position.setProblem(null);
      onChange({ zip: digits, lat: undefined, lng: undefined, radius: search.radius ?? DEFAULT_RADIUS });
    } else if (digits === "" && search.zip) clear();
  };

  const clear = () => {
    setZip("");
    position.setProblem(null);
    onChange({
      zip: undefined,
      lat: undefined,
      lng: undefined,
      radius: undefined,
      sort: search.sort === "distance" ? undefined : search.sort,
    });
  };

  const locateMe = () =>
    position.locate((coords) => {
      setZip("");
      onChange({
        zip: undefined,
        lat: coordinate(coords.latitude),
        lng: coordinate(coords.longitude),
        radius: search.radius ?? DEFAULT_RADIUS,
      });
    });

  return (
    <Stack gap="1.5" gridColumn="1 / -1">
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Box flex="1 1 7rem" maxW={{ sm: "10rem" }}>
          <InputField
            label="Near ZIP code"
            labelSize="caps"
            size="sm"
            bg="white"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder={search.lat ? "Your location" : "e.g. 10007"}
            value={zip}
            onChange={(e) => chooseZip(e.currentTarget.value.replace(/\D/g, ""))}
          />
        </Box>
        {located ? (
          <Box flex="1 1 6rem" maxW={{ sm: "8rem" }}>
            <SelectField
              label="Within"
              labelSize="caps"
              size="sm"
              bg="white"
              value={String(search.radius ?? DEFAULT_RADIUS)}
              options={RADIUS_OPTIONS}
              onChange={(e) =>
                onChange({ radius: Number(e.currentTarget.value) as NonNullable<BrowseSearch["radius"]> })
              }
            />
          </Box>
        ) : null}
        <LocateMeButton size="sm" onClick={locateMe} locating={position.locating} />
        {located ? (
          <Button size="sm" variant="ghost" color="fg.muted" onClick={clear}>
            <LuX /> Anywhere
          </Button>
        ) : null}
      </HStack>
      {position.problem ? (
        <Text fontSize="sm" color="red.fg" role="alert">
          {position.problem}
        </Text>
      ) : search.lat && !search.zip ? (
        <Text fontSize="xs" color="fg.subtle">
          Measuring from your location; it is only used for this search and is not stored.
        </Text>
      ) : null}
    </Stack>
  );
}
