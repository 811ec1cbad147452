// Where a US ZIP code is: its city, state, centre and time zone, from the ZIP-centroid dataset of the
// `zipcodes` package (installed as a dependency, nothing fetched at run time). Dealership applications take
// their city and state from it, and every dealership's map position starts at its ZIP code's centre until a
// street-address geocoder (geocoder.ts) knows better.
import { createRequire } from "node:module";

export type ZipPlace = {
  zipCode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** The state's main IANA time zone (a manager corrects it where the state spans two). */
  timeZone: string;
};

type ZipRow = {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
};

/**
 * Each state's main time zone: where most of its people live. Fifteen states span two zones; their minority
 * side is set right by the dealership's manager.
 */
const STATE_TIME_ZONES: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
};

/** The zones dealerships take from their state: nearly every salesperson's. */
export const USUAL_TIME_ZONES: readonly string[] = [...new Set(Object.values(STATE_TIME_ZONES))];

let table: Record<string, ZipRow> | undefined;

/** The dataset is 5 MB of script: read on the first lookup, not at every start. */
function zipTable(): Record<string, ZipRow> {
  table ??= (createRequire(import.meta.url)("zipcodes/lib/codes.js") as { codes: Record<string, ZipRow> })
    .codes;
  return table;
}

/** The place of a five-digit US ZIP code (a ZIP+4 is read by its first five digits); null when unknown. */
export function zipPlace(zipCode: string): ZipPlace | null {
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(zipCode.trim())?.[1];
  if (!zip) return null;
  const row = zipTable()[zip];
  const timeZone = row ? STATE_TIME_ZONES[row.state] : undefined;
  if (row?.country !== "US" || !timeZone) return null;
  return {
    zipCode: zip,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone,
  };
}
