// A map of dealership locations, reusable anywhere (salesperson profile, 'Dealerships near you', the
// manager's Location Info). Leaflet loads on demand; if it can't, the box says so and the caller's address
// text stays the source of truth.
import { Box, Center, Spinner, Text } from "@chakra-ui/react";
import { Component, lazy, type ReactNode, Suspense } from "react";
import type { LeafletMapProps } from "./LeafletMap";

const LeafletMap = lazy(() => import("./LeafletMap"));

class MapErrorBoundary extends Component<{ height: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center
        h={this.props.height}
        borderRadius="xl"
        borderWidth="1px"
        borderColor="border.muted"
        bg="band"
        p="4"
      >
        <Text fontSize="sm" color="fg.muted" textAlign="center" role="status">
          The map couldn't be shown. The addresses are listed on this page.
        </Text>
      </Center>
    );
  }
}

export type DealershipMapProps = Omit<LeafletMapProps, "height" | "label"> & {
  height?: string;
  /** What the map shows, for screen readers, e.g. "Map of dealerships near Austin, TX". */
  label: string;
};

export function DealershipMap({ height = "18rem", ...props }: DealershipMapProps) {
  return (
    <MapErrorBoundary height={height}>
      <Suspense
        fallback={
          <Center h={height} borderRadius="xl" borderWidth="1px" borderColor="border.muted" bg="band">
            <Box textAlign="center">
              <Spinner size="sm" color="brand.fg" />
              <Text fontSize="sm" color="fg.muted" mt="2">
                Loading map…
              </Text>
            </Box>
          </Center>
        }
      >
        <LeafletMap height={height} {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
