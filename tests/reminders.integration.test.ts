import { describe, expect, it } from "vitest";
import { sendReminder } from "../src/server/domains/appointments/notices";
import { type JobQueue, QUEUES, scheduledJobId, startJobQueue } from "../src/server/jobs/queue";
import { startWorkers } from "../src/server/jobs/workers";
import type { Mailer } from "../src/server/mail/mailer";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.02);

// The last seeded salesperson has no upcoming visits (the first has some, at times that could overlap).
// Notices go to the booking account's own address, so each appointment is booked by an account with `email`.
async function appointmentIn(ms: number, email: string) {
  const [row] = await h.sql<{ id: number }[]>`
    with account as (
      insert into users (email) values (${email})
      on conflict (email) do update set email = excluded.email returning id)
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                              customer_phone, customer_email)
    values ((select max(id) from salespeople), (select id from account), 'Test Drive', ${new Date(Date.now() + ms)},
            'Remy Reminder', '5125550100', ${email}) returning id`;
  return row!.id;
}

/** Polls a condition (every 100 ms, at most 15 s) instead of sleeping a fixed time. */
async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const reminders = (email: string) =>
  h.smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"));

describe("24-hour reminders", () => {
  it("fire once even when the server restarts between scheduling and sending", async () => {
    const email = "restart.reminder@example.org";
    const id = await appointmentIn(24 * 3_600_000 + 60_000, email);
    await h.deps.jobs.send(
      QUEUES.appointmentReminder,
      { appointmentId: id },
      { startAfter: new Date(Date.now() + 2000), singletonKey: `reminder-${id}` },
    );
    // The server stops before the reminder is due...
    await h.deps.jobs.stop();
    expect(reminders(email)).toHaveLength(0);
    // ...and a new process starts later: the job is still in PostgreSQL and runs there.
    const restarted = await startJobQueue({
      connectionString: h.dbUrl,
      logger: h.deps.logger,
      pollingIntervalSeconds: 0.5,
    });
    await startWorkers(restarted, h.noticeDeps, h.crmDeps);
    // A second instance running alongside must not send it again.
    const second = await startJobQueue({
      connectionString: h.dbUrl,
      logger: h.deps.logger,
      pollingIntervalSeconds: 0.5,
    });
    await startWorkers(second, h.noticeDeps, h.crmDeps);
    await h.waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"), 15_000);
    // Deliver the same job again, as a retry after a crash would, and wait until a worker has run it.
    const retry = await restarted.send(QUEUES.appointmentReminder, { appointmentId: id });
    await until(async () => {
      const [job] = await h.sql<{ state: string }[]>`select state from pgboss.job where id = ${retry!}`;
      return job?.state === "completed" || job?.state === "failed";
    });
    expect(reminders(email)).toHaveLength(1);
    const [row] = await h.sql<
      { reminder_sent_at: Date | null }[]
    >`select reminder_sent_at from appointments where id = ${id}`;
    expect(row!.reminder_sent_at).toBeInstanceOf(Date);
    await Promise.all([restarted.stop(), second.stop()]);
  });

  it("never sends for a cancelled appointment, and parallel deliveries send once", async () => {
    const cancelledEmail = "cancelled.reminder@example.org";
    const cancelled = await appointmentIn(25 * 3_600_000, cancelledEmail);
    await h.sql`update appointments set status = 'cancelled' where id = ${cancelled}`;
    await sendReminder(h.noticeDeps, { appointmentId: cancelled });
    expect(reminders(cancelledEmail)).toHaveLength(0);

    const email = "parallel.reminder@example.org";
    const id = await appointmentIn(26 * 3_600_000, email);
    await Promise.all(Array.from({ length: 5 }, () => sendReminder(h.noticeDeps, { appointmentId: id })));
    // Every delivery has finished: the one that won has handed its mail to SMTP, the others sent nothing.
    await h.waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"));
    expect(reminders(email)).toHaveLength(1);
  });
});

describe("a reminder while the mail server answers", () => {
  it("holds no transaction, and a refused one is given back for the retry, which sends it once", async () => {
    const email = "slow.reminder@example.org";
    const id = await appointmentIn(27 * 3_600_000, email);
    const taken = async () =>
      (
        await h.sql<{ at: Date | null }[]>`select reminder_sent_at as at from appointments where id = ${id}`
      )[0]!.at !== null;
    const refusing: Mailer = {
      send: async () => {
        throw Object.assign(new Error("SMTP refused"), { responseCode: 451 });
      },
      close: () => {},
    };
    await expect(sendReminder({ ...h.noticeDeps, mailer: refusing }, { appointmentId: id })).rejects.toThrow(
      "SMTP refused",
    );
    expect(await taken()).toBe(false);
    const seen: { openTransactions: number; taken: boolean }[] = [];
    const watching: Mailer = {
      send: async (message) => {
        const [open] = await h.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state like 'idle in transaction%'`;
        seen.push({ openTransactions: open!.n, taken: await taken() });
        // A second delivery meanwhile finds it taken.
        await sendReminder(h.noticeDeps, { appointmentId: id });
        return h.noticeDeps.mailer.send(message);
      },
      close: () => {},
    };
    await sendReminder({ ...h.noticeDeps, mailer: watching }, { appointmentId: id });
    expect(seen).toEqual([{ openTransactions: 0, taken: true }]);
    await h.waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"));
    expect(reminders(email)).toHaveLength(1);
  });
});

describe("the job workers", () => {
  // The first test stopped the harness's queue: these run their own, as a server does.
  const queueEvery = (pollingIntervalSeconds: number) =>
    startJobQueue({ connectionString: h.dbUrl, logger: h.deps.logger, pollingIntervalSeconds });

  /** 60 booking notices waiting on `queue`, to addresses `${prefix}-0@example.org` and on. */
  async function waitingNotices(queue: JobQueue, prefix: string, firstHour: number) {
    const emails = Array.from({ length: 60 }, (_, i) => `${prefix}-${i}@example.org`);
    for (const [i, email] of emails.entries()) {
      const appointmentId = await appointmentIn((firstHour + i) * 3_600_000, email);
      await queue.send(QUEUES.appointmentNotice, { appointmentId, kind: "booked" });
    }
    const sent = () => emails.filter((email) => h.smtp.messages.some((m) => m.to.includes(email)));
    return { emails, sent };
  }

  it("send queued notices as fast as they come, not one per poll", async () => {
    // 60 booking notices wait when the workers start, polling every 5 s. Taking one job per poll, they would
    // need five minutes; taking a batch per poll, 15 s. They go on fetching while they find a full batch.
    const queue = await queueEvery(5);
    const { emails, sent } = await waitingNotices(queue, "burst", 30);
    const started = Date.now();
    await startWorkers(queue, h.noticeDeps, h.crmDeps);
    await until(async () => sent().length === emails.length);
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const email of emails) {
      expect(
        h.smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Confirmed:")),
      ).toHaveLength(1);
    }
    await queue.stop();
  });

  it("yield to a busy server: one batch a poll while it answers requests, the rest as soon as it rests", async () => {
    // The next poll is far off, so what goes out before it is what the worker chose to fetch at once.
    const queue = await queueEvery(10);
    const { emails, sent } = await waitingNotices(queue, "busy", 100);
    // Something else holds the event loop 40 ms of every 50, as a server answering many requests would.
    const busy = setInterval(() => {
      const end = performance.now() + 40;
      while (performance.now() < end);
    }, 50);
    await startWorkers(queue, h.noticeDeps, h.crmDeps);
    await until(async () => sent().length >= 20, 8_000);
    // The first batch went out; the next waits for the poll instead of taking the CPU from the requests:
    // nothing more goes out while the server stays busy (watched for a second and a half, well before the poll).
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sent()).toHaveLength(20);
    clearInterval(busy);
    await until(async () => sent().length === emails.length, 20_000);
    await queue.stop();
  });

  it("run the jobs of a batch one at a time, not the whole batch at once", async () => {
    const queue = await queueEvery(0.5);
    for (let i = 0; i < 20; i++) {
      await queue.send(QUEUES.transferNotice, { transferId: 5000 + i, event: "requested" });
    }
    let running = 0;
    let most = 0;
    let done = 0;
    await queue.work(QUEUES.transferNotice, async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      done++;
    });
    await until(async () => done === 20);
    expect(most).toBe(1);
    await queue.stop();
  });

  it("retry only the job that failed, not the others taken with it", async () => {
    // No other worker takes this queue's jobs here; this one fails one job of its batch.
    const queue = await queueEvery(0.5);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await queue.send(QUEUES.waitlistNotice, { salespersonId: 1000 + i, date: "2030-01-01" }))!);
    }
    await queue.work(QUEUES.waitlistNotice, async (data) => {
      if (data.salespersonId === 1002) throw new Error("SMTP refused");
    });
    const states = async () =>
      new Map(
        (
          await h.sql<{ id: string; state: string; output: { message?: string } | null }[]>`
            select id, state, output from pgboss.job where id = any(${ids}::uuid[])`
        ).map((job) => [job.id, job]),
      );
    await until(async () =>
      [...(await states()).values()].every((job) => job.state !== "created" && job.state !== "active"),
    );
    const jobs = await states();
    expect(jobs.get(ids[2]!)!.state).toBe("retry");
    expect(jobs.get(ids[2]!)!.output?.message).toBe("SMTP refused");
    for (const i of [0, 1, 3, 4]) expect(jobs.get(ids[i]!)!.state).toBe("completed");
    await queue.stop();
  });
});

describe("scheduled jobs", () => {
  it("are sent once a minute they are due, by one of any number of instances, and run", async () => {
    // Two instances with the app's schedules; both reach 10:25 UTC, when visit closing and the text reminders
    // (every five minutes) and the open times' refresh (every minute) are due. A real minute's timer may fire meanwhile: it sends for its
    // own minute, a job of another id.
    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        startJobQueue({ connectionString: h.dbUrl, logger: h.deps.logger, pollingIntervalSeconds: 0.5 }),
      ),
    );
    for (const queue of [one!, two!]) await startWorkers(queue, h.noticeDeps, h.crmDeps);
    const at = new Date("2031-03-04T10:25:30Z");
    const sent = await Promise.all([one!.runSchedules(at), two!.runSchedules(at)]);
    expect(sent.flat().sort()).toEqual([QUEUES.openingsRefresh, QUEUES.textReminders, QUEUES.visitClosing]);
    // Again in the same minute (an instance whose timer ran late): nothing more.
    expect(await one!.runSchedules(new Date("2031-03-04T10:25:59Z"))).toEqual([]);
    // The next due minutes: the hourly one beside the minute's, then the minute's alone.
    expect((await two!.runSchedules(new Date("2031-03-04T10:23:00Z"))).sort()).toEqual([
      QUEUES.livePrune,
      QUEUES.openingsRefresh,
    ]);
    expect(await two!.runSchedules(new Date("2031-03-04T10:24:00Z"))).toEqual([QUEUES.openingsRefresh]);
    // Two past each hour: the weekly reports due (those of the dealerships where it is Monday from 07:00).
    expect((await one!.runSchedules(new Date("2031-03-04T10:02:00Z"))).sort()).toEqual([
      QUEUES.openingsRefresh,
      QUEUES.weeklyReports,
    ]);
    const id = scheduledJobId(QUEUES.visitClosing, at);
    await until(async () => {
      const [job] = await h.sql<{ state: string }[]>`select state from pgboss.job where id = ${id}`;
      return job?.state === "completed";
    });
    const [count] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = ${QUEUES.visitClosing} and id = ${id}`;
    expect(count!.n).toBe(1);
    await Promise.all([one!.stop(), two!.stop()]);
  });
});
