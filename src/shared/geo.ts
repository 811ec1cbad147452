// Great-circle distance on a spherical Earth (haversine). The server orders dealerships with the same
// formula in SQL (see domains/site/service.ts); the tests hold the two to each other.

export const EARTH_RADIUS_MILES = 3958.8;

export type LatLng = { latitude: number; longitude: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Distance in miles between two points, accurate to well under 1% for any pair on Earth. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "0.4 mi", "12 mi", "1,204 mi": one decimal only where it means something. */
export function formatMiles(miles: number): string {
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles).toLocaleString("en-US")} mi`;
}
