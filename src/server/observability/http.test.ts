import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bearerMatches, routeLabel, trpcProcedure, UNMATCHED } from "./http";

describe("bearerMatches", () => {
  const token = "a-metrics-token-of-some-length";
  it("takes the token as a bearer token only", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
  });
});

describe("trpcProcedure", () => {
  it("names the router's procedures, a batch of several as one label, and nothing else", () => {
    expect(trpcProcedure("/trpc/salespeople.list", false)).toBe("trpc:salespeople.list");
    expect(trpcProcedure("/trpc/salespeople.list", true)).toBe("trpc:salespeople.list");
    expect(trpcProcedure("/trpc/salespeople.list,salespeople.list", true)).toBe("trpc:batch");
    expect(trpcProcedure("/trpc/no.such.procedure", false)).toBeNull();
    expect(trpcProcedure("/trpc/salespeople.list,made.up", true)).toBeNull();
    expect(trpcProcedure("/trpc/%E0%A4%A", false)).toBeNull();
  });
});

describe("routeLabel", () => {
  /** An app shaped like ours: middleware on every path, routes with parameters, a sub-app, catch-alls. */
  function app() {
    const labels: string[] = [];
    const root = new Hono();
    root.use("*", async (c, next) => {
      await next();
      labels.push(routeLabel(c));
    });
    root.use("*", async (c, next) => {
      if (c.req.header("x-refuse")) return c.json({ refused: true }, 403);
      await next();
    });
    const api = new Hono();
    api.get("/salespeople/:id", (c) => c.json({ id: c.req.param("id") }));
    api.all("*", (c) => c.json({ message: "no route" }, 404));
    root.route("/api", api);
    root.use("/trpc/*", async (c) => c.json([]));
    root.get("*", (c) => c.html("<p>page</p>"));
    return { root, labels };
  }

  it("is the template of the route that answered, never the raw path", async () => {
    const { root, labels } = app();
    await root.request("/api/salespeople/123");
    await root.request("/api/salespeople/123", { headers: { "x-refuse": "1" } });
    await root.request("/api/nothing/here/42");
    await root.request("/trpc/salespeople.list");
    await root.request("/trpc/made.up.name");
    await root.request("/some/page");
    expect(labels).toEqual([
      "/api/salespeople/:id",
      "/api/salespeople/:id",
      UNMATCHED,
      "trpc:salespeople.list",
      UNMATCHED,
      "/*",
    ]);
  });
});
