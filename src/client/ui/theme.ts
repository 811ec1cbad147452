// The KnowBefore design system: Chakra's defaults plus our typeface, brand palette and page background.
import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

const config = defineConfig({
  globalCss: {
    html: { colorPalette: "blue", scrollBehavior: "smooth" },
    body: { bg: "bg", color: "fg" },
    "::selection": { bg: "blue.100" },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            'Inter, "InterVariable", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        },
        body: {
          value:
            'Inter, "InterVariable", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.blue.700}" },
          contrast: { value: "{colors.white}" },
          fg: { value: "{colors.blue.700}" },
          muted: { value: "{colors.blue.100}" },
          subtle: { value: "{colors.blue.50}" },
          emphasized: { value: "{colors.blue.200}" },
          focusRing: { value: "{colors.blue.600}" },
        },
        ink: { value: "#0b1b3a" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
