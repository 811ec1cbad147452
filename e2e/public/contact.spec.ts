// [public] The site contact form (docs/product/messaging.md#site-contact-form): validation, the role and subject choices, the 6-row
// message box, and the 'Message Sent!' toast only after the server stored the message, then a cleared form.
import { expect, test } from "@playwright/test";
import { settle, watchConsole } from "./support";

test.describe("[public] contact form", () => {
  test("offers the role and subject choices and a 6-row message box", async ({ page }) => {
    await page.goto("/contact");
    await settle(page);
    const form = page.getByRole("form", { name: "Send us a message" });
    expect(
      await form
        .getByLabel("Role")
        .locator("option")
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(["", "customer", "salesperson", "manager", "owner", "other"]);
    await expect(form.getByLabel("Role").locator('option[value="salesperson"]')).toHaveText(
      "Sales Professional",
    );
    await expect(form.getByLabel("Role").locator('option[value="manager"]')).toHaveText("Dealership Manager");
    await expect(form.getByLabel("Role").locator('option[value="owner"]')).toHaveText("Dealership Owner");
    expect(
      await form
        .getByLabel("Subject")
        .locator("option")
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(["", "general", "support", "sales", "enterprise", "partnership", "feedback", "other"]);
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "6");
  });

  test("shows what is missing, then sends, toasts and clears", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/contact");
    await settle(page);
    const form = page.getByRole("form", { name: "Send us a message" });
    let requests = 0;
    page.on("request", (r) => {
      if (r.url().includes("site.contact")) requests++;
    });

    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter your full name")).toBeVisible();
    await expect(form.getByText("Please enter your email address")).toBeVisible();
    await expect(form.getByText("Please choose a subject")).toBeVisible();
    await expect(form.getByText("Please enter a message")).toBeVisible();
    await expect(form.getByLabel("Full Name")).toBeFocused();
    expect(requests).toBe(0);

    await form.getByLabel("Full Name").fill("Jordan Lee");
    await form.getByLabel("Email").fill("jordan@");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByLabel("Email")).toBeFocused();
    expect(requests).toBe(0);

    await form.getByLabel("Email").fill("jordan.lee@example.org");
    await form.getByLabel("Company").fill("Lee Motors");
    await form.getByLabel("Role").selectOption("manager");
    await form.getByLabel("Subject").selectOption("partnership");
    await form.getByLabel("Message").fill("We'd like to list our team of 12 salespeople.");

    const stored = page.waitForResponse(
      (r) => r.url().includes("site.contact") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await stored).status()).toBe(200);
    await expect(page.getByText("Message Sent!")).toBeVisible();
    await expect(
      page.getByText("Thank you for contacting us. We'll get back to you within 24 hours."),
    ).toBeVisible();
    for (const field of ["Full Name", "Email", "Company", "Message"])
      await expect(form.getByLabel(field)).toHaveValue("");
    await expect(form.getByLabel("Role")).toHaveValue("");
    await expect(form.getByLabel("Subject")).toHaveValue("");
    expect(problems).toEqual([]);
  });

  test("keeps the message and says so when the server does not accept it", async ({ page }) => {
    await page.route("**/trpc/site.contact**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify([
          {
            error: {
              json: {
                message: "boom",
                code: -32603,
                data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
              },
            },
          },
        ]),
      }),
    );
    await page.goto("/contact");
    await settle(page);
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Full Name").fill("Jordan Lee");
    await form.getByLabel("Email").fill("jordan.lee@example.org");
    await form.getByLabel("Subject").selectOption("support");
    await form.getByLabel("Message").fill("Please help.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.getByText("Message Sent!")).toHaveCount(0);
    await expect(form.getByLabel("Message")).toHaveValue("Please help.");
  });
});
