// [public] The landing page stays small: the JavaScript `/` loads, gzipped, is under 200 KB. bench/landing.ts
// measures the same thing (and Largest Contentful Paint) in more detail; this keeps it from creeping up.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { settle, trackRequests } from "./support";

const BUDGET_BYTES = 200 * 1024;

test("[public] landing page JavaScript stays under 200 KB gzip", async ({ page }) => {
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      sizes.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    }
  });
  // Scripts the page fetches after its first paint (lazy chunks) count too: settle waits until no request
  // of the page is open.
  trackRequests(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  const files = await Promise.all(
    [...sizes].map(async ([url, size]) => ({ url: new URL(url).pathname, gzip: await size })),
  );
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 6);
  test.info().annotations.push({
    type: "landing JavaScript",
    description: `${(total / 1024).toFixed(1)} KB gzip in ${files.length} files; largest: ${largest
      .map((f) => `${f.url} ${(f.gzip / 1024).toFixed(1)} KB`)
      .join(", ")}`,
  });
  expect(total, `landing page loads ${(total / 1024).toFixed(1)} KB gzip of JavaScript`).toBeLessThan(
    BUDGET_BYTES,
  );
});
