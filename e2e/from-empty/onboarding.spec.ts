// [onboarding] The marketplace from an empty database, as an operator first runs it: production mode, no demo
// data, mail through the SMTP sink (playwright.config.ts, project "from-empty"). The first administrator comes
// from `npm run admin:create`; everyone else arrives through the product's own screens and e-mails.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { mailboxURL, waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT } from "../support/session";
import { openSignInLink } from "../support/signInLink";

const ADMIN = {
  email: "founder@knowbefore.example",
  name: "Avery Founder",
  password: "first-admin-passphrase",
};
/** The empty server's settings (scripts/e2e-server.ts, E2E_EMPTY) that the command line needs too. */
const ADMIN_CODE = "e2e-empty-admin-code-7f3a9c";

const stamp = Date.now() % 100_000;
const DEALERSHIP = `Capitol Motors ${stamp}`;
const MANAGER = { name: "Morgan Reyes", email: `morgan.${stamp}@capitolmotors.example` };
const SELLER = { name: `Jordan Vega ${stamp}`, email: `jordan.${stamp}@capitolmotors.example` };
const CERTIFICATION = `EV Sales Specialist ${stamp}`;

/** A calendar date a few days ahead: in the future in every US zone, inside the booking horizon. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Runs `npm run admin:create` beside the running empty server, as an operator would in a second terminal with
 * the server's environment: DATA_DIR names its embedded database.
 */
async function createFirstAdministrator(appPort: number) {
  const root = path.resolve(import.meta.dirname, "../..");
  const { dataDir } = (await (await fetch(`${mailboxURL()}/data-dir`)).json()) as { dataDir: string };
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "--silent", "admin:create", "--", "--email", ADMIN.email, "--name", ADMIN.name],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_CODE,
        APP_URL: `http://localhost:${appPort}`,
        SMTP_URL: "smtp://127.0.0.1:1",
        CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      },
    },
  );
  expect(stdout).toContain(`created administrator ${ADMIN.email}`);
}

/** A page in a browser context of its own: each person has their own browser. */
async function personPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  return context.newPage();
}

/** The text of the newest e-mail to `email` (read once its link has been waited for). */
async function lastMailTo(email: string): Promise<string> {
  const res = await fetch(`${mailboxURL()}/messages?to=${encodeURIComponent(email)}`);
  const messages = (await res.json()) as { text: string }[];
  return messages.at(-1)?.text ?? "";
}

/**
 * Opens the invitation e-mailed to `email` and accepts it: the e-mail and the page name who invited them, and
 * the page offers the name they were invited under, which they keep.
 */
async function acceptInvitation(page: Page, email: string, invited: { name: string; by: string }) {
  const link = new URL(await waitForSignInLink(email, 20_000));
  const mail = await lastMailTo(email);
  expect(mail).toContain(`Hello ${invited.name},`);
  expect(mail).toContain(`${invited.by} invited you`);
  expect(link.pathname).toBe("/invitations/accept");
  await page.goto(link.pathname + link.search);
  // "Manage …" for a manager's invitation, "Join …" for a salesperson's.
  await expect(page.getByRole("heading", { name: new RegExp(`^(Manage|Join) ${DEALERSHIP}$`) })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  // The token has left the address bar before anything is used.
  expect(page.url()).not.toContain("token=");
  const invitation = page.getByRole("form", { name: "Invitation" });
  await expect(invitation).toContainText(`${invited.by} invited ${email}`);
  await expect(invitation.getByLabel("Your name")).toHaveValue(invited.name);
  await page.getByRole("button", { name: "Accept invitation" }).click();
}

test("[onboarding] from an empty database to a customer's booking", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const appPort = (test.info().project.metadata as { appPort: number }).appPort;

  // Nothing is listed yet.
  const customer = await personPage(browser, baseURL!);
  await customer.goto("/");
  await expect(customer.getByRole("heading", { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

  // The operator creates the first administrator on the command line.
  await createFirstAdministrator(appPort);

  // A dealership applies from the public form and confirms its e-mail by the mailed link.
  const applicant = await personPage(browser, baseURL!);
  await applicant.goto("/pricing");
  await applicant.getByRole("link", { name: "List your dealership" }).first().click();
  await expect(applicant.getByRole("heading", { level: 1, name: "List your dealership" })).toBeVisible();
  await applicant.getByLabel("Dealership name").fill(DEALERSHIP);
  await applicant.getByLabel("Street address").fill("1100 Congress Ave");
  await applicant.getByLabel("ZIP code").fill("00000");
  await applicant.getByLabel("Dealership phone").fill("512-555-0100");
  await applicant.getByLabel("Your name").fill(MANAGER.name);
  await applicant.getByLabel("Work e-mail").fill(MANAGER.email);
  await applicant.getByRole("button", { name: "Send application" }).click();
  // A ZIP code nobody can place is the field's own error, from the server.
  await expect(applicant.getByText("We could not find ZIP code 00000. Please check it.")).toBeVisible();
  await applicant.getByLabel("ZIP code").fill("78701");
  await applicant.getByRole("button", { name: "Send application" }).click();
  await expect(applicant.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const confirmation = new URL(await waitForSignInLink(MANAGER.email, 20_000));
  expect(confirmation.pathname).toBe("/list-your-dealership/confirm");
  await applicant.goto(confirmation.pathname + confirmation.search);
  // Opening the link only says what it confirms; the click confirms.
  await expect(applicant.getByRole("heading", { name: "Confirm your application" })).toBeVisible();
  await applicant.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(applicant.getByRole("heading", { name: "E-mail confirmed" })).toBeVisible();

  // The administrator signs in and approves it: the dealership exists and its manager is invited.
  const admin = await personPage(browser, baseURL!);
  await admin.goto("/admin/login");
  await admin.getByLabel("Email").fill(ADMIN.email, { timeout: FIRST_RENDER_TIMEOUT });
  await admin.getByLabel("Password").fill(ADMIN.password);
  await admin.getByLabel("Admin code").fill(ADMIN_CODE);
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard/, { timeout: FIRST_RENDER_TIMEOUT });
  await admin.goto("/admin/dashboard?tab=applications");
  const application = admin.getByRole("listitem", { name: `Application for ${DEALERSHIP}` });
  await application.getByRole("button", { name: "Approve" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  await admin.getByRole("dialog").getByRole("button", { name: "Approve and invite" }).click();
  await expect(application.getByText("Dealership created; its manager was invited.")).toBeVisible();

  // The applicant accepts the manager invitation from the e-mail and invites a salesperson.
  await acceptInvitation(applicant, MANAGER.email, { name: MANAGER.name, by: ADMIN.name });
  await expect(applicant).toHaveURL(/\/manager-dashboard/, { timeout: FIRST_RENDER_TIMEOUT });
  // The manager's account has the name the application gave.
  await expect(applicant.getByRole("banner").getByText(MANAGER.name, { exact: true })).toBeVisible();
  await applicant.goto("/manager-dashboard?tab=team");
  await applicant.getByRole("button", { name: "Add Salesperson" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const invite = applicant.getByRole("dialog");
  await invite.getByLabel("Name").fill(SELLER.name);
  await invite.getByLabel("Email").fill(SELLER.email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(applicant.getByText("Invitation sent", { exact: true })).toBeVisible();

  // The salesperson accepts, fills in the profile and adds a certification.
  const seller = await personPage(browser, baseURL!);
  await acceptInvitation(seller, SELLER.email, { name: SELLER.name, by: MANAGER.name });
  await expect(seller).toHaveURL(/\/salesperson-dashboard/, { timeout: FIRST_RENDER_TIMEOUT });
  await seller.goto("/salesperson-dashboard?tab=profile");
  await seller.getByLabel("Phone").fill("(512) 555-0142", { timeout: FIRST_RENDER_TIMEOUT });
  await seller
    .getByLabel("Bio")
    .fill("Electric and hybrid vehicles, straight answers on range and charging.");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText(/profile (updated|saved)/i).first()).toBeVisible();
  const certifications = seller.getByRole("region", { name: "Certifications" });
  await certifications.getByRole("button", { name: "Add certification" }).click();
  await certifications.getByLabel("Certification").fill(CERTIFICATION);
  await certifications.getByLabel("Issuer").fill("Electric Vehicle Association");
  await certifications.getByLabel("Year").fill("2025");
  await certifications.getByRole("button", { name: "Add certification" }).click();
  await expect(
    certifications.getByTestId("my-certification").filter({ hasText: CERTIFICATION }),
  ).toContainText("Waiting for verification");

  // The manager's team has them, the invitation is no longer pending, and the manager verifies the
  // certification (the profile joined verified: the manager invited it).
  await applicant.reload();
  await expect(applicant.getByText(SELLER.email).first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(
    applicant.getByRole("button", { name: `Resend the invitation to ${SELLER.email}` }),
  ).toHaveCount(0);
  await applicant
    .getByRole("button", { name: `Verify ${CERTIFICATION} of ${SELLER.name}` })
    .click({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(
    applicant.getByRole("button", { name: `Verify ${CERTIFICATION} of ${SELLER.name}` }),
  ).toHaveCount(0);

  // A customer signs in by link, finds the salesperson by city and certification, and books.
  const email = `e2e.first.customer.${stamp}@example.org`;
  await customer.goto("/login");
  await customer.getByLabel("Email address").fill(email);
  await customer.getByRole("button", { name: /sign-in link/i }).click();
  await openSignInLink(customer, await waitForSignInLink(email, 20_000), email);
  await expect(customer.getByRole("heading", { name: /Welcome/ })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await customer.goto(`/?city=Austin&certification=${encodeURIComponent(CERTIFICATION)}`);
  const card = customer.getByRole("article").filter({ hasText: SELLER.name });
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(customer.getByRole("article")).toHaveCount(1);
  await card.getByRole("link", { name: SELLER.name }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(SELLER.name);
  await expect(customer.getByTestId("certification").filter({ hasText: CERTIFICATION })).toContainText(
    `Verified by ${DEALERSHIP}`,
  );
  await customer.getByRole("button", { name: "Schedule Meeting" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const dialog = customer.getByRole("dialog");
  await dialog.getByLabel("Date").fill(daysAhead(5));
  const openSlot = dialog.locator('[data-slot-state="available"]').first();
  await openSlot.click();
  await dialog.getByLabel("Appointment type").selectOption("Test Drive");
  await dialog.getByLabel("Your name").fill("Casey First");
  await dialog.getByLabel("Phone").fill("(512) 555-0199");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(customer.getByText(/Appointment (Scheduled|Booked)/i).first()).toBeVisible();
});
