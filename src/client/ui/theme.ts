// The KnowBefore design system: Chakra's tokens and the recipes of the components we use, plus our
// typeface, brand palette and page background. Colours pages use are semantic tokens with a light and a
// dark value (see ui/color-mode.tsx).
// Only the slot recipes the app uses are registered: the full set is ~21 KB gzip on every page, most of it
// for components we don't ship (date pickers, color pickers, tree views...). Components used only on pages
// that load on demand (accordions, avatars, switches, the combobox, popovers...) are not registered either:
// their `Root` is given its recipe where it is used (`<Switch.Root recipe={switchSlotRecipe}>`), so the recipe
// loads with that page instead of with the landing page (~4 KB gzip). theme.test.ts fails when a component is
// imported with neither, with the name to add.
import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  recipes,
  semanticTokens,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";

/**
 * Multi-part components used by many pages. A new one either gets its recipe here (from "@chakra-ui/react/theme")
 * or, if only pages loaded on demand use it, `recipe={…SlotRecipe}` on each `Root` where it is used.
 */
export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

/** Chakra's default theme (as `defaultConfig` builds it), limited to the slot recipes above. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes: SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  globalCss: {
    html: { colorPalette: "blue", scrollBehavior: "smooth", _motionReduce: { scrollBehavior: "auto" } },
    body: { bg: "bg", color: "fg" },
    "::selection": { bg: "blue.100" },
    // People who ask their system for less motion get none: transitions and animations end at once.
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
      },
    },
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
          fg: { value: { _light: "{colors.blue.700}", _dark: "{colors.blue.300}" } },
          muted: { value: { _light: "{colors.blue.100}", _dark: "{colors.blue.900}" } },
          subtle: { value: { _light: "{colors.blue.50}", _dark: "{colors.blue.950}" } },
          emphasized: { value: { _light: "{colors.blue.200}", _dark: "{colors.blue.800}" } },
          focusRing: { value: { _light: "{colors.blue.600}", _dark: "{colors.blue.400}" } },
        },
        green: {
          /** Solid green buttons ("Complete", "Approve") carry white text: Chakra's green.600 is 3.3:1 against it,
           * green.700 is 5:1 (WCAG AA). */
          solid: { value: "{colors.green.700}" },
        },
        fg: {
          /** Secondary hints (a slot list's "No times left today", "No written comment."): Chakra's gray.400
           * is 2.5:1 on white; gray.500 keeps them quieter than fg.muted while reading at 4.8:1 (WCAG AA). */
          subtle: { value: { _light: "{colors.gray.500}", _dark: "{colors.gray.400}" } },
        },
        /** Headline text: deep navy on light, near-white on dark. */
        ink: { value: { _light: "#0b1b3a", _dark: "#e8eefc" } },
        /** Always-dark surfaces (footer, enterprise band); a touch deeper in dark mode so they still stand out. */
        night: { value: { _light: "#0b1b3a", _dark: "#050b18" } },
        /** Page sections that alternate with the plain background. */
        band: { value: { _light: "{colors.gray.50}", _dark: "#0c1220" } },
      },
    },
    layerStyles: {
      /** The white bordered surface of a tile, a filter box or a list item: `layerStyle="panel"`. */
      panel: {
        value: { bg: "white", borderWidth: "1px", borderColor: "border.muted", borderRadius: "xl" },
      },
      // Dashboard and marketing looks declared once (analytics, manager, portal, landing, marketing, maps):
      /** The dashed frame standing where a chart has nothing to draw yet (analytics ChartCard). */
      emptyFrame: {
        value: { borderWidth: "1px", borderStyle: "dashed", borderColor: "border.muted", borderRadius: "lg" },
      },
      /** A notice alone on a page, raised off the band (the salesperson dashboard's "not a salesperson"). */
      raisedNotice: { value: { bg: "white", borderWidth: "1px", borderRadius: "2xl", boxShadow: "sm" } },
      // Added for the admin, transfer, compliance, CRM and billing screens:
      /** A request in a queue (transfer requests, past requests): bordered, on the panel colour. */
      request: {
        value: { bg: "bg.panel", borderWidth: "1px", borderColor: "border.muted", borderRadius: "lg" },
      },
      /** A card that is a section of its own (an integration, the current plan, incoming transfers). */
      sectionCard: { value: { borderRadius: "xl", borderColor: "border.muted", boxShadow: "xs" } },
      /** A card standing on a tinted page (the administrator sign-in). */
      raised: {
        value: {
          bg: "white",
          borderWidth: "1px",
          borderColor: "border.muted",
          borderRadius: "2xl",
          boxShadow: "sm",
        },
      },
      // Buyer-side and account looks: each used in appointments, reviews, security, auth or messages.
      /** A sunken well for codes and quoted details (backup codes, an MFA key, the booked visit). */
      inset: {
        value: { bg: "bg.subtle", borderWidth: "1px", borderColor: "border.muted", borderRadius: "lg" },
      },
      /** A bordered box in the surrounding `colorPalette` (a failed slot load in red). */
      tinted: {
        value: {
          bg: "colorPalette.subtle",
          borderWidth: "1px",
          borderColor: "colorPalette.muted",
          borderRadius: "lg",
        },
      },
      /** A quiet explanatory line on a grey ground (why a visit can't change, an empty slot day). */
      hint: { value: { bg: "bg.subtle", borderRadius: "md", color: "fg.muted", fontSize: "sm" } },
      /** Where a list would be: a dashed outline around a centred, muted sentence. */
      emptyNote: {
        value: {
          bg: "bg.panel",
          borderWidth: "1px",
          borderStyle: "dashed",
          borderColor: "border.emphasized",
          borderRadius: "xl",
          color: "fg.muted",
          fontSize: "sm",
          textAlign: "center",
        },
      },
    },
    // Looks repeated across the admin console, the public pages and the dashboards, declared once:
    textStyles: {
      /** A small uppercase caption over a value (a request's "Applicant", a transfer's "From" and "To"). */
      overline: {
        value: {
          fontSize: "xs",
          fontWeight: "semibold",
          color: "fg.muted",
          textTransform: "uppercase",
          letterSpacing: "wide",
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
