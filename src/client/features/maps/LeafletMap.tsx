// The Leaflet map itself (loaded on demand by DealershipMap). Markers are plain HTML (divIcon), so they and
// their address popups work without any image from the network; only the street tiles need the tile server.
import "leaflet/dist/leaflet.css";
import { Box, Text } from "@chakra-ui/react";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap } from "react-leaflet";
import { fullAddress, type MapOrigin, type MapPlace, TILE_ATTRIBUTION, TILE_URL } from "./types";

const PIN_PATH = "M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 36 14 36s14-11.7 14-22.1C28 6.2 21.7 0 14 0z";

function pinIcon(label: string, selected: boolean): L.DivIcon {
  const fill = selected ? "#b45309" : "#1d4ed8";
  return L.divIcon({
    className: "kb-map-pin",
    html: `<svg width="28" height="36" viewBox="0 0 28 36" aria-hidden="true" focusable="false"><path d="${PIN_PATH}" fill="${fill}" stroke="#fff" stroke-width="2"/><text x="14" y="18" text-anchor="middle" font-size="12" font-weight="700" font-family="system-ui,sans-serif" fill="#fff">${label}</text></svg>`,
    iconSize: [28, 36],
    iconAnchor: [14, 36],
    popupAnchor: [0, -30],
  });
}

const originIcon = L.divIcon({
  className: "kb-map-origin",
  html: '<svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="8" fill="#059669" stroke="#fff" stroke-width="3"/></svg>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
  popupAnchor: [0, -10],
});

/** Leaflet can't take ARIA attributes as options: name each marker once it is on the map. */
function labelElement(label: string) {
  return (event: L.LeafletEvent) => {
    const element = (event.target as L.Marker).getElement();
    element?.setAttribute("aria-label", label);
  };
}

function FitToPlaces({ points, zoom }: { points: [number, number][]; zoom: number }) {
  const map = useMap();
  const key = JSON.stringify(points);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the set of points changes
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, zoom);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 13 });
  }, [map, key, zoom]);
  return null;
}

function NameContainer({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute("aria-label", label);
    container.setAttribute("aria-roledescription", "map");
  }, [map, label]);
  return null;
}

function FocusSelected({ place, markers }: { place: MapPlace | undefined; markers: Map<number, L.Marker> }) {
  const map = useMap();
  useEffect(() => {
    if (!place) return;
    map.setView([place.latitude, place.longitude], Math.max(map.getZoom(), 13));
    markers.get(place.id)?.openPopup();
  }, [map, place, markers]);
  return null;
}

export type LeafletMapProps = {
  places: MapPlace[];
  origin?: MapOrigin | null;
  selectedId?: number | null;
  /** Places the initial view frames (default: all). */
  frameCount?: number;
  height: string;
  label: string;
  numbered?: boolean;
  onSelect?: (id: number) => void;
};

export default function LeafletMap({
  places,
  origin,
  selectedId,
  frameCount,
  height,
  label,
  numbered = false,
  onSelect,
}: LeafletMapProps) {
  const [tiles, setTiles] = useState<"loading" | "ok" | "failed">("loading");
  const markers = useRef(new Map<number, L.Marker>()).current;
  const framed = useMemo<[number, number][]>(
    () => [
      ...(origin ? [[origin.latitude, origin.longitude] as [number, number]] : []),
      ...places
        .slice(0, frameCount ?? places.length)
        .map((p) => [p.latitude, p.longitude] as [number, number]),
    ],
    [places, origin, frameCount],
  );
  const first = framed[0] ?? [39.5, -98.35];
  const selected = places.find((p) => p.id === selectedId);

  return (
    <Box
      position="relative"
      h={height}
      borderRadius="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border.muted"
      bg="#e5e7eb"
      css={{
        "& .leaflet-container": {
          height: "100%",
          width: "100%",
          fontFamily: "inherit",
          background: "#e5e7eb",
        },
        "& .leaflet-control-attribution": { fontSize: "11px", color: "#1f2937" },
        "& .leaflet-control-attribution a": { color: "#0b4f75" },
        "& .kb-map-pin, & .kb-map-origin": { background: "none", border: "none" },
        "& .kb-map-pin:focus-visible": {
          outline: "3px solid #f59e0b",
          outlineOffset: "2px",
          borderRadius: "50%",
        },
        "& .leaflet-popup-content": {
          margin: "12px 14px",
          fontSize: "13px",
          lineHeight: "1.45",
          color: "#111827",
        },
      }}
    >
      <MapContainer
        center={first}
        zoom={12}
        scrollWheelZoom={false}
        style={{ height: "100%", width: "100%" }}
      >
        <NameContainer label={label} />
        <TileLayer
          url={TILE_URL}
          attribution={TILE_ATTRIBUTION}
          eventHandlers={{
            tileload: () => setTiles("ok"),
            tileerror: () => setTiles((t) => (t === "ok" ? t : "failed")),
          }}
        />
        <FitToPlaces points={framed} zoom={14} />
        <FocusSelected place={selected} markers={markers} />
        {origin ? (
          <Marker
            // Leaflet reads title and the ARIA label once, when a marker is added: a new origin is a new marker.
            key={`${origin.label}:${origin.latitude},${origin.longitude}`}
            position={[origin.latitude, origin.longitude]}
            icon={originIcon}
            title={origin.label}
            eventHandlers={{ add: labelElement(`Starting point: ${origin.label}`) }}
          >
            <Popup>
              <strong>{origin.label}</strong>
              <br />
              Starting point
            </Popup>
          </Marker>
        ) : null}
        {places.map((place, index) => {
          const name = numbered ? `${index + 1}. ${place.name}` : place.name;
          return (
            <Marker
              // The number in a marker's label is its rank; a new rank needs a new marker (see the origin).
              // biome-ignore lint/suspicious/noArrayIndexKey: the rank is part of what the marker shows
              key={`${place.id}:${index}`}
              position={[place.latitude, place.longitude]}
              icon={pinIcon(numbered ? String(index + 1) : "", place.id === selectedId)}
              title={place.name}
              ref={(marker) => {
                if (marker) markers.set(place.id, marker);
                else markers.delete(place.id);
              }}
              eventHandlers={{
                add: labelElement(`${name}, ${fullAddress(place)}`),
                click: () => onSelect?.(place.id),
              }}
            >
              <Popup>
                <strong>{place.name}</strong>
                <br />
                {place.address}
                <br />
                {place.city}, {place.state} {place.zipCode}
                {place.phoneNumber ? (
                  <>
                    <br />
                    {place.phoneNumber}
                  </>
                ) : null}
                {place.detail ? (
                  <>
                    <br />
                    {place.detail}
                  </>
                ) : null}
              </Popup>
            </Marker>
          );
        })}
      </MapContainer>
      {tiles === "failed" ? (
        <Text
          position="absolute"
          bottom="7"
          insetStart="2"
          insetEnd="2"
          zIndex="400"
          fontSize="xs"
          bg="white"
          color="gray.800"
          px="2.5"
          py="1.5"
          borderRadius="md"
          boxShadow="sm"
          role="status"
        >
          The street map couldn't load. Locations and addresses are still shown.
        </Text>
      ) : null}
    </Box>
  );
}
