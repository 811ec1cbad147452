// The security headers of every kind of answer the app gives: pages, client routes, static assets, stored
// images, REST and tRPC answers, errors and probes, over http and (HSTS) over https.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/server/app";
import { createHarness, ORIGIN } from "./support/harness";

/** The only origins the client loads from (Stripe's payment form); scheme sources only where images may come from. */
const ALLOWED_ORIGINS = new Set([
  "https://js.stripe.com",
  "https://api.stripe.com",
  "https://hooks.stripe.com",
]);
const SCHEME_SOURCES: Record<string, string[]> = {
  "img-src": ["data:", "blob:", "https:"],
  "font-src": ["data:"],
};
const KEYWORDS = new Set(["'self'", "'none'", "'unsafe-inline'"]);

// A client build of our own, so page answers are tested whether or not `npm run build` has run.
const clientDir = mkdtempSync(path.join(tmpdir(), "kb-client-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(
  path.join(clientDir, "index.html"),
  "<!doctype html><title>KnowBefore</title><div id=root></div>",
);
writeFileSync(path.join(clientDir, "assets", "app-test1234.js"), "console.log('ok')");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const h = await createHarness();
const secure = await createHarness({ APP_URL: "https://knowbefore.example" });
await h.seed(0.02);
const [image] = await h.sql<{ id: string }[]>`
  insert into images (salesperson_id, kind, content_type, width, height, bytes)
  values ((select id from salespeople order by id limit 1), 'profile', 'image/webp', 1, 1, ${Buffer.from("RIFF")})
  returning id`;

type PageType = { name: string; path: string; status: number; contentType: RegExp; upload?: boolean };

const PAGE_TYPES: PageType[] = [
  { name: "HTML page /", path: "/", status: 200, contentType: /text\/html/ },
  { name: "HTML page /salespeople", path: "/salespeople", status: 200, contentType: /text\/html/ },
  { name: "unknown client route", path: "/no/such/page", status: 200, contentType: /text\/html/ },
  { name: "static asset", path: "/assets/app-test1234.js", status: 200, contentType: /javascript/ },
  { name: "REST answer", path: "/api/salespeople", status: 200, contentType: /application\/json/ },
  { name: "REST error", path: "/api/no-such-route", status: 404, contentType: /application\/json/ },
  { name: "REST auth error", path: "/api/admin/overview", status: 401, contentType: /application\/json/ },
  { name: "tRPC answer", path: "/trpc/auth.me", status: 200, contentType: /json/ },
  { name: "tRPC error", path: "/trpc/no.such.procedure", status: 404, contentType: /json/ },
  {
    name: "stored image",
    path: `/uploads/${image!.id}.webp`,
    status: 200,
    contentType: /image\/webp/,
    upload: true,
  },
  { name: "stored image 404", path: "/uploads/none.webp", status: 404, contentType: /json/, upload: true },
  { name: "health", path: "/api/health", status: 200, contentType: /application\/json/ },
  { name: "readiness", path: "/api/ready", status: 200, contentType: /application\/json/ },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Checks one answer; returns how many headers were checked. */
function checkHeaders(label: string, res: Response, options: { upload?: boolean; https: boolean }): number {
  const csp = res.headers.get("content-security-policy");
  expect(csp, label).toBeTruthy();
  const policy = directives(csp!);
  expect(csp, label).not.toContain("'unsafe-eval'");
  expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
  if (options.upload) {
    // Stored images: nothing loads and nothing runs, even when opened directly.
    expect(policy.get("default-src"), label).toEqual(["'none'"]);
    expect(policy.has("sandbox"), label).toBe(true);
  } else {
    expect(policy.get("default-src"), label).toEqual(["'self'"]);
    expect(policy.get("object-src"), label).toEqual(["'none'"]);
    // default-src does not cover where forms may post: an injected form must not send a page's data away.
    expect(policy.get("form-action"), label).toEqual(["'self'"]);
  }
  for (const [name, sources] of policy) {
    for (const source of sources) {
      if (KEYWORDS.has(source)) continue;
      if (/^https?:\/\//.test(source))
        expect(ALLOWED_ORIGINS.has(source), `${label}: ${name} ${source}`).toBe(true);
      else expect(SCHEME_SOURCES[name] ?? [], `${label}: ${name} ${source}`).toContain(source);
    }
  }
  expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), label).toBe("no-referrer");
  expect(res.headers.get("x-frame-options"), label).toBe("DENY");
  expect(res.headers.get("x-request-id"), label).toMatch(/^[0-9a-f-]{36}$/);
  const hsts = res.headers.get("strict-transport-security");
  if (options.https) {
    expect(hsts, label).toBeTruthy();
    expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1]), label).toBeGreaterThanOrEqual(15_552_000);
  } else {
    expect(hsts, label).toBeNull();
  }
  return 6;
}

describe("security headers", () => {
  it("are on every kind of answer, over http and https", async () => {
    const apps = [
      { harness: h, app: createApp(h.deps, { clientDir }), https: false },
      { harness: secure, app: createApp(secure.deps, { clientDir }), https: true },
    ];
    const types = [...PAGE_TYPES];
    // Documentation routes, when this build has them.
    for (const docs of ["/api/openapi.json", "/api/docs"]) {
      const probe = await apps[0]!.app.request(docs, { headers: { origin: ORIGIN } });
      if (probe.status === 200) types.push({ name: docs, path: docs, status: 200, contentType: /json|html/ });
      else console.log(`headers: ${docs} answers ${probe.status}, so it is not checked`);
    }

    let checked = 0;
    let headerCount = 0;
    for (const { app, https } of apps) {
      for (const type of types) {
        // The stored image lives in the first harness's database only.
        const expected = https && type.name === "stored image" ? 404 : type.status;
        const res = await app.request(type.path, { headers: { origin: ORIGIN } });
        const label = `${https ? "https" : "http"} ${type.name} (${type.path})`;
        expect(res.status, label).toBe(expected);
        if (expected === type.status)
          expect(res.headers.get("content-type") ?? "", label).toMatch(type.contentType);
        headerCount = checkHeaders(label, res, { upload: type.upload ?? false, https });
        checked++;
      }
    }
    console.log(
      `security headers: ${checked} answers (${types.length} page types x 2 schemes) x ${headerCount} headers checked`,
    );
  });
});
