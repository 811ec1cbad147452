/** A place on a dealership map: enough to draw a marker and say where it is without the map. */
export type MapPlace = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  phoneNumber?: string | null;
  /** Shown in the popup, e.g. "2.4 mi away". */
  detail?: string;
  /** `zip` when only the ZIP code's centre is known: the map and directions say the spot is approximate. */
  locationPrecision?: "zip" | "address";
};

/** What a map of a ZIP-precision dealership says under it. */
export const APPROXIMATE_LOCATION = "Approximate location (ZIP code area)";

export type MapOrigin = { label: string; latitude: number; longitude: number };

export function fullAddress(place: Pick<MapPlace, "address" | "city" | "state" | "zipCode">): string {
  return `${place.address}, ${place.city}, ${place.state} ${place.zipCode}`;
}

/** Tile server URL template; any https server (or a same-origin path) that serves {z}/{x}/{y} tiles. */
export const TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
