// Rating badges, the reviews widget and share links (docs/product/public-site.md#badges-and-the-reviews-widget):
// where each lives and the snippets a webmaster pastes, declared once for the server that answers them, the
// embed.js loader it serves and the dashboards that hand the snippets out.
import { ID_MAX } from "./constants";

export const EMBED_KINDS = ["badge", "widget"] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** Whose rating an embed shows: a dealership by its page address, or a salesperson by id. */
export type EmbedTarget = { dealership: string } | { salesperson: number };

/** The frame each kind is drawn for (CSS pixels); the widget scrolls inside its frame past its height. */
export const EMBED_SIZE: Record<EmbedKind, { width: number; height: number }> = {
  badge: { width: 300, height: 112 },
  widget: { width: 400, height: 520 },
};

/** How many of the latest published reviews the widget shows. */
export const EMBED_REVIEWS = 3;

/** What the loader script reads from its own tag: `data-knowbefore` names the kind. */
export const EMBED_SCRIPT_PATH = "/embed.js";

/** A page address and a salesperson id as the embed and share routes accept them (no zod: embed.js reuses them). */
export const EMBED_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const EMBED_ID = /^[1-9]\d{0,9}$/;

export function isEmbedSlug(text: string): boolean {
  return text.length <= 120 && EMBED_SLUG.test(text);
}

export function embedIdOf(text: string): number | null {
  if (!EMBED_ID.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

function targetPath(target: EmbedTarget): string {
  return "dealership" in target
    ? `/dealerships/${encodeURIComponent(target.dealership)}`
    : `/salespeople/${target.salesperson}`;
}

/** The embed page of a kind: `/embed/dealerships/{slug}/badge`, `/embed/salespeople/{id}/widget`. */
export function embedPath(target: EmbedTarget, kind: EmbedKind): string {
  return `/embed${targetPath(target)}/${kind}`;
}

/** The share routes: the QR code of the public page (SVG or PNG) and a printable page with it. */
export function sharePath(target: EmbedTarget, what: "qr.svg" | "qr.png" | "print"): string {
  return `/share${targetPath(target)}/${what}`;
}

/** A frame's accessible name on the webmaster's page. */
export function embedTitle(kind: EmbedKind): string {
  return kind === "badge" ? "Rating on KnowBefore" : "Reviews on KnowBefore";
}

/**
 * What the frame may do on the webmaster's page: nothing runs, nothing reads the page, and its links open the
 * KnowBefore page in a new tab (a sandboxed frame with no scripts also holds no cookies of ours).
 */
export const EMBED_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

/** The `<iframe>` to paste; `origin` is the site's (APP_URL, or the dashboard's own origin). */
export function iframeSnippet(origin: string, target: EmbedTarget, kind: EmbedKind): string {
  const { width, height } = EMBED_SIZE[kind];
  const src = new URL(embedPath(target, kind), origin).toString();
  return `<iframe src="${src}" title="${embedTitle(kind)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" referrerpolicy="no-referrer" sandbox="${EMBED_SANDBOX}"></iframe>`;
}

/** The `<script>` to paste instead: embed.js puts the same frame right after its own tag. */
export function scriptSnippet(origin: string, target: EmbedTarget, kind: EmbedKind): string {
  const src = new URL(EMBED_SCRIPT_PATH, origin).toString();
  const who =
    "dealership" in target
      ? `data-dealership="${target.dealership}"`
      : `data-salesperson="${target.salesperson}"`;
  return `<script async src="${src}" data-knowbefore="${kind}" ${who}></script>`;
}
