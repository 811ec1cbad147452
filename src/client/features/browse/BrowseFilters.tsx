import { Badge, Box, Button, HStack, Input, InputGroup, SimpleGrid, Stack } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useState } from "react";
import { LuSearch, LuSlidersHorizontal, LuX } from "react-icons/lu";
import {
  BROWSE_SPECIALTIES,
  EXPERIENCE_FILTERS,
  RATING_FILTERS,
  SALESPERSON_STATUSES,
} from "../../../shared/constants";
import { trpc } from "../../trpc";
import { InputField, SelectField } from "../../ui/form";
import { capitalise } from "../../ui/StatusBadge";
import { AvailableFilter } from "./AvailableFilter";
import { activeFilterCount, type BrowseFilterKey, type BrowseSearch, REVIEW_FILTERS } from "./browseSearch";
import { type NearChange, NearFilter, nearLabel } from "./NearFilter";
import { useDebouncedValue } from "./useDebouncedValue";

const SEARCH_DEBOUNCE_MS = 350;

type FilterOption = { value: string; label: string };

/** Pressure-level averages run 1 (too pushy) to 5 (perfect balance): higher is more relaxed. */
const PRESSURE_FILTERS: readonly FilterOption[] = [
  { value: "4", label: "4+ (relaxed)" },
  { value: "3", label: "3+" },
];
const SORT_OPTIONS: readonly FilterOption[] = [
  { value: "pressure", label: "Least pushy" },
  { value: "soonest", label: "Soonest available" },
];
/** Nearest first, offered once a location is set. */
const NEAR_SORT_OPTIONS: readonly FilterOption[] = [
  ...SORT_OPTIONS,
  { value: "distance", label: "Distance" },
];

export type FilterChange = (key: BrowseFilterKey, value: string | number | undefined) => void;

/** Search box plus the browse filters and sort order; 'all' (an empty choice) removes the filter. */
export function BrowseFilters({
  search,
  onChange,
  onNear,
  onClear,
}: {
  search: BrowseSearch;
  onChange: FilterChange;
  onNear: NearChange;
  onClear: () => void;
}) {
  const [text, setText] = useState(search.search ?? "");
  const debouncedText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [showMobileFilters, setShowMobileFilters] = useState(false);
  const filterOptions = trpc.salespeople.filterOptions.useQuery();
  const searchId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text should navigate.
  useEffect(() => {
    const next = debouncedText.trim() || undefined;
    if (next !== search.search) onChange("search", next);
  }, [debouncedText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL when it changes elsewhere (e.g. Clear).
  useEffect(() => {
    if ((search.search ?? "") !== text.trim()) setText(search.search ?? "");
  }, [search.search]);

  const dealershipOptions = useMemo<FilterOption[]>(
    () =>
      (filterOptions.data?.dealerships ?? []).map((d) => ({
        value: d.name,
        label: `${d.name} (${d.city}, ${d.state})`,
      })),
    [filterOptions.data],
  );
  const cityOptions = useMemo<FilterOption[]>(() => {
    const seen = new Set<string>();
    const options: FilterOption[] = [];
    for (const c of filterOptions.data?.cities ?? []) {
      if (seen.has(c.city)) continue;
      seen.add(c.city);
      options.push({ value: c.city, label: `${c.city}, ${c.state}` });
    }
    return options;
  }, [filterOptions.data]);

  const filters: {
    key: Exclude<BrowseFilterKey, "search" | "certification" | "available">;
    label: string;
    allLabel: string;
    options: readonly FilterOption[];
    numeric?: boolean;
  }[] = [
    {
      key: "specialty",
      label: "Specialty",
      allLabel: "All specialties",
      options: BROWSE_SPECIALTIES.map((s) => ({ value: s, label: s })),
    },
    { key: "rating", label: "Rating", allLabel: "Any rating", options: RATING_FILTERS, numeric: true },
    {
      key: "status",
      label: "Status",
      allLabel: "Any status",
      options: SALESPERSON_STATUSES.map((s) => ({ value: s, label: capitalise(s) })),
    },
    { key: "dealership", label: "Dealership", allLabel: "All dealerships", options: dealershipOptions },
    { key: "city", label: "City", allLabel: "All cities", options: cityOptions },
    {
      key: "yearsOfExperience",
      label: "Experience",
      allLabel: "Any experience",
      options: EXPERIENCE_FILTERS,
      numeric: true,
    },
    {
      key: "minPressure",
      label: "Low pressure",
      allLabel: "Any pressure level",
      options: PRESSURE_FILTERS,
      numeric: true,
    },
    {
      key: "reviews",
      label: "Reviews",
      allLabel: "All reviews",
      options: [{ value: REVIEW_FILTERS[0], label: "Verified purchases" }],
    },
    // 'Top rated' is the default order, so it is the empty choice.
    {
      key: "sort",
      label: "Sort by",
      allLabel: "Top rated",
      options: nearLabel(search) ? NEAR_SORT_OPTIONS : SORT_OPTIONS,
    },
  ];

  const activeCount = activeFilterCount(search);
  const selectFilterCount = activeCount - (search.search ? 1 : 0);

  return (
    <Box as="section" aria-label="Filters" layerStyle="panel" p={{ base: "4", md: "5" }} boxShadow="xs">
      <Stack gap="4">
        <HStack gap="3">
          <Box flex="1">
            <InputGroup startElement={<LuSearch />}>
              <Input
                id={searchId}
                aria-label="Search salespeople"
                type="search"
                placeholder="Search salespeople"
                value={text}
                onChange={(e) => setText(e.target.value)}
                bg="white"
              />
            </InputGroup>
          </Box>
          <Button
            hideFrom="md"
            variant="outline"
            onClick={() => setShowMobileFilters((open) => !open)}
            aria-expanded={showMobileFilters}
            aria-controls="browse-filter-grid"
          >
            <LuSlidersHorizontal /> Filters
            {selectFilterCount > 0 ? (
              <Badge colorPalette="blue" variant="solid" borderRadius="full" size="sm">
                {selectFilterCount}
              </Badge>
            ) : null}
          </Button>
          {activeCount > 0 ? (
            <Button variant="ghost" onClick={onClear} hideBelow="md" color="fg.muted">
              <LuX /> Clear filters
            </Button>
          ) : null}
        </HStack>
        <SimpleGrid
          id="browse-filter-grid"
          columns={{ base: 1, sm: 2, md: 4 }}
          gap="3"
          display={{ base: showMobileFilters ? "grid" : "none", md: "grid" }}
        >
          <NearFilter search={search} onChange={onNear} />
          <AvailableFilter value={search.available} onChange={(v) => onChange("available", v)} />
          {filters.map((filter) => (
            <SelectField
              key={filter.key}
              label={filter.label}
              labelSize="caps"
              size="sm"
              bg="white"
              emptyLabel={filter.allLabel}
              // A value with no option (e.g. sort=rating, the default order) shows the 'all' choice.
              value={
                filter.options.some((o) => o.value === String(search[filter.key]))
                  ? String(search[filter.key])
                  : ""
              }
              options={filter.options}
              onChange={(e) => {
                const v = e.currentTarget.value;
                onChange(filter.key, v === "" ? undefined : filter.numeric ? Number(v) : v);
              }}
            />
          ))}
          <CertificationFilter value={search.certification} onChange={(v) => onChange("certification", v)} />
          {activeCount > 0 ? (
            <Button variant="outline" onClick={onClear} hideFrom="md" alignSelf="end">
              <LuX /> Clear filters
            </Button>
          ) : null}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

/** A certification's name, typed: applied once typing settles (verified certifications only match). */
function CertificationFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? "");
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text should navigate.
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== value) onChange(next);
  }, [settled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL when it changes elsewhere (e.g. Clear).
  useEffect(() => {
    if ((value ?? "") !== text.trim()) setText(value ?? "");
  }, [value]);
  return (
    <InputField
      label="Certification"
      labelSize="caps"
      size="sm"
      bg="white"
      placeholder="e.g. Certified Sales Professional"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
