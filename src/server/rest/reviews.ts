// REST paths of SPEC.md section 7 for ratings and contacting a salesperson.
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, readJson } from "./adapter";

export function reviewRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();
  r.post("/ratings-submit", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.reviews.submit(body as never), 201);
  });
  r.post("/contact-salesperson", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.messages.contact(body as never), 201);
  });
  r.get("/salespeople/:id/reviews", (c) =>
    answer(c, deps, (api) =>
      api.reviews.list({ ...c.req.query(), salespersonId: c.req.param("id") } as never),
    ),
  );
  r.post("/misconduct-reports", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.reports.create(body as never), 201);
  });
  return r;
}
