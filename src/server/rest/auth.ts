// REST paths of SPEC.md section 7 'Authentication', each a thin call into the auth procedures.
import { Hono } from "hono";
import { clearSessionCookie } from "../auth/cookies";
import { invalidateSession } from "../auth/session";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, invoke, readJson } from "./adapter";

export function authRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  r.post("/auth/request-login", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.auth.requestLogin(body as never));
  });
  r.post("/auth/redeem", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.auth.redeemLink(body as never));
  });
  r.get("/auth/user", async (c) => {
    const { result, respond } = await invoke(c, deps, (api) => api.auth.me());
    return result ? respond() : c.json({ message: "Unauthorized", code: "UNAUTHORIZED" }, 401);
  });
  r.get("/auth/user/:id", (c) => answer(c, deps, (api) => api.auth.userById({ id: c.req.param("id") })));
  r.patch("/auth/user/:id", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, async (api) => {
      // Only your own record: the id in the path must be the caller's.
      await api.auth.userById({ id: c.req.param("id") });
      return api.auth.updateProfile(body as never);
    });
  });

  r.get("/salesperson/auth/user", async (c) => {
    const { result, respond } = await invoke(c, deps, (api) => api.auth.me());
    if (!result) return c.json({ message: "Session invalid: please sign in", code: "UNAUTHORIZED" }, 401);
    if (result.salespersonId === null && result.managedDealershipId === null) {
      return c.json({ message: "This account is not a salesperson account", code: "FORBIDDEN" }, 403);
    }
    return respond();
  });
  /**
   * Checks a link and says whom it signs in, without using it and without a cookie: a GET can be made by
   * any site, so only the POST of /api/auth/redeem (with its Origin check) signs a browser in.
   */
  r.get("/salesperson/auth/verify", async (c) => {
    c.header("Cache-Control", "no-store");
    return answer(c, deps, (api) => api.auth.describeLink({ token: c.req.query("token") ?? "" }));
  });
  r.post("/salesperson/auth/login", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.salespersonAuth.requestLogin(body as never));
  });
  r.post("/salesperson/auth/register", async (c) => {
    const body = await readJson(c);
    return answer(c, deps, (api) => api.salespersonAuth.register(body as never), 201);
  });
  r.post("/salesperson/auth/logout", (c) => answer(c, deps, (api) => api.auth.logout()));

  /** Opened as a page: sign out and go home. A cross-site navigation cannot sign anyone out. */
  r.get("/logout", async (c) => {
    const auth = c.get("auth");
    if (c.req.header("sec-fetch-site") !== "cross-site") {
      if (auth) await invalidateSession(deps.db, auth.session.id);
      const headers = new Headers();
      clearSessionCookie(headers, deps.env.COOKIE_SECURE);
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    }
    return c.redirect("/", 302);
  });
  r.get("/login", (c) => c.redirect("/login", 302));

  return r;
}
