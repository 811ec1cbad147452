// tests/support/freeVisitStart.ts steps over the seed's booked visits of a salesperson, by whole hours.
import { describe, expect, it } from "vitest";
import { freeVisitStart } from "./support/freeVisitStart";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.02);
const [seeded] = await h.sql<{ salesperson_id: number; starts_at: Date }[]>`
  select salesperson_id, starts_at from appointments
   where demo and status = 'scheduled' and starts_at > now() order by starts_at limit 1`;
if (!seeded) throw new Error("the seed books the demo salesperson's next weekdays");

describe("freeVisitStart", () => {
  it("answers the wanted time when the seed has no visit of the salesperson there", async () => {
    const wanted = new Date(seeded.starts_at.getTime() - 3 * 3_600_000);
    expect(await freeVisitStart(h.sql, seeded.salesperson_id, wanted)).toEqual(wanted);
  });

  it("steps by whole hours past a visit of the seed's that the wanted half hour would overlap", async () => {
    const wanted = new Date(seeded.starts_at.getTime() + 10 * 60_000);
    const at = await freeVisitStart(h.sql, seeded.salesperson_id, wanted);
    expect((at.getTime() - wanted.getTime()) % 3_600_000).toBe(0);
    expect(at.getTime()).toBeGreaterThan(wanted.getTime());
    const [clash] = await h.sql`
      select 1 from appointments
       where salesperson_id = ${seeded.salesperson_id} and demo and status = 'scheduled'
         and appointment_span(starts_at, duration_minutes + buffer_minutes) && appointment_span(${at}, 30)`;
    expect(clash).toBeUndefined();
  });
});
