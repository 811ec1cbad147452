// Where a dealership is: its city, state and time zone from its ZIP code, and its map position from the street
// address when a Nominatim-compatible geocoder (GEOCODER_URL) answers, else the ZIP code's centre. Every
// path that places a dealership (administrators, its manager, the seed) goes through here.
import { z } from "zod";
import type { LocationPrecision } from "../../shared/constants";
import { appError } from "../appError";
import { describeOutboundError, outboundRequest } from "../http/outbound";
import type { Logger } from "../logger";
import type { AppMetrics } from "../observability/metrics";
import { type ZipPlace, zipPlace } from "./zipPlaces";

/** A saving manager waits for the geocoder at most this long, then the ZIP centre stands. */
export const GEOCODER_TIMEOUT_MS = 4000;

export type DealershipPlace = {
  city: string;
  state: string;
  zipCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  locationPrecision: LocationPrecision;
};

/** The ZIP code's place, or a 400 that says the ZIP code is not one we know. */
export function knownZip(zipCode: string): ZipPlace {
  const place = zipPlace(zipCode);
  if (!place) throw appError("BAD_REQUEST", `${zipCode} is not a US ZIP code we know`, "UNKNOWN_ZIP");
  return place;
}

/** A dealership placed at its ZIP code's centre: what the seed and every save without a geocoder use. */
export function zipCentrePlace(place: ZipPlace): DealershipPlace {
  return {
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    timeZone: place.timeZone,
    latitude: place.latitude,
    longitude: place.longitude,
    locationPrecision: "zip",
  };
}

const nominatimAnswer = z
  .array(
    z.object({
      lat: z.coerce.number().min(-90).max(90),
      lon: z.coerce.number().min(-180).max(180),
    }),
  )
  .max(1);

/**
 * The street address's coordinates from the geocoder, or null when it has none, fails or is slow. The address
 * is the operator's own service, not one a user typed, so a geocoder on the private network is allowed.
 */
export async function geocodeStreet(
  geocoderUrl: string,
  query: string,
  logger?: Pick<Logger, "warn">,
  metrics?: Pick<AppMetrics, "delivery">,
): Promise<{ latitude: number; longitude: number } | null> {
  const url = new URL(`${geocoderUrl.replace(/\/+$/, "")}/search`);
  url.search = new URLSearchParams({ format: "jsonv2", q: query, countrycodes: "us", limit: "1" }).toString();
  try {
    const answer = await outboundRequest(url.toString(), {
      method: "GET",
      headers: { accept: "application/json" },
      timeoutMs: GEOCODER_TIMEOUT_MS,
      allowPrivate: true,
      readBody: true,
    });
    if (answer.status !== 200) {
      metrics?.delivery("geocoder", "failed");
      logger?.warn("geocoder answered an error; the ZIP code's centre stands", { status: answer.status });
      return null;
    }
    const parsed = nominatimAnswer.safeParse(JSON.parse(answer.body ?? ""));
    metrics?.delivery("geocoder", parsed.success ? "ok" : "failed");
    const first = parsed.success ? parsed.data[0] : undefined;
    return first ? { latitude: first.lat, longitude: first.lon } : null;
  } catch (error) {
    metrics?.delivery("geocoder", "failed");
    const reason = error instanceof SyntaxError ? "not JSON" : describeOutboundError(error);
    logger?.warn("geocoder unavailable; the ZIP code's centre stands", { reason });
    return null;
  }
}

/**
 * Where a dealership at this street address and ZIP code is. The ZIP code decides city, state and the default
 * time zone; the geocoder, when configured and answering, the position. A geocoder failure never fails a save.
 */
export async function placeDealership(
  deps: {
    env: { GEOCODER_URL?: string | undefined };
    logger?: Pick<Logger, "warn">;
    metrics?: Pick<AppMetrics, "delivery">;
  },
  input: { address: string; zipCode: string },
): Promise<DealershipPlace> {
  const zip = knownZip(input.zipCode);
  const place = zipCentrePlace(zip);
  if (!deps.env.GEOCODER_URL) return place;
  const found = await geocodeStreet(
    deps.env.GEOCODER_URL,
    `${input.address}, ${zip.city}, ${zip.state} ${zip.zipCode}`,
    deps.logger,
    deps.metrics,
  );
  return found ? { ...place, ...found, locationPrecision: "address" } : place;
}
