// Every Chakra component the client imports must have its recipe in the system (theme.ts registers only
// the ones in use), or be given it on each `Root` where it is used, or it would render unstyled without any
// error.
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
  // The toast region itself is unstyled: each Toast.Root inside it carries the toast recipe.
  "Toaster",
  // A group of checkboxes lays them out; each Checkbox.Root in it carries the checkbox recipe.
  "CheckboxGroup",
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
  Toast: "toast",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") && !name.endsWith(".gen.ts") ? [full] : [];
  });
}

type ChakraImport = { name: string; local: string; file: string; text: string };

function chakraImports(): ChakraImport[] {
  const found: ChakraImport[] = [];
  for (const file of sourceFiles(path.resolve("src/client"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of match[1]!.split(",")) {
        if (/^\s*type\b/.test(part)) continue;
        const [name = "", local = name] = part.split(/\s+as\s+/).map((word) => word.trim());
        if (name && !name.endsWith("Props"))
          found.push({ name, local, file: path.relative(".", file), text });
      }
    }
  }
  return found;
}

/** Whether every `Root` of the component in the file is given the recipe, e.g. `<Switch.Root recipe={switchSlotRecipe}`. */
function givenWhereUsed({ local, text }: ChakraImport, key: string): boolean {
  const roots = text.match(new RegExp(`<${local}\\.Root\\b`, "g"))?.length ?? 0;
  const given = text.match(new RegExp(`<${local}\\.Root\\s+recipe=\\{${key}SlotRecipe\\}`, "g"))?.length ?? 0;
  const imported = new RegExp(
    `import\\s*\\{[^}]*\\b${key}SlotRecipe\\b[^}]*\\}\\s*from\\s*"@chakra-ui/react/theme"`,
  );
  return roots > 0 && given === roots && imported.test(text);
}

describe("the Chakra system", () => {
  it("has a recipe for every component the client imports", () => {
    const missing: string[] = [];
    for (const used of chakraImports()) {
      const { name, file } = used;
      if (NO_RECIPE.has(name) || name.startsWith("use")) continue;
      const key = RECIPE_OF[name] ?? name[0]!.toLowerCase() + name.slice(1);
      if (!system.hasRecipe(key) && !givenWhereUsed(used, key))
        missing.push(
          `${name} (used in ${file}): add the '${key}' recipe in ui/theme.ts, or pass recipe={${key}SlotRecipe} to each ${name}.Root`,
        );
    }
    expect(missing).toEqual([]);
  });

  it("keeps the brand tokens", () => {
    expect(system.token("colors.ink", "")).not.toBe("");
    expect(system.hasRecipe("button")).toBe(true);
  });
});
