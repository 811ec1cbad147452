// [public] Document pages render their Markdown from the database, never raw HTML, and show the
// failure texts of docs/product/public-site.md#documents when the document can't be loaded.
import { expect, test } from "@playwright/test";
import { lookingPage, settle } from "./support";

const PAGES = [
  {
    path: "/privacy-policy",
    slug: "privacy-policy",
    title: "Privacy Policy",
    section: "How long we keep it",
  },
  { path: "/terms-of-service", slug: "terms-of-service", title: "Terms of Service", section: "Reviews" },
  { path: "/faq/customer", slug: "customer-faq", title: "Customer FAQ", section: "How do I sign in?" },
  {
    path: "/faq/salesperson",
    slug: "salesperson-faq",
    title: "Salesperson FAQ",
    section: "How am I verified?",
  },
  {
    path: "/faq/dealership",
    slug: "dealership-faq",
    title: "Dealership FAQ",
    section: "How long does onboarding take?",
  },
  { path: "/about", slug: "about-us", title: "About Us", section: "Why we started" },
] as const;

test.describe("[public] documents", () => {
  for (const doc of PAGES) {
    lookingPage(`${doc.path} renders the '${doc.slug}' document`, async ({ pageIn }) => {
      const page = await pageIn("signed out");
      await page.goto(doc.path);
      await settle(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByText(/Last updated \w+ \d{1,2}, \d{4}\./)).toBeVisible();
      const main = page.getByRole("main");
      const section = doc.path.startsWith("/faq")
        ? main.getByRole("button", { name: doc.section })
        : main.getByRole("heading", { name: doc.section, exact: true });
      await expect(section).toBeVisible();
    });
  }

  lookingPage("FAQ answers open and close from the keyboard", async ({ pageIn }) => {
    const page = await pageIn("signed out");
    await page.goto("/faq/customer");
    await settle(page);
    const question = page.getByRole("button", { name: "Can I cancel an appointment?" });
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("until 2 hours before it starts")).toBeVisible();
  });

  test("shows 'Failed to load' plus the document name, and 'Error Loading About Us'", async ({ page }) => {
    await page.route("**/trpc/documents.get**", (route) => route.abort("failed"));
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { name: "Failed to load Privacy Policy" })).toBeVisible();
    await page.goto("/faq/dealership");
    await expect(page.getByRole("heading", { name: "Failed to load Dealership FAQ" })).toBeVisible();
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Error Loading About Us" })).toBeVisible();

    await page.unroute("**/trpc/documents.get**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Why we started" })).toBeVisible();
  });

  test("an administrator's edit shows at once, and HTML in it is never rendered", async ({
    page,
    request,
    baseURL,
  }) => {
    const login = await request.post("/api/admin/login", {
      data: { email: "admin@example.com", password: "demo-admin-password", adminCode: "KB-DEMO-2026" },
      headers: { origin: baseURL! },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const original = (await (await request.get("/api/documents/terms-of-service")).json()) as {
      content: string;
    };

    const hostile = [
      "## Edited by the test",
      "",
      'Plain text with <img src=x onerror="window.__pwned=1"> and <script>window.__pwned=2</script> inside.',
      "",
      "[a javascript link](javascript:window.__pwned=3) and [a safe link](/contact).",
    ].join("\n");
    const edited = await request.put("/api/documents/terms-of-service", {
      data: { content: hostile },
      headers: auth,
    });
    expect(edited.status(), await edited.text()).toBe(200);
    try {
      await page.goto("/terms-of-service");
      await settle(page);
      await expect(page.getByRole("heading", { name: "Edited by the test" })).toBeVisible();
      const article = page.locator("article");
      await expect(article.locator("img, script")).toHaveCount(0);
      await expect(article.getByRole("link", { name: "a safe link" })).toHaveAttribute("href", "/contact");
      await expect(article.getByText("a javascript link")).toBeVisible();
      await expect(article.getByRole("link", { name: "a javascript link" })).toHaveCount(0);
      await expect(article.locator('[href^="javascript" i]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      const restored = await request.put("/api/documents/terms-of-service", {
        data: { content: original.content },
        headers: auth,
      });
      expect(restored.status()).toBe(200);
    }
  });
});
