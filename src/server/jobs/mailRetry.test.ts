import { describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { mailRetryPolicy, retryWaits } from "./mailRetry";

const production = mailRetryPolicy(loadEnv({ NODE_ENV: "test" }).MAIL_RETRY_DELAY_SECONDS);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("the mail queues' retry schedule in production", () => {
  it("keeps a notice for well over a ten-minute outage of the mail server before giving up", () => {
    const waits = retryWaits(production);
    // Even at the shortest waits pg-boss's jitter can draw, the last attempt comes more than half an hour after
    // the first: a notice due at the start of a ten-minute outage is still being retried when it ends.
    expect(sum(waits.map((w) => w.shortest))).toBeGreaterThan(30 * 60);
    expect(sum(waits.map((w) => w.longest))).toBeLessThan(60 * 60);
  });

  it("sends a waiting notice within five minutes of the mail server's return", () => {
    // The wait between two attempts is how late a notice can be once the server is back.
    expect(Math.max(...retryWaits(production).map((w) => w.longest))).toBe(5 * 60);
    expect(production.retryDelay).toBe(30);
  });
});
