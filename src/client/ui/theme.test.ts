// Every Chakra component the client imports must have its recipe in the system (theme.ts registers only
// the ones in use), or it would render unstyled without any error.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { system } from "./theme";

/** Imports that are layout primitives, helpers or types: they have no recipe. */
const NO_RECIPE = new Set([
  "Box",
  "Flex",
  "Stack",
  "HStack",
  "VStack",
  "Grid",
  "GridItem",
  "SimpleGrid",
  "Center",
  "Circle",
  "Square",
  "Wrap",
  "WrapItem",
  "Group",
  "ButtonGroup",
  "Portal",
  "Presence",
  "Show",
  "ClientOnly",
  "ChakraProvider",
  "Image",
  "VisuallyHidden",
  "AbsoluteCenter",
  "AspectRatio",
  "Float",
  "Spacer",
  "Bleed",
  "Pagination",
  "InputGroup",
  "Text",
  "chakra",
  "createSystem",
  "createToaster",
  "createListCollection",
  "defaultConfig",
  "defaultBaseConfig",
  "defineConfig",
  "defineRecipe",
  "defineSlotRecipe",
  "mergeConfigs",
  "useRecipe",
  "useSlotRecipe",
  "useDisclosure",
  "useBreakpointValue",
  "useChakraContext",
  "useToken",
]);

/** Components styled by another component's recipe. */
const RECIPE_OF: Record<string, string> = {
  IconButton: "button",
  CloseButton: "button",
  SkeletonText: "skeleton",
  SkeletonCircle: "skeleton",
  CheckboxGroup: "checkbox",
  Toaster: "toast",
  Toast: "toast",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") && !name.endsWith(".gen.ts") ? [full] : [];
  });
}

function chakraImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(path.resolve("src/client"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of match[1]!.split(",")) {
        const name = part
          .replace(/\btype\b/, "")
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !name.endsWith("Props") && !found.has(name)) found.set(name, path.relative(".", file));
      }
    }
  }
  return found;
}

describe("the Chakra system", () => {
  it("has a recipe for every component the client imports", () => {
    const missing: string[] = [];
    for (const [name, file] of chakraImports()) {
      if (NO_RECIPE.has(name) || name.startsWith("use")) continue;
      const key = RECIPE_OF[name] ?? name[0]!.toLowerCase() + name.slice(1);
      if (!system.hasRecipe(key))
        missing.push(`${name} (used in ${file}): add the '${key}' recipe in ui/theme.ts`);
    }
    expect(missing).toEqual([]);
  });

  it("keeps the brand tokens", () => {
    expect(system.token("colors.ink", "")).not.toBe("");
    expect(system.hasRecipe("button")).toBe(true);
  });
});
