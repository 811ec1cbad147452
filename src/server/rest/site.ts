// REST paths of the public site: the contact form, headline figures and nearby dealerships.
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, readJson } from "./adapter";

export function siteRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  r.post("/contact", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.site.contact(body as never), 201);
  });
  r.get("/site/stats", (c) => answer(c, deps, (api) => api.site.stats()));
  r.get("/site/dealerships-nearby", (c) =>
    answer(c, deps, (api) => api.site.dealershipsNear(c.req.query() as never)),
  );

  return r;
}
