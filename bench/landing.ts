// Landing-page benchmark: loads the built app's `/` in headless Chromium, cold (no cache, new context per run),
// and reports the JavaScript the page loaded (raw and gzip bytes) and its Largest Contentful Paint.
// Usage: npm run build && npx tsx bench/landing.ts [baseUrl]
//   With no baseUrl it starts dist/server/index.js on 127.0.0.1 (own embedded PostgreSQL under .data/).
//   LANDING_RUNS (default 7) cold loads per profile; the median is reported.
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { type BenchServer, startBenchServer } from "./support";

const runs = Number(process.env.LANDING_RUNS ?? 7);
const server: BenchServer | null = process.argv[2]
  ? null
  : await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3960), scale: 1 });
const base = process.argv[2] ?? server!.base;

type Sample = {
  lcpMs: number;
  lcpElement: string;
  scripts: { url: string; raw: number; gzip: number }[];
};

async function loadOnce(browser: Browser, cpuSlowdown: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  }
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { t: number; el: string } };
    w.__lcp = { t: 0, el: "" };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        const el = entry.element;
        w.__lcp = {
          t: entry.startTime,
          el: el
            ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`
            : "",
        };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const scripts = new Map<string, Promise<{ raw: number; gzip: number }>>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && !response.url().endsWith(".js")) return;
    scripts.set(
      response.url(),
      response.body().then((body) => ({ raw: body.length, gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: { t: number; el: string } }).__lcp);
  const sizes = await Promise.all(
    [...scripts].map(async ([url, size]) => ({ url: new URL(url).pathname, ...(await size) })),
  );
  await context.close();
  return { lcpMs: lcp.t, lcpElement: lcp.el, scripts: sizes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  await loadOnce(browser, 1); // warm the server (first query plans, static file reads)
  for (const cpu of [1, 4]) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await loadOnce(browser, cpu));
    const last = samples.at(-1)!;
    const raw = last.scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzip = last.scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(
      `\n${base}/  ·  CPU ${cpu === 1 ? "unthrottled" : `${cpu}x slowdown`}  ·  ${runs} cold loads`,
    );
    console.log(`JavaScript loaded: ${last.scripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
    if (cpu === 1) {
      for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${s.url.padEnd(52)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
    }
    const lcps = samples.map((s) => s.lcpMs);
    console.log(
      `LCP median ${median(lcps).toFixed(0)} ms (min ${Math.min(...lcps).toFixed(0)}, max ${Math.max(...lcps).toFixed(0)}) on ${last.lcpElement}`,
    );
  }
} finally {
  await browser.close();
  await server?.stop();
}
