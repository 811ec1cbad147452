// Light and dark theme: the choice is kept in localStorage ('theme'), defaulting to the system preference.
// Dark applies inside a ColorModeScope (the public site's frame); areas not yet built with semantic colour
// tokens stay light, so no page turns into white cards with white text.
import { Box, type BoxProps, IconButton } from "@chakra-ui/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { LuMoon, LuSun } from "./icons";

export type ColorMode = "light" | "dark";
const STORAGE_KEY = "theme";

function storedColorMode(): ColorMode | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === "dark" || value === "light" ? value : null;
  } catch {
    return null;
  }
}

function systemColorMode(): ColorMode {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

type ColorModeValue = {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
};

const ColorModeContext = createContext<ColorModeValue>({
  colorMode: "light",
  setColorMode: () => {},
  toggleColorMode: () => {},
});

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setMode] = useState<ColorMode>(() => storedColorMode() ?? systemColorMode());

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setMode(storedColorMode() ?? systemColorMode());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setColorMode = useCallback((mode: ColorMode) => {
    setMode(mode);
    try {
      localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // Private browsing without storage: the choice lasts for this page view.
    }
  }, []);

  const value = useMemo<ColorModeValue>(
    () => ({
      colorMode,
      setColorMode,
      toggleColorMode: () => setColorMode(colorMode === "dark" ? "light" : "dark"),
    }),
    [colorMode, setColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}

/** A subtree drawn in the chosen colour mode (semantic tokens resolve to their dark values inside `.dark`). */
export function ColorModeScope({ children, className, ...props }: BoxProps) {
  const { colorMode } = useColorMode();
  return (
    <Box
      className={[colorMode, className].filter(Boolean).join(" ")}
      colorScheme={colorMode}
      // Palette variables resolve where they are declared: declaring the palette again inside the scope
      // makes colorPalette.* use this scope's light or dark values rather than <html>'s.
      colorPalette="blue"
      bg="bg"
      color="fg"
      {...props}
    >
      {children}
    </Box>
  );
}

export function ColorModeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const next = colorMode === "dark" ? "light" : "dark";
  return (
    <IconButton
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      variant="ghost"
      size="sm"
      color="fg.muted"
      onClick={toggleColorMode}
    >
      {colorMode === "dark" ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
