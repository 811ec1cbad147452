// Link previews and search listings in the first HTML the server sends (docs/product/public-site.md#link-previews):
// a public profile's and a dealership page's title, description, canonical URL, Open Graph and Twitter tags and
// schema.org JSON-LD, written into the built index.html before any script runs. One indexed statement per page
// view; a profile the public may not see, an unknown page or a failed read gets the plain HTML, saying nothing.
import { links } from "../../../shared/links";
import {
  dealershipPageUrl,
  dealershipStructuredData,
  type ProfileFacts,
  profileStructuredData,
  structuredDataScript,
} from "../../../shared/structuredData";
import { publiclyListedSql } from "../../access";
import type { Queryable } from "../../db/client";
import { dealershipHead } from "./dealershipPage";

const SITE_NAME = "KnowBefore";

/** What a page's head says about it. */
export type PagePreview = {
  title: string;
  description: string;
  /** Absolute. */
  url: string;
  type: "profile" | "business.business";
  /** Absolute, or null without a photo or logo. */
  image: string | null;
  structuredData: Record<string, unknown>;
};

/** Text for an HTML attribute or element: the five characters that could end or open markup, escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const stars = (average: number) => `${(Math.round(average * 10) / 10).toFixed(1)}/5`;
const reviewsWord = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "review" : "reviews"}`;

/** A description of at most ~160 characters, cut at a word. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/** A profile as its preview needs it, when the public may see it: one statement (salespeople's primary key). */
export async function profileFacts(
  sql: Queryable,
  id: number,
): Promise<
  | (ProfileFacts & {
      city: string;
      state: string;
      bio: string | null;
      specialties: string[];
      timeZone: string;
    })
  | null
> {
  const [row] = await sql<
    (ProfileFacts & {
      city: string;
      state: string;
      bio: string | null;
      specialties: string[];
      timeZone: string;
    })[]
  >`
    select s.id, s.name, s.profile_image_url as "profileImageUrl", s.average_rating::float8 as "averageRating",
           s.total_reviews as "totalReviews", s.city::text as city, s.state, s.bio, s.specialties,
           s.time_zone as "timeZone",
           case when d.id is null then null else json_build_object(
             'slug', d.slug, 'name', d.name, 'address', d.address, 'city', d.city, 'state', d.state,
             'zipCode', d.zip_code) end as dealership,
           coalesce((select json_agg(json_build_object(
                       'name', c.name, 'issuer', c.issuer, 'year', c.year, 'credentialId', c.credential_id,
                       'credentialUrl', c.credential_url)
                       order by c.year desc, c.id)
                       from certifications c
                      where c.salesperson_id = s.id and c.verified_at is not null), '[]'::json) as certifications
      from salespeople s
      left join dealerships d on d.id = s.dealership_id
     where s.id = ${id} and ${publiclyListedSql(sql, "s")}`;
  return row ?? null;
}

export async function profilePreview(
  sql: Queryable,
  id: number,
  origin: string,
): Promise<PagePreview | null> {
  const person = await profileFacts(sql, id);
  if (!person) return null;
  const place = [person.city, person.state].filter(Boolean).join(", ");
  const who = person.dealership
    ? `${person.name}, car salesperson at ${person.dealership.name} in ${place}`
    : `${person.name}, independent car salesperson in ${place}`;
  const rating =
    person.totalReviews > 0
      ? `Rated ${stars(person.averageRating)} from ${reviewsWord(person.totalReviews)} by buyers.`
      : "No reviews yet.";
  const specialties = person.specialties.length > 0 ? ` ${person.specialties.slice(0, 3).join(", ")}.` : "";
  return {
    title: `${who} | ${SITE_NAME}`,
    description: clip(`${who}. ${rating}${specialties} Read reviews and book a visit.`),
    url: new URL(links.salesperson(person.id), origin).toString(),
    type: "profile",
    image: person.profileImageUrl ? new URL(person.profileImageUrl, origin).toString() : null,
    structuredData: profileStructuredData(person, origin),
  };
}

export async function dealershipPreview(
  sql: Queryable,
  slug: string,
  origin: string,
): Promise<PagePreview | null> {
  const d = await dealershipHead(sql, slug);
  if (!d) return null;
  const average = d.reviewCount > 0 ? d.average : null;
  const team = `${d.teamSize.toLocaleString("en-US")} ${d.teamSize === 1 ? "salesperson" : "salespeople"}`;
  const rating =
    average !== null
      ? `${team} rated ${stars(average)} from ${reviewsWord(d.reviewCount)}.`
      : `${team} to meet.`;
  return {
    title: `${d.name}, car dealership in ${d.city}, ${d.state} | ${SITE_NAME}`,
    description: clip(
      `${d.name}, ${d.address}, ${d.city}, ${d.state} ${d.zipCode}. ${rating} Hours, the team and reviews.`,
    ),
    url: dealershipPageUrl(d.slug, origin),
    type: "business.business",
    image: d.logoUrl ? new URL(d.logoUrl, origin).toString() : null,
    structuredData: dealershipStructuredData({ ...d, average }, origin),
  };
}

/** The tags a preview adds to the head, each value escaped. */
function headTags(preview: PagePreview): string {
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", preview.type),
    meta("property", "og:title", preview.title),
    meta("property", "og:description", preview.description),
    meta("property", "og:url", preview.url),
    ...(preview.image ? [meta("property", "og:image", preview.image)] : []),
    meta("name", "twitter:card", preview.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", preview.title),
    meta("name", "twitter:description", preview.description),
    ...(preview.image ? [meta("name", "twitter:image", preview.image)] : []),
    `<script type="application/ld+json">${structuredDataScript(preview.structuredData)}</script>`,
  ].join("\n    ");
}

/**
 * The built index.html with a page's preview: its title and description in place of the site's, and the other
 * tags at the end of the head. The replacements are functions, so no `$` in a value is read as a pattern.
 */
export function withPreview(html: string, preview: PagePreview): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    )
    .replace("</head>", () => `  ${headTags(preview)}\n  </head>`);
}
