// Retention policies: the evidence kept for security (audit trail, security events) has a floor no
// administrator can go below, every policy change is audited with before and after, and a period stored
// below its floor never deletes evidence younger than the floor.
import { describe, expect, it } from "vitest";
import { runCleanup } from "../src/server/domains/compliance/retention";
import { RETENTION_DEFAULTS, RETENTION_FLOORS } from "../src/shared/compliance";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
const admin = await h.signIn("retention.admin@example.org", "admin");

const patch = (dataType: string, body: Record<string, unknown>) =>
  h.request("PATCH", `/api/compliance/retention-policies/${dataType}`, { cookie: admin.cookie, body });

async function periodOf(dataType: string) {
  const [row] = await h.sql<{ days: number }[]>`
    select retention_period_days as days from retention_policies where data_type = ${dataType}`;
  return row?.days;
}

async function auditsOf(dataType: string) {
  return h.sql<{ action: string; actor_user_id: string; before: unknown; after: unknown }[]>`
    select action, actor_user_id, before, after from audit_log
     where entity_type = 'retention_policy' and entity_id = ${dataType} order by id`;
}

describe("retention floors", () => {
  it("refuses to keep security events or the audit trail less than a year, and changes nothing", async () => {
    expect(RETENTION_FLOORS.security_events).toBeGreaterThanOrEqual(365);
    expect(RETENTION_FLOORS.audit_entries).toBeGreaterThanOrEqual(365);
    // Reading the policies makes them.
    expect(
      (await h.request("GET", "/api/compliance/retention-policies", { cookie: admin.cookie })).status,
    ).toBe(200);
    const securityBefore = await periodOf("security_events");
    const auditBefore = await periodOf("audit_entries");

    const oneDay = await patch("security_events", { retentionPeriodDays: 1 });
    expect(oneDay.status).toBe(400);
    expect(oneDay.json).toEqual({
      message: "Security events must be kept at least 365 days (at most 3650)",
      code: "RETENTION_BELOW_FLOOR",
    });
    const justBelow = await patch("audit_entries", { retentionPeriodDays: 364 });
    expect(justBelow.status).toBe(400);
    expect(justBelow.json.code).toBe("RETENTION_BELOW_FLOOR");
    expect(justBelow.json.message).toContain("at least 365 days");
    expect(await periodOf("security_events")).toBe(securityBefore);
    expect(await periodOf("audit_entries")).toBe(auditBefore);
    expect(await auditsOf("security_events")).toEqual([]);
    expect(await auditsOf("audit_entries")).toEqual([]);

    const atFloor = await patch("audit_entries", { retentionPeriodDays: 365 });
    expect(atFloor.status, atFloor.text).toBe(200);
    expect(atFloor.json.retentionPeriodDays).toBe(365);
    // Types without a floor still take a single day.
    expect((await patch("login_tokens", { retentionPeriodDays: 1 })).status).toBe(200);
  });

  it("audits every policy change with the policy before and after, by its administrator", async () => {
    const before = await periodOf("sessions");
    const changed = await patch("sessions", { retentionPeriodDays: 14 });
    expect(changed.status, changed.text).toBe(200);
    const switchedOff = await patch("sessions", { autoDelete: false });
    expect(switchedOff.status).toBe(200);
    const audits = await auditsOf("sessions");
    expect(audits).toEqual([
      {
        action: "retention_policy.update",
        actor_user_id: admin.userId,
        before: { retentionPeriodDays: before, autoDelete: true },
        after: { retentionPeriodDays: 14, autoDelete: true },
      },
      {
        action: "retention_policy.update",
        actor_user_id: admin.userId,
        before: { retentionPeriodDays: 14, autoDelete: true },
        after: { retentionPeriodDays: 14, autoDelete: false },
      },
    ]);
    // A refused change leaves no audit row.
    expect((await patch("sessions", {})).status).toBe(400);
    expect(await auditsOf("sessions")).toHaveLength(2);
  });

  it("keeps evidence younger than the floor even when a shorter period is already stored", async () => {
    await h.sql`update retention_policies set retention_period_days = 1 where data_type = 'security_events'`;
    await h.sql`insert into security_events (event_type, created_at)
                values ('floor.marker', now() - interval '10 days'), ('floor.old', now() - interval '400 days')`;
    const run = await h.request("POST", "/api/compliance/cleanup-data", { cookie: admin.cookie });
    expect(run.status, run.text).toBe(200);
    const left = await h.sql<{ event_type: string }[]>`
      select event_type from security_events where event_type like 'floor.%' order by event_type`;
    expect(left.map((e) => e.event_type)).toEqual(["floor.marker"]);
  });
});

describe("server faults", () => {
  it("are deleted by the daily clean-up once older than their period", async () => {
    const days = RETENTION_DEFAULTS.error_events.days;
    await h.sql`
      insert into error_events (source, what, status, created_at)
      values ('request', 'GET /fault.old', 500, now() - make_interval(days => ${days + 1})),
             ('request', 'GET /fault.recent', 500, now() - make_interval(days => ${days - 1}))`;
    const run = await runCleanup(h.sql, "scheduled", null);
    expect(run.cleanedRecords.error_events).toBe(1);
    const left = await h.sql<
      { what: string }[]
    >`select what from error_events where what like 'GET /fault.%'`;
    expect(left.map((e) => e.what)).toEqual(["GET /fault.recent"]);
  });
});
