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
};

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
