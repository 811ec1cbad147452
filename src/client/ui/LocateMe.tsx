// The browser's position, asked for only when someone clicks "Use my location" (browse's "Near" filter, the
// dealerships near you): coarse, at most five minutes old, and never stored.
import { Button, type ButtonProps } from "@chakra-ui/react";
import { useState } from "react";
import { LuLocateFixed } from "react-icons/lu";

/** Why the browser gave no position, then what to do instead ("Enter a ZIP code instead."). */
function geolocationMessage(error: GeolocationPositionError | null, instead: string): string {
  if (!error) return `Your browser can't share its location here. ${instead}`;
  if (error.code === error.PERMISSION_DENIED) return `Location access was blocked. ${instead}`;
  if (error.code === error.TIMEOUT) return `Finding your location took too long. ${instead}`;
  return `Your location isn't available right now. ${instead}`;
}

/**
 * `locate(onFound)` asks the browser where it is and hands the answer to `onFound`; `locating` while it answers,
 * `problem` says why there is no answer (ending with `instead`) until `setProblem(null)` clears it.
 */
export function useLocateMe(instead: string) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = (onFound: (coords: GeolocationCoordinates) => void) => {
    if (!("geolocation" in navigator)) {
      setProblem(geolocationMessage(null, instead));
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onFound(position.coords);
      },
      (error) => {
        setLocating(false);
        setProblem(geolocationMessage(error, instead));
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };
  return { locating, problem, setProblem, locate };
}

/** "Use my location", busy while the browser answers (`locating`). */
export function LocateMeButton({ locating, ...button }: { locating: boolean } & ButtonProps) {
  return (
    <Button variant="outline" loading={locating} loadingText="Locating…" {...button}>
      <LuLocateFixed /> Use my location
    </Button>
  );
}
