// Every list speaks one paging vocabulary (docs/api-paging.md): page and pageSize, with limit and offset
// accepted beside them, and the rows of the page plus X-Total-Count.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.5);

async function ids(path: string) {
  const res = await h.request("GET", path);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ids: (res.json as { id: number }[]).map((r) => r.id), total: res.headers.get("x-total-count") };
}

describe("list paging", () => {
  it("a console list takes limit and offset as well as page and pageSize", async () => {
    const [count] = await h.sql<{ n: number }[]>`select count(*)::int as n from dealerships`;
    const byPage = await ids("/api/dealerships?page=3&pageSize=2");
    expect(byPage.ids).toHaveLength(2);
    expect(byPage.total).toBe(String(count!.n));
    expect(await ids("/api/dealerships?limit=2&offset=4")).toEqual(byPage);
    const first = await ids("/api/dealerships?limit=1");
    expect(first.ids).toHaveLength(1);
    // An offset that is not a whole number of pages is honoured row for row.
    const all = await ids("/api/dealerships?pageSize=6");
    expect((await ids("/api/dealerships?limit=3&offset=1")).ids).toEqual(all.ids.slice(1, 4));
  });

  it("browse takes page and pageSize as well as its limit and offset", async () => {
    const byOffset = await ids("/api/salespeople?limit=12&offset=24");
    expect(byOffset.ids).toHaveLength(12);
    expect(await ids("/api/salespeople?page=3&pageSize=12")).toEqual(byOffset);
  });

  it("the tRPC answer says which page it is", async () => {
    const page = await h.caller().admin.dealerships({ limit: 2, offset: 4 });
    expect({ page: page.page, pageSize: page.pageSize }).toEqual({ page: 3, pageSize: 2 });
  });

  it("refuses a page size over the list's maximum with a clear 400", async () => {
    for (const query of ["?limit=101", "?pageSize=101", "?offset=-1"]) {
      const res = await h.request("GET", `/api/dealerships${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ code: "BAD_REQUEST" });
    }
  });
});
