// The two browser addresses of provider sign-in (docs/product/security.md#google-and-microsoft-accounts): the start,
// which sends the browser to the provider, and the callback it comes back to. Both answer redirects, so they are
// routes of their own rather than procedures; the work is in domains/identity/signIn.ts.
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { OIDC_FLOW_MINUTES, type OidcSignInPage } from "../../shared/identity";
import { oidcProvider } from "../../shared/schemas/identity";
import { AppError } from "../appError";
import { configuredProviders, providerNotConfigured } from "../domains/identity/providers";
import { failedSignIn, finishOidcSignIn, startOidcSignIn } from "../domains/identity/signIn";
import type { AppDeps } from "../serviceContext";
import { type AppEnv, trpcContext } from "./honoRequest";

/** Keeps the state of the sign-in this browser started, for the callback to compare; nothing else reads it. */
const STATE_COOKIE = "kb_oidc_state";
const COOKIE_PATH = "/api/auth/oidc";

/** A browser navigating (it asks for HTML), rather than a script reading the answer. */
function wantsPage(accept: string | undefined): boolean {
  return accept?.includes("text/html") ?? false;
}

export function oidcRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();

  const provider = (name: string) => {
    const parsed = oidcProvider.safeParse(name);
    if (!parsed.success || !configuredProviders(deps.env).includes(parsed.data))
      throw providerNotConfigured();
    return parsed.data;
  };

  /** ?returnTo= a path of this site to land on; ?page=salesperson-login when started from the portal. */
  routes.get("/:provider/start", async (c) => {
    const chosen = provider(c.req.param("provider"));
    const page: OidcSignInPage =
      c.req.query("page") === "salesperson-login" ? "/salesperson-login" : "/login";
    const ctx = trpcContext(c, deps, new Headers());
    try {
      const { url, state } = await startOidcSignIn(ctx, chosen, { page, returnTo: c.req.query("returnTo") });
      setCookie(c, STATE_COOKIE, state, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure: deps.env.COOKIE_SECURE,
        // The provider sends the browser back with a top-level GET, which Lax cookies go along with.
        sameSite: "Lax",
        maxAge: OIDC_FLOW_MINUTES * 60,
      });
      return c.redirect(url, 302);
    } catch (error) {
      // A provider that cannot be reached is told on the sign-in page the visitor came from; so is the limit
      // on starts to a browser, while a script is answered 429 with the reason.
      if (error instanceof AppError && error.code === "OIDC_PROVIDER_UNAVAILABLE")
        return c.redirect(failedSignIn(page, error), 303);
      if (error instanceof AppError && error.code === "RATE_LIMITED" && wantsPage(c.req.header("accept")))
        return c.redirect(failedSignIn(page, error), 303);
      throw error;
    }
  });

  routes.get("/:provider/callback", async (c) => {
    const chosen = provider(c.req.param("provider"));
    const browserState = getCookie(c, STATE_COOKIE) ?? null;
    deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: deps.env.COOKIE_SECURE });
    const resHeaders = new Headers();
    const to = await finishOidcSignIn(
      trpcContext(c, deps, resHeaders),
      chosen,
      new URL(c.req.url),
      browserState,
    );
    for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.redirect(to, 303);
  });

  return routes;
}
