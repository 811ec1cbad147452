// The Hono app: security headers, CSRF origin check, sessions, tRPC at /trpc, REST at /api, the built client.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { type Context, Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ID_MAX } from "../shared/constants";
import { dealershipSlug } from "../shared/schemas/dealershipPage";
import { TRPC_MAX_BATCH } from "../shared/transport";
import { appError, errorBody } from "./appError";
import { LIVE_EVENTS_PATH, type LiveTiming, liveTransport } from "./domains/live/transport";
import { readStoredImage } from "./domains/portal/photos";
import { dealershipPreview, type PagePreview, profilePreview, withPreview } from "./domains/site/previews";
import { robotsTxt, sitemapFile, sitemapFileOf, sitemapIndex } from "./domains/site/sitemap";
import { isOwnHost, parseAddressRanges } from "./http/addresses";
import { declaredBodyLimit } from "./http/bodyLimit";
import { BROWSE_TRPC_PATH, browseTrpc } from "./http/browseTrpc";
import { originCheck } from "./http/csrf";
import { embedRoutes, embedSecureHeaders, isEmbedPath } from "./http/embed";
import { reportProcedureError, toErrorResponse } from "./http/errorResponse";
import {
  type AppEnv,
  clientIp,
  isLocalCaller,
  requestHost,
  resolveSession,
  trpcContext,
} from "./http/honoRequest";
import { idempotency } from "./http/idempotency";
import { oidcRoutes } from "./http/oidc";
import { requestDeadline, UPLOAD_TIMEOUT_FACTOR } from "./http/requestDeadline";
import { CRM_INBOUND_PREFIX, STRIPE_WEBHOOK_PATHS, webhookRoutes } from "./http/webhooks";
import { withRequestId } from "./logger";
import { recordErrorEvent } from "./monitor/errorEvents";
import { readiness } from "./monitor/readiness";
import { METRICS_PATH, metricsRoute, requestMetrics } from "./observability/http";
import type { Tracing } from "./observability/tracing";
import { projectPath } from "./paths";
import { docsRoutes } from "./rest/docs";
import { DEFAULT_BODY_LIMIT, mountRoutes, ownBodyLimit } from "./rest/route";
import type { AppDeps } from "./serviceContext";
import { TWILIO_WEBHOOK_PATHS } from "./texting/twilio";
import { appRouter } from "./trpc/root";

export type CreateAppOptions = {
  clientDir?: string;
  /** A server span per request, when tracing is on (observability/tracing.ts). */
  tracing?: Tracing | null;
  /** How often live streams are pinged and how long one lasts; tRPC's settings (trpc/init.ts) unless given. */
  liveTiming?: LiveTiming;
};

/** One-click unsubscribe links (domains/notifications/unsubscribe.ts). */
const UNSUBSCRIBE_PREFIX = "/api/unsubscribe/";

const XML = "application/xml; charset=utf-8";
/** A profile's id in its page's path (/salesperson/dashboard and the like are other pages). */
const PROFILE_ID = /^[1-9]\d{0,9}$/;

/** An id a load balancer gave the request, reused so its logs and ours line up; anything else is replaced. */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The procedure path(s) a tRPC request names, decoded; a path that is not valid percent-encoding (`%ZZ`) is the
 * caller's mistake, answered 400 before tRPC (which would fail on it as a fault of ours) sees it.
 */
function trpcPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname.slice("/trpc/".length));
  } catch {
    throw appError("BAD_REQUEST", "The request's path is not valid percent-encoding", "MALFORMED_PATH");
  }
}

/** How many calls a tRPC request carries (a batch names them comma-separated in its path). */
function trpcCallCount(url: URL): number {
  const path = trpcPath(url);
  if (url.searchParams.get("batch") !== "1") return 1;
  return path.split(",").length;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  // The one error boundary of REST and pages: an AppError or bad input answers its own 4xx; anything else
  // a generic 500 naming the request, logged once with its stack.
  app.onError((error, c) => {
    const requestId = c.get("requestId") ?? randomUUID();
    const answer = toErrorResponse(error, requestId);
    if (answer.unexpected !== undefined)
      deps.logger.error(`${c.req.method} ${c.req.path} failed [request ${requestId}]`, answer.unexpected);
    if (answer.status >= 500)
      recordErrorEvent(deps.sql, deps.logger, {
        source: "request",
        what: `${c.req.method} ${c.req.routePath}`,
        status: answer.status,
      });
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  });

  // Ahead of everything else: a scrape is not a request of the app's (no id, access line, session or limit).
  app.get(METRICS_PATH, metricsRoute(deps.env.METRICS_TOKEN));
  app.use("*", requestMetrics());

  // Every answer names its request (X-Request-Id), every line logged while handling it carries the id, and
  // each request ends with one access line. The path is logged without its query string, which may hold tokens.
  app.use("*", async (c, next) => {
    const forwarded = c.req.header("x-request-id");
    const requestId = forwarded && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await withRequestId(requestId, async () => {
      await next();
      // On the answer's own headers: c.header() after the answer exists would rebuild it as a full Response.
      c.res.headers.set("X-Request-Id", requestId);
      const status = c.res.status;
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      deps.logger.info(`${c.req.method} ${c.req.path} ${status} ${durationMs} ms`, {
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs,
      });
    });
  });

  // Inside the request's log scope, so its lines (the access line too) carry the trace id.
  if (options.tracing) app.use("*", options.tracing.middleware);

  // HSTS only where the app is served over https: over plain http it would pin a scheme the site lacks.
  const https = new URL(deps.env.APP_URL).protocol === "https:";
  const pageHeaders = secureHeaders({
    referrerPolicy: "no-referrer",
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "https://js.stripe.com"],
      frameSrc: ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
      connectSrc: ["'self'", "https://api.stripe.com"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
  // Stored images keep their own, stricter policy: nothing loads, nothing runs, even if opened directly.
  const uploadHeaders = secureHeaders({
    referrerPolicy: "no-referrer",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [], frameAncestors: ["'none'"] },
  });
  const embedHeaders = embedSecureHeaders(https);
  app.use("*", (c, next) =>
    c.req.path.startsWith("/uploads/")
      ? uploadHeaders(c, next)
      : isEmbedPath(c.req.path)
        ? embedHeaders(c, next)
        : pageHeaders(c, next),
  );

  // Outside production the server usually answers on loopback, where a page of another site whose name was
  // rebound to 127.0.0.1 would otherwise be same-origin with it: only this app's own host is served.
  // (Production stands behind its own proxy and never hands sign-in links out.)
  if (deps.env.NODE_ENV !== "production") {
    app.use("*", async (c, next) => {
      if (!isOwnHost(requestHost(c), deps.env.APP_URL))
        return c.json(
          errorBody(
            `This server answers only for ${new URL(deps.env.APP_URL).host}: open it at ${deps.env.APP_URL}`,
            "UNKNOWN_HOST",
          ),
          421,
        );
      await next();
    });
  }

  // Probes, ahead of sessions and every limit: health says the process answers (no database), ready that
  // this instance can serve traffic.
  app.get("/api/health", (c) => c.json({ status: "ok" }));
  app.get("/api/ready", async (c) => {
    const { message, ...state } = await readiness(deps);
    if (message === undefined) return c.json({ status: "ready", ...state });
    return c.json({ status: "not-ready", ...state, ...errorBody(message, "NOT_READY") }, 503);
  });
  // A route that declares its own limit (the uploads) is held to that one, on its route.
  const hasOwnLimit = ownBodyLimit();
  // Everything after the probes answers by its deadline (uploads, whose bodies take longer, by a later one).
  app.use(
    "*",
    requestDeadline(deps.logger, (method, path) =>
      hasOwnLimit(method, path)
        ? deps.env.REQUEST_TIMEOUT_MS * UPLOAD_TIMEOUT_FACTOR
        : deps.env.REQUEST_TIMEOUT_MS,
    ),
  );
  // Only requests with a body are limited: wrapping GETs would build a full Request object for nothing.
  const limitBody = declaredBodyLimit(DEFAULT_BODY_LIMIT, (c) =>
    c.json(errorBody("Request body is too large", "PAYLOAD_TOO_LARGE"), 413),
  );
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" || hasOwnLimit(c.req.method, c.req.path)
      ? next()
      : limitBody(c, next),
  );
  app.use(
    "*",
    originCheck({
      appUrl: deps.env.APP_URL,
      exemptPaths: [...STRIPE_WEBHOOK_PATHS, ...Object.values(TWILIO_WEBHOOK_PATHS)],
      exemptPrefixes: [CRM_INBOUND_PREFIX],
      cookielessPrefixes: [UNSUBSCRIBE_PREFIX],
    }),
  );
  const proxies = parseAddressRanges(deps.env.TRUSTED_PROXIES);
  if ("invalid" in proxies) throw new Error(`TRUSTED_PROXIES: ${proxies.invalid} is not an address or range`);
  app.use("*", async (c, next) => {
    c.set("ip", clientIp(c, deps.env.TRUST_PROXY, proxies.ranges));
    c.set("localCaller", isLocalCaller(c, deps.env.APP_URL));
    if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/trpc/")) await resolveSession(c, deps);
    else c.set("auth", null);
    await next();
  });
  // A retry of a request with the same Idempotency-Key gets the first answer; claims nobody can still be acting
  // on (past the deadline and the statement timeout, nothing committed) may be taken over.
  const idempotent = idempotency(
    deps,
    deps.env.REQUEST_TIMEOUT_MS * UPLOAD_TIMEOUT_FACTOR + deps.env.DB_STATEMENT_TIMEOUT_MS + 5000,
  );
  app.use("/api/*", idempotent);
  app.use("/trpc/*", idempotent);

  // API keys are for the REST routes their scopes name; procedures are for the app and signed-in scripts.
  app.use("/trpc/*", async (c, next) => {
    if (c.get("apiKey"))
      throw appError(
        "FORBIDDEN",
        "API keys call the REST routes: use /api with this key",
        "INSUFFICIENT_SCOPE",
      );
    await next();
  });
  // Checked before any call runs, so an oversized batch does nothing at all.
  app.use("/trpc/*", async (c, next) => {
    if (trpcCallCount(new URL(c.req.url)) > TRPC_MAX_BATCH)
      return c.json(
        errorBody(
          `A request may carry at most ${TRPC_MAX_BATCH} calls: send the others in another request`,
          "BATCH_TOO_LARGE",
        ),
        413,
      );
    await next();
  });
  // The live stream writes its own event stream (domains/live/transport.ts); what it refuses goes on to tRPC below.
  app.get(`/trpc/${LIVE_EVENTS_PATH}`, liveTransport(deps, options.liveTiming));
  // A browse page is answered around its cards' JSON text (http/browseTrpc.ts); what it does not read goes on below.
  app.get(BROWSE_TRPC_PATH, browseTrpc(deps));
  app.use("/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => trpcContext(c, deps, resHeaders),
      onError: ({ error, path }) => reportProcedureError(deps, c.get("requestId"), path, error),
    }),
  );

  // Signed webhooks of Stripe, Twilio and the CRMs (http/webhooks.ts): raw bodies, no session, no Origin.
  webhookRoutes(app, deps);

  // Signing out changes state, so a link or an image elsewhere must not do it: POST only (a refusal, not a
  // route of its own).
  app.use("/api/logout", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    return c.json(
      errorBody("Sign out with POST /api/logout (the site's Sign out button)", "METHOD_NOT_ALLOWED"),
      405,
      { Allow: "POST" },
    );
  });
  app.route("/api", docsRoutes());
  // Provider sign-in answers the browser with redirects, not JSON.
  app.route("/api/auth/oidc", oidcRoutes(deps));
  const api = mountRoutes(deps);
  api.all("*", (c) => c.json(errorBody(`No API route for ${c.req.method} ${c.req.path}`, "NOT_FOUND"), 404));
  app.route("/api", api);

  /** Stored images with a fixed type, never sniffed, cacheable forever (names are never reused). */
  app.get("/uploads/:file", async (c) => {
    const image = await readStoredImage(deps.sql, c.req.param("file"));
    if (!image) return c.json(errorBody("Not found", "NOT_FOUND"), 404);
    return c.body(new Uint8Array(image.bytes), 200, {
      "Content-Type": image.contentType,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });

  // For crawlers: what may be crawled and where the sitemap is; the sitemap index and its files.
  const origin = deps.env.APP_URL;
  const crawlerCache = { "Cache-Control": "public, max-age=3600" };
  app.get("/robots.txt", (c) => c.text(robotsTxt(origin), 200, crawlerCache));
  app.get("/sitemap.xml", async (c) =>
    c.body(await sitemapIndex(deps.sql, origin), 200, { "Content-Type": XML, ...crawlerCache }),
  );
  app.get("/sitemaps/:file", async (c) => {
    const file = sitemapFileOf(c.req.param("file"));
    if (!file) return c.json(errorBody("No such sitemap", "NOT_FOUND"), 404);
    return c.body(await sitemapFile(deps.sql, origin, file), 200, { "Content-Type": XML, ...crawlerCache });
  });

  // Badges, the reviews widget, embed.js, and the QR codes and printable page of a public page: served whether or
  // not the client is built, ahead of the client's routes.
  app.route("/", embedRoutes(deps));

  const clientDir = options.clientDir ?? projectPath("dist/client");
  const indexHtml = path.join(clientDir, "index.html");
  if (existsSync(indexHtml)) {
    const html = readFileSync(indexHtml, "utf8");
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("*", serveStatic({ root: path.relative(process.cwd(), clientDir) }));
    // A public profile's and a dealership's page carry their link preview and JSON-LD in this first HTML, for
    // crawlers and link previews that run no script; any other (or a failed read) is the plain page.
    const withPreviewOf =
      (read: (param: string) => Promise<PagePreview | null> | null) => async (c: Context<AppEnv, string>) => {
        let preview: PagePreview | null = null;
        try {
          preview = await (read(c.req.param("param") ?? "") ?? null);
        } catch (error) {
          deps.logger.warn(`link preview of ${c.req.path} failed`, error);
        }
        return c.html(preview ? withPreview(html, preview) : html);
      };
    const profile = withPreviewOf((id) =>
      PROFILE_ID.test(id) && Number(id) <= ID_MAX ? profilePreview(deps.sql, Number(id), origin) : null,
    );
    app.get("/salesperson/:param", profile);
    app.get("/salespeople/:param", profile);
    app.get(
      "/dealerships/:param",
      withPreviewOf((slug) =>
        dealershipSlug.safeParse(slug).success ? dealershipPreview(deps.sql, slug, origin) : null,
      ),
    );
    // Every other GET is a client route: the SPA decides what to render (including the 404 page).
    app.get("*", (c) => c.html(html));
  } else {
    app.get("*", (c) => c.text("The client is not built. Run `npm run build`.", 404));
  }

  return app;
}
