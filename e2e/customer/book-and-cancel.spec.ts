import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { waitForMail } from "../support/customer";
import { daysAhead, shortDate } from "../support/dates";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[customer] journey: book a slot from a profile, see it Booked, find it with its calendar invite, cancel it", async ({
  page,
}) => {
  const email = `e2e.booker.${Date.now()}@example.org`;
  const date = daysAhead(4);
  // Starts signed in (a new customer's first session); signing in by the mailed link is sign-in-and-browse's.
  await signInWithSession(page, email, "customer");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

  // Open the first salesperson's profile from the browse grid.
  const card = page.getByRole("article").first();
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const name = (await card.getByRole("heading").first().textContent())?.trim() ?? "";
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  // Book the first open slot of that day.
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Schedule an appointment" })).toBeVisible();
  await expect(dialog.getByText(/^Times in .+\(.+\/.+\)$/)).toBeVisible();
  await dialog.getByLabel("Date").fill(date);
  await expect(dialog.getByText(new RegExp(`${shortDate(date)} · \\d+ open`))).toBeVisible();
  const openSlot = dialog.locator('[data-slot-state="available"]').first();
  await expect(openSlot).toBeVisible();
  const slotLabel = (await openSlot.textContent())?.trim() ?? "";
  expect(slotLabel).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);

  // Required fields are checked before anything is sent.
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();

  await openSlot.click();
  await expect(openSlot).toHaveAttribute("aria-pressed", "true");
  await dialog.getByLabel("Appointment type").selectOption("Test Drive");
  await dialog.getByLabel("Your name").fill("Casey Buyer");
  await dialog.getByLabel("Phone").fill("(512) 555-0199");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await dialog.getByLabel("Notes").fill("Interested in the hybrid SUV.");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();

  await expect(page.getByText("Appointment Scheduled")).toBeVisible();
  await expect(
    page.getByText(`Your appointment with ${name} has been scheduled successfully.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reopening shows the slot taken: struck through and disabled.
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await dialog.getByLabel("Date").fill(date);
  await expect(dialog.getByText(new RegExp(`${shortDate(date)} · `))).toBeVisible();
  const booked = dialog.getByRole("button", { name: `${slotLabel} (booked)`, exact: true });
  await expect(booked).toBeDisabled();
  await expect(booked).toHaveCSS("text-decoration-line", "line-through");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // It is on /appointments under Upcoming.
  await page.getByRole("link", { name: "Appointments" }).first().click();
  await expect(page).toHaveURL(/\/appointments$/);
  const upcoming = page.getByRole("region", { name: /Upcoming/ });
  const item = upcoming.getByRole("article", { name: new RegExp(`Test Drive with ${name}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(slotLabel);
  await expect(item).toContainText("Scheduled");
  await expect(item.getByRole("link", { name })).toHaveAttribute("href", /\/salesperson\/\d+$/);

  // The confirmation with its calendar invite reached the customer's mailbox.
  const invite = await waitForMail(email, (m) => m.text.includes("METHOD:REQUEST"));
  expect(invite.text).toContain("BEGIN:VCALENDAR");
  expect(invite.subject).toContain("Test Drive");

  // "Add to calendar" saves the visit as an .ics file.
  const [saved] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("button", { name: "Add to calendar" }).click(),
  ]);
  expect(saved.suggestedFilename()).toMatch(/^knowbefore-visit-\d+\.ics$/);
  const ics = await readFile((await saved.path())!, "utf8");
  expect(ics).toContain("METHOD:PUBLISH");
  expect(ics).toContain(`SUMMARY:Test Drive with ${name}`);

  // Cancel it.
  await item.getByRole("button", { name: "Cancel" }).click();
  const cancelDialog = page.getByRole("dialog");
  await expect(cancelDialog.getByRole("heading", { name: "Cancel appointment?" })).toBeVisible();
  await cancelDialog.getByLabel("Reason").fill("Found a car closer to home.");
  await cancelDialog.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(page.getByText("Appointment Cancelled")).toBeVisible();
  await expect(cancelDialog).toBeHidden();

  const past = page.getByRole("region", { name: /Past/ });
  const cancelled = past.getByRole("article", { name: new RegExp(`Test Drive with ${name}`) });
  await expect(cancelled).toContainText("Cancelled");
  await expect(cancelled).toContainText("Found a car closer to home.");
  await expect(upcoming.getByRole("article")).toHaveCount(0);
  await waitForMail(email, (m) => m.text.includes("METHOD:CANCEL"));
});
