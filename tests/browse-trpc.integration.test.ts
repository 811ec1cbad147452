// The tRPC browse answer written around the cards' JSON text (src/server/http/browseTrpc.ts) is what tRPC's own
// handler answers for the same call, byte for byte: a page, alone or as a batch of one, with and without instants
// and cursors, near a place, and a refusal. tRPC's own handler is reached with a batch of two calls, which the
// browse answer leaves to it.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BROWSE_TRPC_PATH, browseTrpc } from "../src/server/http/browseTrpc";
import type { AppEnv } from "../src/server/http/honoRequest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

// A card whose bio spells out the instant's key, to be read past; one verified, one not.
const [verified, unverified] = await h.sql<{ id: number }[]>`
  select id from salespeople where dealership_id is not null order by id limit 2`;
await h.sql`update salespeople set name = 'Quincy Zephyrine',
                                   bio = ${'Ask me about "verifiedAt":"2020" and \\"verifiedAt\\":null'},
                                   verified_at = '2025-03-04 05:06:07.891734+00'
             where id = ${verified!.id}`;
await h.sql`update salespeople set name = 'Quella Zephyrine', bio = ${'"verifiedAt":"soon"'}, verified_at = null,
                                   dealership_id = null
             where id = ${unverified!.id}`;

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The call through the browse answer, alone and as a batch of one, and through tRPC's own handler. */
async function answers(input: Record<string, unknown>) {
  const single = await h.request("GET", `/trpc/salespeople.list?input=${encode({ json: input })}`);
  const batch = await h.request(
    "GET",
    `/trpc/salespeople.list?batch=1&input=${encode({ 0: { json: input } })}`,
  );
  const theirs = await h.request(
    "GET",
    `/trpc/salespeople.list,salespeople.filterOptions?batch=1&input=${encode({ 0: { json: input } })}`,
  );
  return { single, batch, theirs, theirFirst: JSON.stringify((theirs.json as unknown[])[0]) };
}

describe("the tRPC browse answer", () => {
  it("writes a page as tRPC does, alone and in a batch of one, for every kind of page", async () => {
    const inputs: Record<string, unknown>[] = [
      {},
      { search: "ask me" },
      { limit: 100 },
      { rating: "4", limit: 50, offset: 12 },
      { sort: "pressure" },
      { sort: "soonest" },
      { search: "zzzqqq" },
      { zip: "78701", radius: 100, sort: "distance" },
    ];
    const first = await answers({});
    const cursor = (first.single.json as { result: { data: { json: { nextCursor: string } } } }).result.data
      .json.nextCursor;
    expect(cursor).toMatch(/./);
    inputs.push({ after: cursor });
    for (const input of inputs) {
      const { single, batch, theirs, theirFirst } = await answers(input);
      expect(theirs.status, JSON.stringify(input)).toBe(200);
      expect(single.status).toBe(200);
      expect(single.text, JSON.stringify(input)).toBe(theirFirst);
      expect(batch.text).toBe(`[${theirFirst}]`);
      for (const res of [single, batch]) {
        expect(res.headers.get("content-type")).toBe("application/json");
        expect(res.headers.get("vary")).toBe(theirs.headers.get("vary"));
      }
    }
    // The page with both cards carries the verified one's instant, and not the other's.
    const { single } = await answers({ search: "zephyrine", limit: 100 });
    const data = (single.json as { result: { data: { json: { items: { id: number }[] }; meta?: unknown } } })
      .result.data;
    const ids = data.json.items.map((card) => card.id);
    expect(ids).toEqual(expect.arrayContaining([verified!.id, unverified!.id]));
    const at = (id: number) => ids.indexOf(id);
    expect(data.meta).toEqual({ values: { [`items.${at(verified!.id)}.verifiedAt`]: ["Date"] }, v: 1 });
  });

  it("answers a refusal as tRPC does, and leaves what it does not read to tRPC", async () => {
    const { single, batch, theirFirst } = await answers({ minRating: "abc" });
    expect(single.status).toBe(400);
    expect(batch.status).toBe(400);
    expect(single.text).toBe(theirFirst);
    expect(batch.text).toBe(`[${theirFirst}]`);
    // No input at all: the schema's refusal, as tRPC words it.
    const none = await h.request("GET", "/trpc/salespeople.list");
    const theirNone = await h.request(
      "GET",
      `/trpc/salespeople.list,salespeople.filterOptions?batch=1&input=${encode({})}`,
    );
    expect(none.status).toBe(400);
    expect(none.text).toBe(JSON.stringify((theirNone.json as unknown[])[0]));
    // An input that is not JSON: tRPC's own words, from tRPC's own handler.
    const unreadable = await h.request("GET", "/trpc/salespeople.list?input=%7Bnot-json");
    expect(unreadable.status).toBe(400);
    expect((unreadable.json as { error: { json: { message: string } } }).error.json.message).toMatch(/./);
  });
});

describe("what the tRPC browse answer takes on", () => {
  // The answer on its own, in front of a stand-in for tRPC's handler that answers 599.
  const bare = new Hono<AppEnv>();
  bare.use("*", async (c, next) => {
    c.set("ip", "127.0.0.1");
    c.set("requestId", "bare-request");
    c.set("auth", null);
    await next();
  });
  bare.get(BROWSE_TRPC_PATH, browseTrpc(h.deps));
  bare.get("*", (c) => c.text("left to tRPC", 599 as never));
  const get = (query: string, headers: Record<string, string> = {}) =>
    bare.request(`${BROWSE_TRPC_PATH}${query}`, { headers });

  it("is where the app answers GET /trpc/salespeople.list, ahead of tRPC's handler", () => {
    const routes = h.app.routes.filter((route) => route.method === "GET" || route.method === "ALL");
    const mine = routes.findIndex((route) => route.path === BROWSE_TRPC_PATH && route.method === "GET");
    // The last of the app.use("/trpc/*") entries is tRPC's handler; the others are middleware ahead of both.
    const theirs = routes.findLastIndex((route) => route.path === "/trpc/*" && route.method === "ALL");
    expect(mine).not.toBe(-1);
    expect(mine).toBeLessThan(theirs);
  });

  it("answers one call, alone or as a batch of one, itself", async () => {
    const alone = await get(`?input=${encode({ json: { search: "zephyrine" } })}`);
    expect(alone.status).toBe(200);
    expect(await alone.text()).toBe(
      (await h.request("GET", `/trpc/salespeople.list?input=${encode({ json: { search: "zephyrine" } })}`))
        .text,
    );
    expect((await get(`?batch=1&input=${encode({ 0: { json: {} } })}`)).status).toBe(200);
    expect((await get("")).status).toBe(400);
    expect((await get(`?input=${encode({ json: { minRating: "abc" } })}`)).status).toBe(400);
  });

  it("leaves to tRPC what it does not read as one such call", async () => {
    for (const query of [
      "?input=%7Bnot-json",
      `?batch=1&input=${encode({ 0: { json: {} }, 1: { json: {} } })}`,
      `?batch=2&input=${encode({ json: {} })}`,
      `?input=${encode({ json: {} })}&other=1`,
    ])
      expect((await get(query)).status, query).toBe(599);
    const streamed = await get(`?batch=1&input=${encode({ 0: { json: {} } })}`, {
      "trpc-accept": "application/jsonl",
    });
    expect(streamed.status).toBe(599);
  });
});
