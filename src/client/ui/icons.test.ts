import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconType } from "react-icons";
import * as lucide from "react-icons/lu";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

// icons.ts writes each icon compactly; it must draw exactly what react-icons/lu draws.
describe("ui/icons", () => {
  const library = lucide as Record<string, IconType>;
  it.each(Object.entries(icons))("%s draws the same SVG as react-icons/lu", (name, icon) => {
    const props = { size: 20, "aria-hidden": true };
    expect(renderToStaticMarkup(createElement(icon, props))).toBe(
      renderToStaticMarkup(createElement(library[name] as IconType, props)),
    );
  });
});
