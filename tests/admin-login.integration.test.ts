import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD, seedDatabase } from "../src/server/db/seed";
import { createHarness } from "./support/harness";

const h = await createHarness({ ADMIN_CODE: "test-admin-code" });
await seedDatabase(h.sql, { scale: 0.02 });
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
