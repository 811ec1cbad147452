import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
} from "@chakra-ui/react";
import { useEffect, useId, useMemo, useState } from "react";
import { LuSearch, LuSlidersHorizontal, LuX } from "react-icons/lu";
import {
  BROWSE_SPECIALTIES,
  EXPERIENCE_FILTERS,
  RATING_FILTERS,
  SALESPERSON_STATUSES,
} from "../../../shared/constants";
import { trpc } from "../../trpc";
import { capitalise } from "../../ui/StatusBadge";
import { activeFilterCount, type BrowseFilterKey, type DashboardSearch } from "./dashboardSearch";
import { useDebouncedValue } from "./useDebouncedValue";

const SEARCH_DEBOUNCE_MS = 350;

type FilterOption = { value: string; label: string };

/** Pressure-level averages run 1 (too pushy) to 5 (perfect balance): higher is more relaxed. */
const PRESSURE_FILTERS: readonly FilterOption[] = [
  { value: "4", label: "4+ (relaxed)" },
  { value: "3", label: "3+" },
];
const SORT_OPTIONS: readonly FilterOption[] = [{ value: "pressure", label: "Least pushy" }];

function FilterSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  allLabel: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label
        htmlFor={id}
        fontSize="xs"
        color="fg.muted"
        fontWeight="semibold"
        textTransform="uppercase"
      >
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          id={id}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          bg="white"
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export type FilterChange = (key: BrowseFilterKey, value: string | number | undefined) => void;

/** Search box plus the browse filters and sort order; 'all' (an empty choice) removes the filter. */
export function BrowseFilters({
  search,
  onChange,
  onClear,
}: {
  search: DashboardSearch;
  onChange: FilterChange;
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

  const activeCount = activeFilterCount(search);
  const selectFilterCount = activeCount - (search.search ? 1 : 0);

  return (
    <Box
      as="section"
      aria-label="Filters"
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
      boxShadow="xs"
    >
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
          <FilterSelect
            label="Specialty"
            allLabel="All specialties"
            value={search.specialty ?? ""}
            options={BROWSE_SPECIALTIES.map((s) => ({ value: s, label: s }))}
            onChange={(v) => onChange("specialty", v || undefined)}
          />
          <FilterSelect
            label="Rating"
            allLabel="Any rating"
            value={search.rating === undefined ? "" : String(search.rating)}
            options={RATING_FILTERS.map((r) => ({ value: r.value, label: r.label }))}
            onChange={(v) => onChange("rating", v ? Number(v) : undefined)}
          />
          <FilterSelect
            label="Status"
            allLabel="Any status"
            value={search.status ?? ""}
            options={SALESPERSON_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))}
            onChange={(v) => onChange("status", v || undefined)}
          />
          <FilterSelect
            label="Dealership"
            allLabel="All dealerships"
            value={search.dealership ?? ""}
            options={dealershipOptions}
            onChange={(v) => onChange("dealership", v || undefined)}
          />
          <FilterSelect
            label="City"
            allLabel="All cities"
            value={search.city ?? ""}
            options={cityOptions}
            onChange={(v) => onChange("city", v || undefined)}
          />
          <FilterSelect
            label="Experience"
            allLabel="Any experience"
            value={search.yearsOfExperience === undefined ? "" : String(search.yearsOfExperience)}
            options={EXPERIENCE_FILTERS.map((e) => ({ value: e.value, label: e.label }))}
            onChange={(v) => onChange("yearsOfExperience", v ? Number(v) : undefined)}
          />
          <FilterSelect
            label="Low pressure"
            allLabel="Any pressure level"
            value={search.minPressure === undefined ? "" : String(search.minPressure)}
            options={PRESSURE_FILTERS}
            onChange={(v) => onChange("minPressure", v ? Number(v) : undefined)}
          />
          <FilterSelect
            label="Sort by"
            allLabel="Top rated"
            value={search.sort === "pressure" ? "pressure" : ""}
            options={SORT_OPTIONS}
            onChange={(v) => onChange("sort", v === "pressure" ? "pressure" : undefined)}
          />
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
