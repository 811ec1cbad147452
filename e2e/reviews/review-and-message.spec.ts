import { type APIRequestContext, expect, test } from "@playwright/test";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

// Demo accounts from the seed: Alex has a completed, unrated test drive with Sam Rivera (id 1) two days ago.
const CUSTOMER = "alex.morgan@example.com";
const SALESPERSON = "sam.rivera@example.com";
const PROFILE = "/salesperson/1";

/** A tRPC call over plain HTTP with the context's session cookie (superjson wraps values in `json`). */
async function trpcQuery<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/trpc/${path}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function trpcMutation<T>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  input: unknown,
): Promise<T> {
  const res = await request.post(`/trpc/${path}`, {
    data: { json: input },
    headers: { Origin: baseURL, "content-type": "application/json" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

test("[customer] a profile offers booking, not rating, to a buyer without a completed visit to rate", async ({
  page,
}) => {
  await signInWithSession(page, `e2e.no-visit.${Date.now()}@example.org`, "customer");
  await page.goto(PROFILE);
  await expect(page.getByRole("heading", { level: 1, name: "Sam Rivera" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByRole("button", { name: "Schedule Meeting" })).toBeVisible();
  await expect(page.locator("#reviews")).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^(Rate Salesperson|Write a review|Rate Sam Rivera)$/ }),
  ).toHaveCount(0);
});

test("[customer] journey: rate a salesperson after a completed visit, see the review and new average; the salesperson replies; message them and read the answer", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const comment = `Sam let us take our time on the test drive and answered every question. (${stamp})`;
  const replyText = `Thanks for visiting, Alex! Enjoy the new car. (${stamp})`;
  const question = `Is the blue hybrid still available for another look on Saturday? (${stamp})`;
  const answer = `It is! I have 10:00 or 14:00 free on Saturday. (${stamp})`;

  // The customer opens Sam's profile and starts a review of the completed visit.
  // Both sides start signed in; signing in by the mailed link is covered by the customer and portal journeys.
  await signInWithSession(page, CUSTOMER, "customer");
  await page.goto(PROFILE);
  await expect(page.getByRole("heading", { level: 1, name: "Sam Rivera" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  const reviews = page.locator("#reviews");
  const before = Number(
    (await reviews.getByText(/^\d+ verified reviews?$/).textContent())?.match(/\d+/)?.[0] ?? "0",
  );

  await page.getByRole("button", { name: "Rate Salesperson" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Rate Sam Rivera" })).toBeVisible();
  // Only eligible visits are offered; the single one is already chosen.
  await expect(dialog.getByRole("radio", { name: /Test Drive/ })).toBeChecked();
  await expect(dialog.getByText("1 = too pushy")).toBeVisible();
  await expect(dialog.getByText("5 = perfect balance")).toBeVisible();

  // Every category is required.
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Please complete all ratings")).toBeVisible();
  await expect(page.getByText("All rating categories are required to submit your review.")).toBeVisible();

  const stars = (category: string, n: number) =>
    dialog
      .getByRole("radiogroup", { name: category })
      .getByRole("radio", { name: `${n} stars` })
      .click();
  await stars("Overall experience", 5);
  await stars("Helpfulness", 4);
  await stars("Pressure level", 5);
  await stars("Communication", 4);
  await stars("Product knowledge", 5);
  // Contact details are warned about before sending (such a review would wait for a moderator).
  await dialog.getByLabel("Your review").fill("Call me at (512) 555-0100");
  await expect(dialog.getByText("Your review seems to include a phone number")).toBeVisible();
  await dialog.getByLabel("Your review").fill(comment);
  await expect(dialog.getByText("Your review seems to include a phone number")).toHaveCount(0);
  await dialog.getByLabel("Pressure level comment").fill("No pressure at all.");
  await dialog.getByRole("button", { name: "Submit Review" }).click();

  // The success toast names the new average; the profile shows the review and that average.
  const toast = page.getByText(/New average: \d\.\d from \d+ reviews?\./);
  await expect(toast).toBeVisible();
  const [, average, total] = (await toast.textContent())?.match(/New average: (\d\.\d) from (\d+)/) ?? [];
  expect(Number(total)).toBe(before + 1);
  await expect(dialog).toBeHidden();
  const review = reviews.getByRole("listitem").filter({ hasText: comment });
  await expect(review).toBeVisible();
  // Alex's purchase from Sam is confirmed in the demo, so his review of Sam is a verified purchase.
  await expect(review.getByText("Verified purchase")).toBeVisible();
  await expect(review.getByText("No pressure at all.")).toBeVisible();
  await expect(reviews.getByTestId("review-average")).toHaveText(average!);
  await expect(reviews.getByText(`${total} verified reviews`)).toBeVisible();
  // That was Alex's only visit to rate: the profile no longer offers a rating.
  await expect(page.getByRole("button", { name: "Rate Salesperson" })).toHaveCount(0);
  await expect(page.getByLabel(`Rated ${average} out of 5 from ${total} reviews`).first()).toBeVisible();

  // The salesperson, in their own browser, sees the review notification and replies publicly once.
  const salesContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await signInWithSession(salesContext, SALESPERSON, "salesperson");
  const sales = await salesContext.newPage();
  await sales.goto(PROFILE);
  await expect(sales.getByRole("heading", { level: 1, name: "Sam Rivera" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await sales.getByRole("button", { name: /^Notifications/ }).click();
  await expect(sales.getByRole("button", { name: /New review/ }).first()).toBeVisible();
  await sales.keyboard.press("Escape");
  const theirView = sales.locator("#reviews").getByRole("listitem").filter({ hasText: comment });
  await theirView.getByRole("button", { name: "Reply publicly" }).click();
  await theirView.getByLabel("Your public reply").fill(replyText);
  await theirView.getByRole("button", { name: "Post reply" }).click();
  await expect(theirView.getByText(replyText)).toBeVisible();
  await expect(theirView.getByText("Reply from Sam")).toBeVisible();
  await expect(theirView.getByRole("button", { name: "Reply publicly" })).toHaveCount(0);

  // The customer sees the reply, then writes to Sam through Contact.
  await page.reload();
  await expect(reviews.getByRole("listitem").filter({ hasText: comment }).getByText(replyText)).toBeVisible();
  await page.getByRole("button", { name: "Contact", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Contact Sam Rivera" })).toBeVisible();
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByText("Please write a message")).toBeVisible();
  await dialog.getByLabel("Message").fill(question);
  await dialog.getByRole("radio", { name: "Email" }).click();
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Sam answers through the API with his own session.
  const conversations = await trpcQuery<
    { id: number; otherName: string; lastMessage: string; unread: number }[]
  >(salesContext.request, "messages.conversations");
  const thread = conversations.find((c) => c.lastMessage === question);
  expect(thread, JSON.stringify(conversations)).toBeDefined();
  expect(thread!.unread).toBeGreaterThan(0);
  await trpcMutation(salesContext.request, baseURL!, "messages.reply", {
    conversationId: thread!.id,
    body: answer,
  });
  await salesContext.close();

  // The customer's bell announces the answer and opens it in the dashboard's Messages tab.
  await page.goto("/");
  await page.getByRole("button", { name: /^Notifications, \d+ unread/ }).click();
  await page.getByRole("button", { name: /New message from your salesperson/ }).click();
  await expect(page).toHaveURL(new RegExp(`tab=messages.*conversation=${thread!.id}`));
  const conversation = page.getByRole("region", { name: "Conversation with Sam Rivera" });
  await expect(conversation.getByText(question)).toBeVisible();
  await expect(conversation.getByText(answer)).toBeVisible();
  await expect(page.getByRole("tab", { name: /Messages/ })).toHaveAttribute("aria-selected", "true");

  // The review is listed under Ratings, still editable.
  await page.getByRole("tab", { name: /Ratings/ }).click();
  const mine = page.getByRole("listitem").filter({ hasText: comment });
  await expect(mine.getByRole("button", { name: "Edit your review of Sam Rivera" })).toBeVisible();
  await expect(mine.getByText(replyText)).toBeVisible();
});
