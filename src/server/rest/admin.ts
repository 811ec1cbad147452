// REST paths of SPEC.md section 7 'Admin' that exist so far: sign-in and token check.
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, readJson } from "./adapter";

export function adminRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();
  r.post("/admin/login", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.admin.login(body as never));
  });
  r.get("/admin/verify", (c) => answer(c, deps, (api) => api.admin.verify()));
  return r;
}
