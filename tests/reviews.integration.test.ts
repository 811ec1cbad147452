import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

const [sp] = await h.sql<{ id: number; email: string; dealership_id: number }[]>`
  select id, email, dealership_id from salespeople where dealership_id is not null order by id desc limit 1`;
const [otherSp] = await h.sql<
  { id: number }[]
>`select id from salespeople where id <> ${sp!.id} order by id limit 1`;
const customer = await h.signIn("rater@example.org");
const stranger = await h.signIn("stranger@example.org");
const salesperson = await h.signIn(sp!.email, "salesperson");
const [managerRow] = await h.sql<{ email: string }[]>`
  select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id where d.id = ${sp!.dealership_id}`;
const manager = await h.signIn(managerRow!.email, "manager");
const admin = await h.signIn("moderator@example.org", "admin");

async function visit(
  options: { customerId?: string; salespersonId?: number; status?: string; completedDaysAgo?: number } = {},
) {
  const days = options.completedDaysAgo ?? 1;
  const startsAt = new Date(
    Date.now() - days * 86_400_000 - Math.floor(Math.random() * 3_600_000) - 7 * 86_400_000 * Math.random(),
  );
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name, customer_phone,
                              completed_at, visit_evidence)
    values (${options.salespersonId ?? sp!.id}, ${options.customerId ?? customer.userId}, 'Test Drive', ${startsAt},
            ${options.status ?? "completed"}, 'Rae Ter', '5125550100',
            ${options.status === "scheduled" ? null : new Date(Date.now() - days * 86_400_000)},
            ${(options.status ?? "completed") === "completed" ? "salesperson" : null}) returning id`;
  return row!.id;
}

const scores = {
  overallRating: 4,
  helpfulnessRating: 5,
  pressureLevelRating: 3,
  communicationRating: 4,
  knowledgeRating: 4,
};

async function aggregateMatches(salespersonId: number) {
  const [row] = await h.sql<
    {
      average_rating: string;
      total_reviews: number;
      pressure_average: string | null;
      agg_avg: string | null;
      agg_n: number;
      agg_pressure: string | null;
    }[]
  >`
    select s.average_rating::text, s.total_reviews, s.pressure_average::text,
           (select round(avg(overall_rating), 2)::text from ratings where salesperson_id = s.id and removed_at is null and moderation_status = 'published') as agg_avg,
           (select count(*)::int from ratings where salesperson_id = s.id and removed_at is null and moderation_status = 'published') as agg_n,
           (select round(avg(pressure_level_rating), 2)::text from ratings where salesperson_id = s.id and removed_at is null and moderation_status = 'published') as agg_pressure
      from salespeople s where s.id = ${salespersonId}`;
  expect(row!.total_reviews).toBe(row!.agg_n);
  expect(Number(row!.average_rating)).toBe(row!.agg_avg === null ? 0 : Number(row!.agg_avg));
  expect(row!.pressure_average === null ? null : Number(row!.pressure_average)).toBe(
    row!.agg_pressure === null ? null : Number(row!.agg_pressure),
  );
}

describe("visit-verified ratings", () => {
  it("accepts the customer's own completed visit once and updates the averages in the same transaction", async () => {
    const appointmentId = await visit();
    const eligible = await h
      .caller({
        user: customer.user,
        session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
      })
      .reviews.eligibleAppointments({ salespersonId: sp!.id });
    expect(eligible.map((a) => a.id)).toContain(appointmentId);
    const res = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: {
        userId: customer.userId,
        salespersonId: sp!.id,
        appointmentId,
        ...scores,
        comment: "Clear and calm",
        helpfulnessComment: "",
        pressureComment: null,
        communicationComment: "Quick replies",
        visitDate: "",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.totalReviews).toBeGreaterThan(0);
    await aggregateMatches(sp!.id);
    const twice = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId, ...scores },
    });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("ALREADY_RATED");
    const note =
      await h.sql`select 1 from notifications where salesperson_id = ${sp!.id} and type = 'new_review'`;
    expect(note.length).toBeGreaterThan(0);
  });

  it("refuses without a completed visit, for someone else's visit, after 30 days, with a zero score, or a future visit date", async () => {
    const scheduled = await visit({ status: "scheduled" });
    const notCompleted = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: scheduled, ...scores },
    });
    expect(notCompleted.status).toBe(400);
    expect(notCompleted.json.message).toBe("You must select a completed appointment to leave a review.");

    // Someone else's visit answers exactly as a visit that does not exist.
    const theirs = await visit({ customerId: stranger.userId });
    const forTheirs = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: theirs, ...scores },
    });
    const forNone = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: 99_999_999, ...scores },
    });
    expect(forTheirs.status).toBe(404);
    expect(forNone.status).toBe(404);
    expect(forTheirs.json).toEqual(forNone.json);

    const old = await visit({ completedDaysAgo: 31 });
    const late = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: old, ...scores },
    });
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("RATING_WINDOW_CLOSED");

    const fresh = await visit();
    const zero = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: fresh, ...scores, pressureLevelRating: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.json.message).toBe("All rating categories are required to submit your review.");
    const six = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: fresh, ...scores, overallRating: 6 },
    });
    expect(six.status).toBe(400);
    const future = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, appointmentId: fresh, ...scores, visitDate: "2099-01-01" },
    });
    expect(future.status).toBe(400);
    const wrongSalesperson = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { salespersonId: otherSp!.id, appointmentId: fresh, ...scores },
    });
    expect(wrongSalesperson.status).toBe(400);
    const impersonating = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: { userId: stranger.userId, salespersonId: sp!.id, appointmentId: fresh, ...scores },
    });
    expect(impersonating.status).toBe(403);
    expect(
      (
        await h.request("POST", "/api/ratings-submit", {
          body: { salespersonId: sp!.id, appointmentId: fresh, ...scores },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await h.request("POST", "/api/ratings-submit", {
          cookie: salesperson.cookie,
          body: { salespersonId: sp!.id, appointmentId: fresh, ...scores },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request("POST", "/api/ratings-submit", {
          cookie: customer.cookie,
          body: { salespersonId: sp!.id, appointmentId: fresh, ...scores, averageRating: 5 },
        })
      ).status,
    ).toBe(400);
  });

  it("keeps averages equal to the SQL aggregate after 200 random submissions and removals", async () => {
    // One rater per review (a buyer reviews a salesperson once per cooldown), with accounts old enough that
    // the burst rule leaves their reviews published.
    const raters = await Promise.all(Array.from({ length: 200 }, (_, i) => h.signIn(`bulk${i}@example.org`)));
    await h.sql`update users set created_at = now() - interval '1 year' where email like 'bulk%@example.org'`;
    const submitted: number[] = [];
    const submit = async (i: number) => {
      const rater = raters[i % raters.length]!;
      const appointmentId = await visit({ customerId: rater.userId });
      const s = () => 1 + Math.floor(Math.random() * 5);
      const res = await h.request("POST", "/api/ratings-submit", {
        cookie: rater.cookie,
        body: {
          salespersonId: sp!.id,
          appointmentId,
          overallRating: s(),
          helpfulnessRating: s(),
          pressureLevelRating: s(),
          communicationRating: s(),
          knowledgeRating: s(),
        },
      });
      expect(res.status).toBe(201);
      submitted.push(res.json.id);
      if (i % 5 === 0) {
        const flag = await h.request("POST", "/api/ratings-submit", { cookie: rater.cookie, body: {} }); // noise: bad input
        expect(flag.status).toBe(400);
      }
    };
    // Twenty at a time: every submission locks the salesperson's row, so two hundred at once queue behind one
    // another for longer than the statement timeout on a loaded machine, and the race is just as real with twenty.
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 200) await submit(next++);
      }),
    );
    const adminApi = h.caller({
      user: admin.user,
      session: { id: "s", userId: admin.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const salespersonApi = h.caller({
      user: salesperson.user,
      session: { id: "s", userId: salesperson.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    for (const id of submitted.slice(0, 40)) {
      const flag = await salespersonApi.reviews.flag({ ratingId: id, reason: "Not a real visit" });
      await adminApi.reviews.resolveFlag({ flagId: flag.id, decision: id % 2 ? "remove" : "uphold" });
    }
    await aggregateMatches(sp!.id);
    const removed =
      await h.sql`select 1 from ratings where salesperson_id = ${sp!.id} and removed_at is not null`;
    expect(removed.length).toBeGreaterThan(0);
  });

  it("lets the customer edit their review within 7 days only", async () => {
    // A buyer who has not reviewed this salesperson yet (one review per salesperson per cooldown).
    const editor = await h.signIn("editor@example.org");
    const api = h.caller({
      user: editor.user,
      session: { id: "s", userId: editor.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const appointmentId = await visit({ customerId: editor.userId });
    const { id } = await api.reviews.submit({ salespersonId: sp!.id, appointmentId, ...scores });
    await api.reviews.edit({ id, overallRating: 2, comment: "Changed my mind" });
    await aggregateMatches(sp!.id);
    const mine = await api.reviews.mine();
    expect(mine.find((r) => r.id === id)).toMatchObject({
      overallRating: 2,
      editable: true,
      comment: "Changed my mind",
    });
    await h.sql`update ratings set created_at = now() - interval '8 days' where id = ${id}`;
    await expect(api.reviews.edit({ id, overallRating: 5 })).rejects.toMatchObject({ code: "CONFLICT" });
    const strangerApi = h.caller({
      user: stranger.user,
      session: { id: "s", userId: stranger.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    // Someone else's review answers as a missing one does.
    const refusal = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    const theirs = await strangerApi.reviews.edit({ id, overallRating: 5 }).catch(refusal);
    expect(theirs).toEqual({ code: "NOT_FOUND", message: "Review not found" });
    expect(await strangerApi.reviews.edit({ id: 99_999_999, overallRating: 5 }).catch(refusal)).toEqual(
      theirs,
    );
  });
});

describe("reviews on the profile", () => {
  it("pages and sorts reviews, with category averages and verified-visit badges; one reply per review", async () => {
    const page = await h.request("GET", `/api/salespeople/${sp!.id}/reviews?sort=highest&limit=5`);
    expect(page.status).toBe(200);
    expect(page.json.items).toHaveLength(5);
    for (let i = 1; i < 5; i++)
      expect(page.json.items[i - 1].overallRating).toBeGreaterThanOrEqual(page.json.items[i].overallRating);
    expect(page.json.items[0].verifiedVisit).toBe(true);
    expect(page.json.averages.pressureLevel).toBeGreaterThan(0);
    const lowest = await h.request("GET", `/api/salespeople/${sp!.id}/reviews?sort=lowest&limit=1`);
    expect(lowest.json.items[0].overallRating).toBe(1);
    expect((await h.request("GET", `/api/salespeople/${sp!.id}/reviews?sort=best`)).status).toBe(400);

    const ratingId = page.json.items[0].id;
    const api = h.caller({
      user: salesperson.user,
      session: { id: "s", userId: salesperson.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await api.reviews.reply({ ratingId, body: "Thank you for visiting!" });
    await expect(api.reviews.reply({ ratingId, body: "Again" })).rejects.toMatchObject({ code: "CONFLICT" });
    const strangerSp = h.caller({
      user: customer.user,
      session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(strangerSp.reviews.reply({ ratingId, body: "Not mine" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const again = await h.request("GET", `/api/salespeople/${sp!.id}/reviews?sort=highest&limit=5`);
    expect(again.json.items[0].reply.body).toBe("Thank you for visiting!");
  });

  it("lets the manager flag, refuses customers, and only admins resolve", async () => {
    const [r] = await h.sql<
      { id: number }[]
    >`select id from ratings where salesperson_id = ${sp!.id} and removed_at is null order by id limit 1`;
    const managerApi = h.caller({
      user: manager.user,
      session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const flag = await managerApi.reviews.flag({ ratingId: r!.id, reason: "Reviewer never visited" });
    const customerApi = h.caller({
      user: customer.user,
      session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(
      customerApi.reviews.flag({ ratingId: r!.id, reason: "I do not like it" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      managerApi.reviews.resolveFlag({ flagId: flag.id, decision: "remove" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("filters and sorts browse by the pressure-level average", async () => {
    const res = await h.request("GET", "/api/salespeople?minPressure=4&sort=pressure&limit=20");
    expect(res.status).toBe(200);
    for (let i = 0; i < res.json.length; i++) {
      expect(res.json[i].pressureAverage).toBeGreaterThanOrEqual(4);
      if (i > 0) expect(res.json[i - 1].pressureAverage).toBeGreaterThanOrEqual(res.json[i].pressureAverage);
    }
    expect((await h.request("GET", "/api/salespeople?minPressure=9")).status).toBe(400);
  });
});

describe("messaging", () => {
  it("opens a thread from the contact call, lets both sides reply, counts unread, e-mails the salesperson", async () => {
    const sent = await h.request("POST", "/api/contact-salesperson", {
      cookie: customer.cookie,
      body: { salespersonId: sp!.id, message: "Is the blue one still there?", contactMethod: "email" },
    });
    expect(sent.status).toBe(201);
    const conversationId = sent.json.conversationId;
    await h.waitForMail((m) => m.to.includes(sp!.email) && m.text.includes("Is the blue one still there?"));
    const spApi = h.caller({
      user: salesperson.user,
      session: { id: "s", userId: salesperson.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const inbox = await spApi.messages.conversations();
    expect(inbox.find((c) => c.id === conversationId)).toMatchObject({ unread: 1, side: "salesperson" });
    const thread = await spApi.messages.conversation({ conversationId });
    expect(thread.messages.map((m) => m.body)).toEqual(["Is the blue one still there?"]);
    expect((await spApi.messages.conversations()).find((c) => c.id === conversationId)!.unread).toBe(0);
    await spApi.messages.reply({ conversationId, body: "Yes, come by Saturday." });
    const customerApi = h.caller({
      user: customer.user,
      session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    expect((await customerApi.messages.conversations()).find((c) => c.id === conversationId)!.unread).toBe(1);
    const strangerApi = h.caller({
      user: stranger.user,
      session: { id: "s", userId: stranger.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    // Someone else's conversation answers exactly as a missing one does; the attempt is recorded.
    const refusal = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    const missing = 99_999_999;
    const theirs = await strangerApi.messages.conversation({ conversationId }).catch(refusal);
    expect(theirs).toEqual({ code: "NOT_FOUND", message: "Conversation not found" });
    expect(await strangerApi.messages.conversation({ conversationId: missing }).catch(refusal)).toEqual(
      theirs,
    );
    expect(await strangerApi.messages.reply({ conversationId, body: "Hi" }).catch(refusal)).toEqual(theirs);
    expect(await strangerApi.messages.reply({ conversationId: missing, body: "Hi" }).catch(refusal)).toEqual(
      theirs,
    );
    const [denied] = await h.sql`
      select count(*)::int as n from security_events
       where event_type = 'authorization_denied' and details = ${`conversation ${conversationId}`}`;
    expect(denied).toEqual({ n: 2 });
  });

  it("requires login and valid input", async () => {
    expect(
      (
        await h.request("POST", "/api/contact-salesperson", {
          body: { salespersonId: sp!.id, message: "Hi", contactMethod: "email" },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await h.request("POST", "/api/contact-salesperson", {
          cookie: customer.cookie,
          body: { salespersonId: sp!.id, message: "", contactMethod: "email" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.request("POST", "/api/contact-salesperson", {
          cookie: customer.cookie,
          body: { salespersonId: sp!.id, message: "Hi", contactMethod: "pigeon" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.request("POST", "/api/contact-salesperson", {
          cookie: customer.cookie,
          body: { salespersonId: 99999999, message: "Hi", contactMethod: "text" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("favorites", () => {
  it("saves and removes salespeople per customer", async () => {
    const api = h.caller({
      user: customer.user,
      session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await api.favorites.set({ salespersonId: sp!.id, saved: true });
    await api.favorites.set({ salespersonId: sp!.id, saved: true });
    expect(await api.favorites.ids()).toEqual([sp!.id]);
    await api.favorites.set({ salespersonId: sp!.id, saved: false });
    expect(await api.favorites.ids()).toEqual([]);
    await expect(api.favorites.set({ salespersonId: 99999999, saved: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("misconduct reports", () => {
  it("stores no user id or address for an anonymous report; the tracking code follows the case", async () => {
    const anonymous = await h.request("POST", "/api/misconduct-reports", {
      cookie: customer.cookie,
      headers: { "x-forwarded-for": "198.51.100.77" },
      body: {
        salespersonId: sp!.id,
        category: "high-pressure",
        description: "Refused to let us leave until we signed.",
        anonymous: true,
      },
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.json.trackingCode).toMatch(/^KB-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const rows = await h.sql`select * from misconduct_reports`;
    const row = rows.at(-1)!;
    expect(row.reporter_user_id).toBeNull();
    expect(JSON.stringify(row)).not.toContain("198.51.100.77");
    expect(JSON.stringify(row)).not.toContain(customer.userId);
    expect(JSON.stringify(row)).not.toContain(anonymous.json.trackingCode);
    const events = await h.sql`select * from misconduct_report_events where report_id = ${row.id}`;
    expect(JSON.stringify(events)).not.toContain(customer.userId);

    const signedOut = await h.request("POST", "/api/misconduct-reports", {
      body: {
        salespersonId: sp!.id,
        category: "misleading",
        description: "The advertised price was not honoured at all.",
      },
    });
    expect(signedOut.status).toBe(201);
    const named = await h.request("POST", "/api/misconduct-reports", {
      cookie: customer.cookie,
      body: {
        salespersonId: sp!.id,
        category: "other",
        description: "Happy to be contacted about this case.",
        anonymous: false,
      },
    });
    const [namedRow] = await h.sql`select reporter_user_id from misconduct_reports order by id desc limit 1`;
    expect(namedRow!.reporter_user_id).toBe(customer.userId);
    expect(named.json.anonymous).toBe(false);

    const api = h.caller();
    expect((await api.misconduct.status({ trackingCode: anonymous.json.trackingCode })).status).toBe("open");
    const managerApi = h.caller({
      user: manager.user,
      session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const cases = await managerApi.misconduct.cases();
    expect(cases.length).toBe(3);
    const updated = await managerApi.misconduct.updateCase({
      reportId: row.id,
      status: "resolved",
      resolution: "Coached the salesperson; apology sent.",
    });
    expect(updated.events.map((e) => e.toStatus)).toEqual(["open", "resolved"]);
    expect(await api.misconduct.status({ trackingCode: anonymous.json.trackingCode })).toMatchObject({
      status: "resolved",
      resolution: "Coached the salesperson; apology sent.",
    });
    const salespersonApi = h.caller({
      user: salesperson.user,
      session: { id: "s", userId: salesperson.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(salespersonApi.misconduct.cases()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      salespersonApi.misconduct.updateCase({ reportId: row.id, status: "dismissed" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api.misconduct.status({ trackingCode: "KB-AAAA-AAAA-AAAA" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      (
        await h.request("POST", "/api/misconduct-reports", {
          body: { salespersonId: sp!.id, category: "other", description: "short" },
        })
      ).status,
    ).toBe(400);
  });
});
