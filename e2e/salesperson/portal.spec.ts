import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { e2eDatabase } from "../support/database";
import { daysAhead } from "../support/dates";
import { waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";
import { openSignInLink } from "../support/signInLink";

/** "Monday" for a calendar date (YYYY-MM-DD). */
function weekdayOf(date: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** One of the overview's stat cards (a <dl>: the label, then the value and the line under it as <dd>s). */
function figure(page: Page, label: string) {
  const stat = page.getByRole("group", { name: label, exact: true });
  return { value: stat.locator("dd").first(), help: stat.locator("dd").nth(1) };
}

test("[salesperson] journey: register, sign in by the mailed link, upload a photo, block weekly time, complete an appointment and see the overview change", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `e2e.seller.${stamp}@example.org`;
  const name = `Jordan Seller ${stamp % 10_000}`;

  // Register at the portal; success moves to Login with the e-mail filled in.
  await page.goto("/salesperson-login");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Dealership").fill("New York Toyota");
  await page.getByLabel("Phone (optional)").fill("(212) 555-0142");
  await page.getByLabel("Years of experience").fill("6");
  await page.getByText("Financing", { exact: true }).click();
  await page.getByRole("button", { name: "Create salesperson account" }).click();
  await expect(page.getByText("Account Created")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);

  // Sign in by the link the app really mailed: the page names the account, the click signs in.
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await waitForSignInLink(email), email);
  await expect(page).toHaveURL(/\/salesperson-dashboard/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A new salesperson waits for the dealership to verify them; no appointments yet.
  await expect(page.getByText("Waiting for New York Toyota to verify you")).toBeVisible();
  await expect(figure(page, "Completion rate").value).toHaveText("—");
  await expect(figure(page, "Completion rate").help).toContainText("0 completed of 0 closed");
  await expect(figure(page, "Upcoming").value).toHaveText("0");
  const appointmentsChart = page.getByRole("region", { name: "Appointments by status" });
  await expect(appointmentsChart.getByText("No appointments in this period yet")).toBeVisible();

  // Profile: a photo. A file that is not an image is refused before anything is sent.
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page).toHaveURL(/tab=profile/);
  await page.getByRole("button", { name: "Upload photo" }).click();
  const photoDialog = page.getByRole("dialog");
  await expect(photoDialog.getByRole("heading", { name: "Update profile photo" })).toBeVisible();
  const fileInput = photoDialog.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(page.getByText("Invalid File Type")).toBeVisible();
  await expect(photoDialog.getByRole("alert")).toHaveText("Please select an image file (JPG, PNG, etc.)");
  const png = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 37, g: 99, b: 235 } },
  })
    .png()
    .toBuffer();
  await fileInput.setInputFiles({ name: "headshot.png", mimeType: "image/png", buffer: png });
  await expect(photoDialog.getByText("headshot.png")).toBeVisible();
  await photoDialog.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("Photo Updated")).toBeVisible();
  await expect(photoDialog).toBeHidden();
  await expect(page.getByRole("img", { name: `Photo of ${name}` }).first()).toHaveAttribute(
    "src",
    /\/uploads\/[0-9a-f-]+\.webp$/,
  );
  const profileHref = await page.getByRole("link", { name: "View public profile" }).getAttribute("href");
  const salespersonId = Number(profileHref?.match(/\/salesperson\/(\d+)$/)?.[1]);
  expect(salespersonId).toBeGreaterThan(0);

  // Work e-mail: hidden from the public profile until the salesperson turns it on.
  const showEmail = page.getByLabel("Show my work e-mail on my profile");
  await expect(showEmail).not.toBeChecked();
  const publicProfile = await page.context().newPage();
  await publicProfile.goto(profileHref!);
  await expect(publicProfile.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(publicProfile.getByRole("link", { name: email })).toHaveCount(0);
  await page.getByText("Show my work e-mail on my profile").click();
  await expect(page.getByText("Your work e-mail is now shown on your public profile.")).toBeVisible();
  await expect(showEmail).toBeChecked();
  await publicProfile.reload();
  await expect(publicProfile.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await publicProfile.close();

  // Availability: the block-time dialog checks required fields and the order of start and end.
  await page.getByRole("tab", { name: "Availability" }).click();
  await page.getByRole("button", { name: "Block time" }).first().click();
  const blockDialog = page.getByRole("dialog");
  await expect(blockDialog.getByRole("heading", { name: "Block time" })).toBeVisible();
  await blockDialog.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByText("Validation Error")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  const blockDate = daysAhead(2);
  await blockDialog.getByLabel("Title").fill("Weekly team training");
  await blockDialog.getByLabel("Start").fill(`${blockDate}T13:00`);
  await blockDialog.getByLabel("End").fill(`${blockDate}T12:00`);
  await blockDialog.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByText("End time must be after start time")).toBeVisible();
  await blockDialog.getByLabel("Start").fill(`${blockDate}T12:00`);
  await blockDialog.getByLabel("End").fill(`${blockDate}T13:00`);
  await blockDialog.getByLabel("Type").selectOption("training");
  await blockDialog.getByText("Repeat every week").click();
  await expect(blockDialog.getByLabel("Repeat every week")).toBeChecked();
  await blockDialog.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByText("Time Blocked")).toBeVisible();
  await expect(blockDialog).toBeHidden();
  const blockRow = page.getByRole("region", { name: "Your blocks" }).getByRole("listitem", {
    name: "Weekly team training",
  });
  await expect(blockRow).toContainText("Weekly");
  await expect(blockRow).toContainText(`Every ${weekdayOf(blockDate)} · 12:00 PM – 1:00 PM`);
  // Being weekly, it is in the week view two and three weeks on as well, once a week.
  const weekView = page.getByRole("region", { name: "Week view" });
  const chip = weekView.getByRole("button", {
    name: /^Blocked: Weekly team training, 12:00 PM to 1:00 PM, every week/,
  });
  await page.getByRole("button", { name: "Next week" }).click();
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(chip).toHaveCount(1);
  await expect(weekView.getByRole("group", { name: new RegExp(`^${weekdayOf(blockDate)}`) })).toContainText(
    "Weekly team training",
  );
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(chip).toHaveCount(1);

  // The dealership's manager confirms the registration: until then the profile is not listed or bookable.
  const managerDb = e2eDatabase();
  const [managerRow] = await managerDb<{ email: string }[]>`
    select u.email::text as email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
     where d.name = 'New York Toyota'`;
  await managerDb.end();
  const managerContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await signInWithSession(managerContext, managerRow!.email, "manager");
  const managerPage = await managerContext.newPage();
  const hidden = await managerPage.request.get(`/api/salespeople?search=${encodeURIComponent(name)}`);
  expect(((await hidden.json()) as { id: number }[]).map((s) => s.id)).not.toContain(salespersonId);
  const confirmed = await managerPage.request.post("/api/manager/verify-salesperson", {
    headers: { Origin: baseURL ?? "" },
    data: { salespersonId },
  });
  expect(confirmed.status()).toBe(200);
  await managerContext.close();

  // A customer books a test drive with the new salesperson (through the REST API, as the spec's client does).
  // The customer starts signed in: this journey's sign-in under test is the salesperson's, above.
  const customerContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await signInWithSession(customerContext, `e2e.buyer.${stamp}@example.org`, "customer");
  const customerPage = await customerContext.newPage();
  const booked = await customerPage.request.post("/api/appointments", {
    headers: { Origin: baseURL ?? "" },
    data: {
      salespersonId,
      date: daysAhead(4),
      time: "10:00",
      appointmentType: "Test Drive",
      customerName: "Casey Buyer",
      customerPhone: "(212) 555-0199",
    },
  });
  expect(booked.status()).toBe(201);
  const appointment = (await booked.json()) as { id: number };
  // A customer who opens the dashboard is sent to the salesperson portal.
  await customerPage.goto("/salesperson-dashboard");
  await expect(customerPage.getByText("This dashboard is for salespeople")).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(customerPage.getByRole("link", { name: "Go to the salesperson portal" })).toBeVisible();
  await customerContext.close();

  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(figure(page, "Upcoming").value).toHaveText("1");
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

  // The visit takes place: move it to yesterday (bookings cannot be made in the past, so the test travels in time).
  const sql = e2eDatabase();
  try {
    await sql`update appointments set starts_at = date_trunc('hour', now()) - interval '1 day' where id = ${appointment.id}`;
  } finally {
    await sql.end();
  }

  // Appointments: it now waits for an outcome; Complete asks for confirmation first.
  await page.getByRole("tab", { name: "Appointments" }).click();
  const past = page.getByRole("region", { name: /Past/ });
  const item = past.getByRole("article", { name: /Test Drive with Casey Buyer/ });
  await expect(item).toContainText("Awaiting outcome");
  await expect(item).toContainText("(212) 555-0199");
  await item.getByRole("button", { name: "Complete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Mark as completed?" })).toBeVisible();
  await confirm.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByText("Appointment Updated")).toBeVisible();
  await expect(item).toContainText("Completed");
  await expect(item.getByRole("button", { name: "Complete" })).toHaveCount(0);

  // The overview counts it: 1 of 1 completed, and the chart has a bar where it was empty.
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(figure(page, "Completion rate").value).toHaveText("100%");
  await expect(figure(page, "Completion rate").help).toContainText("1 completed of 1 closed");
  await expect(figure(page, "Upcoming").value).toHaveText("0");
  await expect(appointmentsChart.getByText("No appointments in this period yet")).toHaveCount(0);
  await expect(
    appointmentsChart.locator(".recharts-bar-rectangle path, .recharts-rectangle").first(),
  ).toBeVisible();

  // One sign-out control, worded as everywhere else; it returns home, and the dashboard is then closed to this
  // browser.
  await expect(page.getByRole("button", { name: /^(sign out|log ?out)$/i })).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(new RegExp(`${baseURL}/?$`));
  await page.goto("/salesperson-dashboard");
  await expect(page).toHaveURL(new RegExp(`${baseURL}/?$`));
});

test("[salesperson] an independent registration waits for its e-mail address: shown to nobody until the mailed link is followed", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `e2e.indie.${stamp}@example.org`;
  const name = `Indira Solo ${stamp % 10_000}`;
  const browseNames = async () =>
    (
      (await (await request.get(`/api/salespeople?search=${encodeURIComponent(name)}`)).json()) as {
        name: string;
      }[]
    ).map((card) => card.name);

  await page.goto("/salesperson-login");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByText("I work independently").click();
  await page.getByLabel("ZIP code you work from").fill("78701");
  await page.getByRole("button", { name: "Create salesperson account" }).click();
  await expect(
    page.getByRole("heading", { name: "Check your e-mail to confirm your address" }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await browseNames()).not.toContain(name);

  // The link in the mail confirms the address and signs in; from then on the profile is listed.
  await openSignInLink(page, await waitForSignInLink(email), email);
  await expect(page).toHaveURL(/\/salesperson-dashboard/);
  expect(await browseNames()).toContain(name);
});
