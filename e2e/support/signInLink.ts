// Opens an e-mailed sign-in link the way people do: the page shows whom the link signs in, and only the
// "Sign in" click uses it (a link opened by itself never signs anyone in).
import { expect, type Page } from "@playwright/test";

/** Opens `link` (a full URL from the mail), checks the page names `email`, and clicks "Sign in". */
export async function openSignInLink(page: Page, link: string, email: string): Promise<void> {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(`You're signing in as ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}
