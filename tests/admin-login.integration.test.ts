import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD, seedDemoData } from "../src/server/seed/demo";
import { createHarness } from "./support/harness";

const h = await createHarness({ ADMIN_CODE: "test-admin-code" });
await h.seed(0.02);
const good = { email: DEMO_ACCOUNTS.admin, password: DEMO_ADMIN_PASSWORD, adminCode: "test-admin-code" };

describe("administrator sign-in", () => {
  it("needs e-mail, password and admin code; answers a bearer token that verifies", async () => {
    const ok = await h.request("POST", "/api/admin/login", { body: good });
    expect(ok.status).toBe(200);
    expect(ok.json.token).toMatch(/^[a-z2-7]{32}$/);
    expect(ok.json.user.role).toBe("admin");
    const verify = await h.app.request("/api/admin/verify", {
      headers: { authorization: `Bearer ${ok.json.token}` },
    });
    expect(verify.status).toBe(200);
  });

  it("answers a generic 'Login failed' for a wrong password, wrong code or non-admin", async () => {
    for (const body of [
      { ...good, password: "wrong-password" },
      { ...good, adminCode: "wrong-code" },
      { ...good, email: DEMO_ACCOUNTS.customer },
    ]) {
      const res = await h.request("POST", "/api/admin/login", { body });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: "Login failed", code: "LOGIN_FAILED" });
    }
  });

  it("refuses admin routes to a customer session and to no session", async () => {
    expect((await h.request("GET", "/api/admin/verify")).status).toBe(401);
    const customer = await h.signIn(DEMO_ACCOUNTS.customer);
    const byCookie = await h.request("GET", "/api/admin/verify", { cookie: customer.cookie });
    expect(byCookie.status).toBe(403);
    expect(byCookie.json.code).toBe("FORBIDDEN");
    const byBearer = await h.request("GET", "/api/admin/verify", {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(byBearer.status).toBe(403);
    const overview = await h.request("GET", "/api/admin/overview", { cookie: customer.cookie });
    expect(overview.status).toBe(403);
  });

  it("throttles repeated failures on one account with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await h.request("POST", "/api/admin/login", { body: { ...good, password: "still-wrong" } })).status,
      );
    }
    expect(statuses).toContain(429);
  });
});

describe("the seeded demo administrator", () => {
  it("gets the published password only with the demo admin code; otherwise a random one, told once", async () => {
    const shared = await createHarness({ ADMIN_CODE: "shared-demo-code" });
    const lines: string[] = [];
    await seedDemoData(shared.sql, {
      scale: 0.01,
      adminCodeIsDemo: shared.env.ADMIN_CODE_IS_DEMO,
      passwordCost: shared.env.ADMIN_PASSWORD_SCRYPT_N,
      log: (l) => lines.push(l),
    });
    const published = {
      email: DEMO_ACCOUNTS.admin,
      password: DEMO_ADMIN_PASSWORD,
      adminCode: "shared-demo-code",
    };
    expect((await shared.request("POST", "/api/admin/login", { body: published })).status).toBe(401);
    const told = lines.filter((l) => l.includes(DEMO_ACCOUNTS.admin) && /password/.test(l));
    expect(told).toHaveLength(1);
    const password = /password (\S+) /.exec(told[0]!)![1]!;
    expect(password).not.toBe(DEMO_ADMIN_PASSWORD);
    expect(
      (await shared.request("POST", "/api/admin/login", { body: { ...published, password } })).status,
    ).toBe(200);

    // The loopback demo (no ADMIN_CODE: the published code) keeps the published password.
    const local = await createHarness({});
    expect(local.env.ADMIN_CODE_IS_DEMO).toBe(true);
    await seedDemoData(local.sql, {
      scale: 0.01,
      adminCodeIsDemo: true,
      passwordCost: local.env.ADMIN_PASSWORD_SCRYPT_N,
      log: () => {},
    });
    const demo = {
      email: DEMO_ACCOUNTS.admin,
      password: DEMO_ADMIN_PASSWORD,
      adminCode: local.env.ADMIN_CODE,
    };
    expect((await local.request("POST", "/api/admin/login", { body: demo })).status).toBe(200);
  });
});
