import { chromium } from "@playwright/test";
const base = "http://localhost:3400";
const out = process.argv[2] ?? "/tmp/kb6-shots/dark";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  for (const path of (process.argv[3] ?? "/,/pricing,/privacy-policy,/faq/customer,/contact,/no-such-page").split(",")) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(400);
    const file = `${out}${path.replaceAll("/", "-") || "-home"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
