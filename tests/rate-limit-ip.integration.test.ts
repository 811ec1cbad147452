import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ TRUST_PROXY: "true" });

describe("rate limits per IP", () => {
  it("answers 429 when one address asks for links for many e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await h.request("POST", "/api/auth/request-login", {
        body: { email: `spray${i}@example.org` },
        ip: "203.0.113.9",
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const other = await h.request("POST", "/api/auth/request-login", {
      body: { email: "spray-other@example.org" },
      ip: "203.0.113.10",
    });
    expect(other.status).toBe(200);
  });
});
