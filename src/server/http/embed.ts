// The routes other websites load (badges, the reviews widget, embed.js) and the share routes (QR codes, the
// printable page): plain answers outside the API, public and cacheable, which never read a session or set a cookie.
import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import {
  EMBED_ID,
  EMBED_KINDS,
  EMBED_SANDBOX,
  EMBED_SCRIPT_PATH,
  EMBED_SIZE,
  EMBED_SLUG,
  type EmbedKind,
  type EmbedTarget,
  embedIdOf,
  embedTitle,
  isEmbedSlug,
} from "../../shared/embed";
import { errorBody } from "../appError";
import {
  embedSubject,
  PRINT_SCRIPT,
  qrPng,
  qrSvg,
  renderEmbed,
  renderEmbedNotFound,
  renderPrintPage,
} from "../domains/site/embed";
import type { AppDeps } from "../serviceContext";
import type { AppEnv } from "./honoRequest";

/** Where other sites frame or load us from: these alone may be framed (app.ts gives them their own headers). */
export function isEmbedPath(path: string): boolean {
  return path === EMBED_SCRIPT_PATH || path.startsWith("/embed/");
}

/**
 * The headers of those paths: made to be framed by any site (and embed.js loaded by one), they alone say so, and
 * they load nothing, run nothing and post nowhere. Every other answer keeps refusing to be framed (app.ts).
 */
export function embedSecureHeaders(https: boolean) {
  return secureHeaders({
    referrerPolicy: "no-referrer",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: false,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["*"],
    },
  });
}

/** Fresh for five minutes, then served stale for up to a day while a cache fetches the new one. */
export const EMBED_CACHE = "public, max-age=300, stale-while-revalidate=86400";
/** An unknown page may appear soon (a new dealership): cached briefly. */
const NOT_FOUND_CACHE = "public, max-age=60";
const PRINT_SCRIPT_PATH = "/share/print.js";

const HTML = "text/html; charset=utf-8";
const JS = "text/javascript; charset=utf-8";

/**
 * Finds every `<script data-knowbefore …>` tag of embed.js on the page and puts the frame it names right after
 * it (once, however many times the script runs). The paths are shared/embed.ts's embedPath.
 */
const EMBED_SCRIPT = `(function () {
  var SIZE = ${JSON.stringify(EMBED_SIZE)};
  var TITLE = ${JSON.stringify(Object.fromEntries(EMBED_KINDS.map((kind) => [kind, embedTitle(kind)])))};
  var SLUG = ${EMBED_SLUG.toString()}, ID = ${EMBED_ID.toString()};
  function place(tag) {
    if (tag.hasAttribute("data-knowbefore-placed")) return;
    tag.setAttribute("data-knowbefore-placed", "");
    var kind = tag.getAttribute("data-knowbefore") === "widget" ? "widget" : "badge";
    var slug = tag.getAttribute("data-dealership") || "", id = tag.getAttribute("data-salesperson") || "";
    var path = SLUG.test(slug) ? "/embed/dealerships/" + slug : ID.test(id) ? "/embed/salespeople/" + id : "";
    if (!path) {
      console.warn("KnowBefore: give the script tag data-dealership=\\"page-address\\" or data-salesperson=\\"id\\"");
      return;
    }
    var frame = document.createElement("iframe");
    frame.src = new URL(path + "/" + kind, tag.src).href;
    frame.title = TITLE[kind];
    frame.width = String(SIZE[kind].width);
    frame.height = String(SIZE[kind].height);
    frame.style.border = "0";
    frame.style.maxWidth = "100%";
    frame.setAttribute("loading", "lazy");
    frame.setAttribute("referrerpolicy", "no-referrer");
    frame.setAttribute("sandbox", ${JSON.stringify(EMBED_SANDBOX)});
    tag.parentNode.insertBefore(frame, tag.nextSibling);
  }
  var tags = document.querySelectorAll("script[data-knowbefore]");
  for (var i = 0; i < tags.length; i++) if (/\\/embed\\.js([?#]|$)/.test(tags[i].src)) place(tags[i]);
})();
`;

/**
 * An answer with its caching headers and a strong ETag of its bytes; a request that already holds those bytes
 * (If-None-Match) gets 304 with the same caching headers.
 */
function cached(
  c: Context<AppEnv>,
  body: string | Uint8Array,
  type: string,
  status: 200 | 404 = 200,
): Response {
  const cacheControl = status === 200 ? EMBED_CACHE : NOT_FOUND_CACHE;
  const tag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "Content-Type": type, "Cache-Control": cacheControl, ETag: tag };
  const held = c.req.header("if-none-match");
  if (status === 200 && held?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag))
    return c.body(null, 304, headers);
  return c.body(typeof body === "string" ? body : new Uint8Array(body), status, headers);
}

/** The target a path names, or null when it cannot name one (answered 404 like an unknown one). */
function targetOf(kind: "dealerships" | "salespeople", param: string): EmbedTarget | null {
  if (kind === "dealerships") return isEmbedSlug(param) ? { dealership: param } : null;
  const id = embedIdOf(param);
  return id === null ? null : { salesperson: id };
}

export function embedRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = deps.env.APP_URL;
  const subjectOf = (c: Context<AppEnv>, kind: "dealerships" | "salespeople") => {
    const target = targetOf(kind, c.req.param("param") ?? "");
    return target ? embedSubject(deps.sql, target, origin) : Promise.resolve(null);
  };

  routes.get(EMBED_SCRIPT_PATH, (c) => cached(c, EMBED_SCRIPT, JS));

  for (const who of ["dealerships", "salespeople"] as const) {
    for (const kind of EMBED_KINDS) {
      routes.get(`/embed/${who}/:param/${kind}`, async (c) => {
        const subject = await subjectOf(c, who);
        if (!subject) return cached(c, renderEmbedNotFound(), HTML, 404);
        return cached(c, await renderEmbed(subject, kind as EmbedKind), HTML);
      });
    }
    // The share routes answer 404 as JSON like the site's other non-page routes (an image or a page to print).
    routes.get(`/share/${who}/:param/qr.svg`, async (c) => {
      const subject = await subjectOf(c, who);
      if (!subject) return c.json(errorBody("Not found", "NOT_FOUND"), 404);
      return cached(c, await qrSvg(subject.pageUrl), "image/svg+xml; charset=utf-8");
    });
    routes.get(`/share/${who}/:param/qr.png`, async (c) => {
      const subject = await subjectOf(c, who);
      if (!subject) return c.json(errorBody("Not found", "NOT_FOUND"), 404);
      return cached(c, await qrPng(subject.pageUrl), "image/png");
    });
    routes.get(`/share/${who}/:param/print`, async (c) => {
      const subject = await subjectOf(c, who);
      if (!subject) return c.json(errorBody("Not found", "NOT_FOUND"), 404);
      return cached(c, renderPrintPage(subject, await qrSvg(subject.pageUrl), PRINT_SCRIPT_PATH), HTML);
    });
  }
  routes.get(PRINT_SCRIPT_PATH, (c) => cached(c, PRINT_SCRIPT, JS));
  return routes;
}
