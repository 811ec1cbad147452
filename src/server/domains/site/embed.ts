// Rating badges and the reviews widget that dealerships and salespeople put on their own websites, and the QR code
// and printable page of their public page (docs/product/public-site.md#badges-and-the-reviews-widget). Read from the
// statements the public pages run: dealershipHead and recentReviews (the dealership's page), profileFacts (the
// profile's link preview) and latestReviews (the profile's review list), so "published" and "listed" mean here
// exactly what they mean there. Plain HTML with a little inline CSS: no script, no font, nothing from elsewhere.
import QRCode from "qrcode";
import { formatRating } from "../../../shared/constants";
import { EMBED_REVIEWS, type EmbedKind, type EmbedTarget } from "../../../shared/embed";
import { links } from "../../../shared/links";
import {
  dealershipPageUrl,
  dealershipStructuredData,
  profileStructuredData,
  structuredDataScript,
} from "../../../shared/structuredData";
import type { Sql } from "../../db/client";
import { latestReviews } from "../reviews/reviews";
import { dealershipHead, recentReviews } from "./dealershipPage";
import { escapeHtml, profileFacts } from "./previews";

const SITE_NAME = "KnowBefore";
export const VERIFIED_LINE = "Verified reviews on KnowBefore";

/** A review as the widget shows it: the reviewer's first name and initial, as every public page does. */
export type EmbedReview = {
  overallRating: number;
  comment: string | null;
  customerName: string;
  createdAt: Date;
  /** Whom the review is about, on a dealership's widget. */
  about: string | null;
  reply: { from: string; body: string } | null;
};

/** Whose rating an embed shows, as its public page states it. */
export type EmbedSubject = {
  name: string;
  /** The public page, absolute. */
  pageUrl: string;
  /** Where the page lists its reviews, absolute. */
  reviewsUrl: string;
  /** Null while no published review counts towards an average. */
  average: number | null;
  reviewCount: number;
  timeZone: string;
  /** The page's own schema.org JSON-LD, which carries the AggregateRating. */
  structuredData: Record<string, unknown>;
  latestReviews: () => Promise<EmbedReview[]>;
};

const firstName = (name: string) => name.split(" ")[0] || name;

/** A dealership by its page address, or null when there is none. */
async function dealershipSubject(sql: Sql, slug: string, origin: string): Promise<EmbedSubject | null> {
  const head = await dealershipHead(sql, slug);
  if (!head) return null;
  const average = head.reviewCount > 0 ? head.average : null;
  const pageUrl = dealershipPageUrl(head.slug, origin);
  return {
    name: head.name,
    pageUrl,
    reviewsUrl: pageUrl,
    average,
    reviewCount: head.reviewCount,
    timeZone: head.timeZone,
    structuredData: dealershipStructuredData({ ...head, average }, origin),
    latestReviews: async () =>
      (await recentReviews(sql, head.id, EMBED_REVIEWS)).map((r) => ({
        overallRating: r.overallRating,
        comment: r.comment,
        customerName: r.customerName,
        createdAt: r.createdAt,
        about: r.salespersonName,
        reply: r.reply ? { from: firstName(r.salespersonName), body: r.reply.body } : null,
      })),
  };
}

/** A salesperson the public may see (the profile's own rule), or null. */
async function salespersonSubject(sql: Sql, id: number, origin: string): Promise<EmbedSubject | null> {
  const person = await profileFacts(sql, id);
  if (!person) return null;
  return {
    name: person.name,
    pageUrl: new URL(links.salesperson(person.id), origin).toString(),
    reviewsUrl: new URL(links.salesperson(person.id, "reviews"), origin).toString(),
    // A profile's average counts recent reviews only: 0 when none is recent enough (ratings are 1 to 5).
    average: person.totalReviews > 0 && person.averageRating > 0 ? person.averageRating : null,
    reviewCount: person.totalReviews,
    timeZone: person.timeZone,
    structuredData: profileStructuredData(person, origin),
    latestReviews: async () =>
      (await latestReviews(sql, person.id, EMBED_REVIEWS)).map((r) => ({
        overallRating: r.overallRating,
        comment: r.comment,
        customerName: r.customerName,
        createdAt: r.createdAt,
        about: null,
        reply: r.reply ? { from: firstName(person.name), body: r.reply.body } : null,
      })),
  };
}

export function embedSubject(sql: Sql, target: EmbedTarget, origin: string): Promise<EmbedSubject | null> {
  return "dealership" in target
    ? dealershipSubject(sql, target.dealership, origin)
    : salespersonSubject(sql, target.salesperson, origin);
}

const reviewsWord = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "review" : "reviews"}`;

/** Five stars, the share of `value` out of 5 filled; the text beside them says the figure. */
function starsHtml(value: number, size: "lg" | "sm"): string {
  const filled = Math.max(0, Math.min(100, (value / 5) * 100)).toFixed(0);
  return `<span class="stars ${size}" aria-hidden="true"><span class="on" style="width:${filled}%">★★★★★</span>★★★★★</span>`;
}

function dateIn(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });
  } catch {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  }
}

/** A comment as the widget shows it: at most ~280 characters, cut at a word. */
function clip(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

const CSS = `*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a202c;background:#fff}
.kb{height:100%;border:1px solid #cbd5e0;border-radius:10px;padding:12px 14px;overflow:auto}
a{color:#1a4fa0}
.head{display:block;text-decoration:none;color:inherit}
.name{display:block;font-weight:600;font-size:15px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.score{display:flex;align-items:center;gap:6px;margin:4px 0 2px;flex-wrap:wrap}
.score b{font-size:20px}
.muted{color:#4a5568}
.stars{position:relative;display:inline-block;color:#cbd5e0;letter-spacing:1px;line-height:1}
.stars .on{position:absolute;inset:0 auto 0 0;overflow:hidden;white-space:nowrap;color:#b7791f}
.stars.lg{font-size:20px}.stars.sm{font-size:13px}
.verified{display:block;font-size:12px;color:#276749;font-weight:600}
ol{list-style:none;margin:10px 0 0;padding:0}
li{border-top:1px solid #e2e8f0;padding:8px 0}
li p{margin:4px 0 0}
.meta{display:flex;justify-content:space-between;gap:8px;font-size:12px}
.reply{margin-top:6px;padding:4px 8px;border-left:3px solid #90cdf4;background:#f7fafc;font-size:13px}
.more{display:block;margin-top:8px;font-weight:600}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

function page(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>${head}
</head>
<body>${body}</body>
</html>
`;
}

function headerHtml(subject: EmbedSubject): string {
  const score =
    subject.average !== null
      ? `${starsHtml(subject.average, "lg")}<b>${formatRating(subject.average)}</b><span class="muted">out of 5 · ${reviewsWord(subject.reviewCount)}</span>`
      : `<span class="muted">${subject.reviewCount > 0 ? reviewsWord(subject.reviewCount) : "No reviews yet"}</span>`;
  const label =
    subject.average !== null
      ? `${subject.name}: rated ${formatRating(subject.average)} out of 5 from ${reviewsWord(subject.reviewCount)}. ${VERIFIED_LINE}.`
      : `${subject.name}: ${subject.reviewCount > 0 ? reviewsWord(subject.reviewCount) : "no reviews yet"}. ${VERIFIED_LINE}.`;
  return `<a class="head" href="${escapeHtml(subject.pageUrl)}" target="_blank" rel="noopener" aria-label="${escapeHtml(label)}">
<span class="name">${escapeHtml(subject.name)}</span>
<span class="score" data-rating="${subject.average !== null ? formatRating(subject.average) : ""}">${score}</span>
<span class="verified">✓ ${VERIFIED_LINE}</span>
</a>`;
}

function reviewHtml(review: EmbedReview, date: Intl.DateTimeFormat): string {
  const about = review.about ? ` <span class="muted">about ${escapeHtml(review.about)}</span>` : "";
  const comment = review.comment ? `<p>${escapeHtml(clip(review.comment))}</p>` : "";
  const reply = review.reply
    ? `<div class="reply"><b>Reply from ${escapeHtml(review.reply.from)}</b><p>${escapeHtml(clip(review.reply.body))}</p></div>`
    : "";
  return `<li>
<div class="meta"><span>${starsHtml(review.overallRating, "sm")} <span class="sr">${review.overallRating} out of 5</span></span><time datetime="${review.createdAt.toISOString()}" class="muted">${escapeHtml(date.format(review.createdAt))}</time></div>
${comment}<div class="muted">${escapeHtml(review.customerName)}${about}</div>${reply}
</li>`;
}

/** The badge or the widget of `subject`: the widget adds its latest reviews and the page's JSON-LD. */
export async function renderEmbed(subject: EmbedSubject, kind: EmbedKind): Promise<string> {
  const title = `${subject.name} on ${SITE_NAME}`;
  if (kind === "badge") return page(title, `<main class="kb">${headerHtml(subject)}</main>`);
  const reviews = await subject.latestReviews();
  const date = dateIn(subject.timeZone);
  const list =
    reviews.length > 0
      ? `<ol aria-label="Latest reviews">${reviews.map((r) => reviewHtml(r, date)).join("")}</ol>`
      : "";
  const more = `<a class="more" href="${escapeHtml(subject.reviewsUrl)}" target="_blank" rel="noopener">Read all reviews on ${SITE_NAME}</a>`;
  const jsonLd = `\n<script type="application/ld+json">${structuredDataScript(subject.structuredData)}</script>`;
  return page(title, `<main class="kb">${headerHtml(subject)}${list}${more}</main>`, jsonLd);
}

/** What a frame shows for an unknown dealership or a profile the public may not see. */
export function renderEmbedNotFound(): string {
  return page(
    `Not found on ${SITE_NAME}`,
    `<main class="kb"><span class="name">Not available</span><span class="muted">This rating is not on ${SITE_NAME}.</span></main>`,
  );
}

/** The QR code of the public page, as an SVG document. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/** The QR code of the public page, as a PNG large enough to print. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", margin: 2, width: 1024, errorCorrectionLevel: "M" });
}

const PRINT_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a202c;margin:0}
main{max-width:560px;margin:32px auto;padding:32px;text-align:center;border:1px solid #cbd5e0;border-radius:16px}
h1{font-size:28px;margin:0 0 8px}
.rating{font-size:18px;margin:0 0 16px}
.qr svg{width:320px;height:320px}
.url{font-size:14px;word-break:break-all;color:#4a5568}
.verified{color:#276749;font-weight:600}
button{font:inherit;padding:8px 16px;margin-top:16px;cursor:pointer}
@media print{button{display:none}main{border:0;margin:0 auto}}`;

/** A page to print: the name, the rating, the QR code of the public page and its address. */
export function renderPrintPage(subject: EmbedSubject, qr: string, scriptPath: string): string {
  const rating =
    subject.average !== null
      ? `Rated ${formatRating(subject.average)} out of 5 from ${reviewsWord(subject.reviewCount)}`
      : subject.reviewCount > 0
        ? reviewsWord(subject.reviewCount)
        : "Read about us and book a visit";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${subject.name} · QR code · ${SITE_NAME}`)}</title>
<style>${PRINT_CSS}</style>
<script src="${scriptPath}" defer></script>
</head>
<body>
<main>
<h1>${escapeHtml(subject.name)}</h1>
<p class="rating">${escapeHtml(rating)}</p>
<div class="qr" role="img" aria-label="QR code of ${escapeHtml(subject.pageUrl)}">${qr}</div>
<p>Scan to read our reviews and book a visit</p>
<p class="url">${escapeHtml(subject.pageUrl)}</p>
<p class="verified">✓ ${VERIFIED_LINE}</p>
<button type="button" id="print">Print</button>
</main>
</body>
</html>
`;
}

/** Prints the page from its button (a file of the site's, as the pages' policy allows no inline script). */
export const PRINT_SCRIPT = `document.getElementById("print").addEventListener("click",function(){window.print()});\n`;
