// [public] Accessibility and polish beyond axe's defaults: keyboard reach, the dark theme (and axe in it) and
// 390 px phones. Checks that only look share one context per look and worker (./support); the tooltip timing
// has a file of its own, run one at a time (it measures delays).
import { expect, type Page } from "@playwright/test";
import { PUBLIC_ROUTES, seriousAxeViolations, settle, lookingPage as test, visit } from "./support";

/** Tabs through the page and answers which interactive elements never received focus. */
async function unreachableByKeyboard(page: Page): Promise<string[]> {
  const targets = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== "hidden" &&
        !el.closest("[inert],[aria-hidden=true]")
      );
    };
    const all = [...document.querySelectorAll(selector)].filter(visible);
    for (const [i, el] of all.entries()) el.setAttribute("data-kb-focus-id", String(i));
    return all.length;
  });
  // The page notes each control that receives focus, so Tab presses need no round trip to ask where focus went.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { kbSeen: string[] }).kbSeen = seen;
    document.addEventListener(
      "focusin",
      (event) => {
        const id = (event.target as Element | null)?.getAttribute?.("data-kb-focus-id");
        if (id != null && !seen.includes(id)) seen.push(id);
      },
      true,
    );
  });
  const reached = () => page.evaluate(() => (window as unknown as { kbSeen: string[] }).kbSeen);
  await page.locator("body").focus();
  const BURST = 10;
  for (let pressed = 0; pressed < targets * 2 + 10; pressed += BURST) {
    for (let i = 0; i < BURST; i++) await page.keyboard.press("Tab");
    if ((await reached()).length === targets) break;
  }
  const seen = await reached();
  return page.evaluate(
    (seen) =>
      [...document.querySelectorAll("[data-kb-focus-id]")]
        .filter((el) => !seen.includes(el.getAttribute("data-kb-focus-id")!))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`,
        ),
    seen,
  );
}

test.describe("[public] keyboard", () => {
  for (const path of ["/", "/pricing", "/contact", "/faq/customer", "/privacy-policy"]) {
    test(`every control on ${path} is reachable with Tab`, async ({ pageIn }) => {
      const page = await pageIn("signed out");
      await page.goto(path);
      await settle(page);
      expect(await unreachableByKeyboard(page)).toEqual([]);
    });
  }

  test("the first Tab offers 'Skip to content', which moves focus to the page", async ({ pageIn }) => {
    const page = await pageIn("signed out");
    await page.goto("/features");
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("[public] dark theme", () => {
  test("the header switch turns the public site dark, and the choice survives a reload", async ({ page }) => {
    await page.goto("/pricing");
    await settle(page);
    const background = () =>
      page.locator("main").evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
    const light = await background();
    // Reduced motion shortens the background's transition to 0.01 ms, but the computed colour still changes
    // only on the next frame: the checks wait for it rather than read it once.
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await settle(page);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect.poll(background).toBe(dark);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect.poll(background).toBe(light);
  });

  test("follows the system preference until someone chooses", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: "dark", reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await settle(page);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await context.close();
  });

  for (const path of PUBLIC_ROUTES) {
    test(`${path} passes axe in the dark theme`, async ({ pageIn }) => {
      // The route sweep opens each of these by a full load; here the app moves between them.
      const page = await pageIn("signed out", "dark");
      await visit(page, path, "in-app");
      await settle(page);
      await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

test.describe("[public] 390 px phones", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of PUBLIC_ROUTES) {
    test(`${path} fits the screen and passes axe`, async ({ pageIn }) => {
      const page = await pageIn("signed out", "phone");
      await visit(page, path, "in-app");
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByRole("button", { name: "Open menu" })).toBeInViewport();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test("the menu opens, navigates, offers the theme switch and gives focus back", async ({ page }) => {
    await page.goto("/");
    await settle(page);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/login");
    await expect(menu.getByRole("button", { name: "Dark theme" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
