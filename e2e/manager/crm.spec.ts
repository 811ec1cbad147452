// A manager connects a CRM that is really a receiver this test runs on 127.0.0.1, rotates its signing secret,
// tests the connection, and after a buyer books with one of the dealership's salespeople sees the signed
// delivery in the sync log.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { daysAhead } from "../support/dates";
import { createTestSession, FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[manager] CRM: create an integration, rotate its secret, test it, see a booking's delivery in the sync log", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const deliveries: { event: string; signature: string }[] = [];
  const receiver = createServer((req, res) => {
    if (req.method === "POST")
      deliveries.push({
        event: String(req.headers["x-knowbefore-event"]),
        signature: String(req.headers["x-knowbefore-signature"]),
      });
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const name = `Showroom leads ${Date.now() % 100_000}`;

  try {
    await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
    await page.goto("/crm");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole("button", { name: "Add Integration" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Integration" });
    await dialog.getByLabel("CRM provider").selectOption("webhook");
    await dialog.getByLabel("Integration name").fill(name);
    await dialog.getByLabel("API endpoint").fill(`${receiverUrl}/api`);
    await dialog.getByLabel("API key").fill("e2e-key-1234");
    await dialog.getByLabel("Webhook URL").fill(`${receiverUrl}/hook`);
    await dialog.getByRole("button", { name: "Create Integration" }).click();
    const secret = page.getByTestId("signing-secret");
    await expect(secret).toContainText("kbsec_");
    const firstSecret = await secret.textContent();
    await page.getByRole("button", { name: "I've saved the secret" }).click();

    const card = page.getByTestId("crm-integration").filter({ hasText: name });
    await expect(card).toContainText("••••1234");
    await expect(card).toContainText("The one shown when it was created");

    // Rotating the signing secret shows a new one once; the card says when it was replaced.
    await card.getByRole("button", { name: `Rotate signing secret of ${name}` }).click();
    await page.getByRole("button", { name: "Rotate Secret" }).click();
    await expect(page.getByRole("dialog", { name: "Signing secret rotated" })).toBeVisible();
    const rotated = page.getByTestId("signing-secret");
    await expect(rotated).toContainText("kbsec_");
    expect(await rotated.textContent()).not.toBe(firstSecret);
    await page.getByRole("button", { name: "I've saved the secret" }).click();
    await expect(card).toContainText("Replaced");
    await card.getByRole("button", { name: `Test ${name}` }).click();
    await expect(page.getByText("Test Successful").first()).toBeVisible();

    // A buyer books the first open slot of the demo salesperson (the demo manager's dealership) on the next
    // weekday: the demo dealerships close on Sundays.
    const [salesperson] = (await (
      await request.get(`/api/salespeople?search=${encodeURIComponent("Sam Rivera")}`)
    ).json()) as { id: number }[];
    const date = daysAhead(1);
    const slots = (await (
      await request.get(`/api/appointments/salesperson/${salesperson!.id}/${date}`)
    ).json()) as {
      slots: { time: string; state: string }[];
    };
    const open = slots.slots.find((s) => s.state === "available");
    expect(open, `an open slot on ${date}`).toBeTruthy();
    const buyer = await createTestSession(`e2e.crm.buyer.${Date.now()}@example.org`, "customer");
    const booked = await request.post("/api/appointments", {
      headers: { origin: baseURL ?? "", cookie: `kb_session=${buyer.token}` },
      data: {
        salespersonId: salesperson!.id,
        date,
        time: open!.time,
        appointmentType: "Test Drive",
        customerName: "Jamie Buyer",
        customerPhone: "(212) 555-0199",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await card.getByRole("button", { name: `View logs of ${name}` }).click();
    const row = page.getByTestId("crm-sync-log").filter({ hasText: "Appointment booked" }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText(/success/i);
    expect(deliveries.map((d) => d.event)).toContain("appointment.created");
    expect(deliveries[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  } finally {
    receiver.close();
  }
});
