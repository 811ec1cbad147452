// REST paths for browsing salespeople (SPEC.md section 7 'Salespeople and ratings').
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, invoke } from "./adapter";

export function salespeopleRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  /** Answers a JSON array, as the spec's client expects; the total is in X-Total-Count. */
  r.get("/salespeople", async (c) => {
    const { result } = await invoke(c, deps, (api) => api.salespeople.list(c.req.query() as never));
    c.header("X-Total-Count", String(result.total));
    return c.json(result.items);
  });
  r.get("/salespeople/:id", (c) =>
    answer(c, deps, (api) => api.salespeople.byId({ id: c.req.param("id") as never })),
  );
  r.get("/salespeople/:id/ratings", (c) =>
    answer(c, deps, (api) => api.salespeople.ratings({ id: c.req.param("id") as never })),
  );

  return r;
}
