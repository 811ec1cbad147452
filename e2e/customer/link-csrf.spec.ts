// Sign-in links never sign in by themselves: the page names the account and waits for a click, so a link
// planted by another site cannot sign a browser into someone else's account (login CSRF).
import { expect, type Page, test } from "@playwright/test";
import { signInAsCustomer } from "../support/customer";
import { waitForSignInLink } from "../support/mailbox";

const SALESPERSON = "sam.rivera@example.com";

/** Asks for a sign-in link the way the pages do and returns its path from the mail. */
async function mailedLinkPath(
  page: Page,
  baseURL: string,
  email: string,
  salesperson = false,
): Promise<string> {
  const res = await page.request.post(
    salesperson ? "/api/salesperson/auth/login" : "/api/auth/request-login",
    {
      data: { email },
      headers: { Origin: baseURL },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  const link = new URL(await waitForSignInLink(email));
  return link.pathname + link.search;
}

/** Who the browser is signed in as, asked from the page itself (with its cookies). */
function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status);
}

/** Where a customer lands after signing in (the dashboard at /, which the journey specs look at). */
const homeURL = (baseURL: string) => new RegExp(`^${baseURL}/$`);

const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in", exact: true });

test("[customer] a fresh link asks before signing in, and only the click signs in", async ({
  page,
  baseURL,
}) => {
  const email = `e2e.csrf.${Date.now()}@example.org`;
  const described: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/trpc/auth.describeLink")) described.push(r.url());
  });

  await page.goto(await mailedLinkPath(page, baseURL!, email));
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to KnowBefore" })).toBeVisible();
  await expect(page.getByText(`You're signing in as ${email}.`)).toBeVisible();
  await expect(page.getByText(/^This link works once and expires in 1[45] minutes\.$/)).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);

  // Opening the link has not signed anyone in.
  expect(await sessionStatus(page)).toBe(401);
  expect(described).toHaveLength(1);

  await signInButton(page).click();
  await expect(page).toHaveURL(homeURL(baseURL!));
  expect(await sessionStatus(page)).toBe(200);
});

test("[customer] 'Not you?' drops the link without using it", async ({ page, baseURL }) => {
  const email = `e2e.notme.${Date.now()}@example.org`;
  const path = await mailedLinkPath(page, baseURL!, email);

  await page.goto(path);
  await page.getByRole("button", { name: "Not you? Use a different email" }).click();
  await expect(page.getByLabel("Email address")).toBeFocused();
  await expect(page.getByLabel("Email address")).toHaveValue("");
  await expect(signInButton(page)).toHaveCount(0);
  expect(await sessionStatus(page)).toBe(401);

  // The link was never used, so it still works when its owner opens it.
  await page.goto(path);
  await signInButton(page).click();
  await expect(page).toHaveURL(homeURL(baseURL!));
});

test("[customer] an unknown or used link shows the error above the e-mail form", async ({
  page,
  baseURL,
}) => {
  await page.goto("/login?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  await expect(page.getByText("Invalid or expired login link. Please request a new one.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);

  // A link that was checked but then used elsewhere fails on the click, with the same message.
  const email = `e2e.used.${Date.now()}@example.org`;
  const path = await mailedLinkPath(page, baseURL!, email);
  await page.goto(path);
  await expect(signInButton(page)).toBeVisible();
  const used = await page.request.post("/api/auth/redeem", {
    data: { token: new URL(path, baseURL).searchParams.get("token") },
    headers: { Origin: baseURL! },
  });
  expect(used.status(), await used.text()).toBe(200);
  await page.context().clearCookies();
  await signInButton(page).click();
  await expect(page.getByText("Invalid or expired login link. Please request a new one.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toBeVisible();
  expect(await sessionStatus(page)).toBe(401);
});

test("[customer] a salesperson link opened on /login is shown as such and lands where the server says", async ({
  page,
  baseURL,
}) => {
  const path = await mailedLinkPath(page, baseURL!, SALESPERSON, true);
  expect(path).toMatch(/^\/salesperson-login\?token=/);

  await page.goto(path.replace("/salesperson-login", "/login"));
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to the salesperson portal" }),
  ).toBeVisible();
  await expect(page.getByText(`You're signing in as ${SALESPERSON}.`)).toBeVisible();
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/salesperson-dashboard|\/manager/);
});

test("[customer] a signed-in visitor who opens someone else's link is asked, not switched", async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now();
  const owner = `e2e.owner.${stamp}@example.org`;
  const other = `e2e.other.${stamp}@example.org`;
  await signInAsCustomer(page, owner);

  await page.goto(await mailedLinkPath(page, baseURL!, other));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`You're signing in as ${other}.`)).toBeVisible();
  const before = await page.evaluate(async () => (await (await fetch("/api/auth/user")).json()).email);
  expect(before).toBe(owner);

  await signInButton(page).click();
  await expect(page).toHaveURL(homeURL(baseURL!));
  const after = await page.evaluate(async () => (await (await fetch("/api/auth/user")).json()).email);
  expect(after).toBe(other);
});
