// sitemap.xml and robots.txt (docs/product/public-site.md#sitemap): a sitemap index naming one file of the public
// pages and files of dealership pages and publicly listed profiles, each file one span of ids. A file is one
// primary-key range scan, and the index needs only the largest ids, so neither grows with the whole table: at a
// million salespeople the index names 100 files and each file reads at most SITEMAP_ID_SPAN rows.
import { links } from "../../../shared/links";
import { publiclyListedSql } from "../../access";
import type { Queryable } from "../../db/client";

/** Ids per file: a file never lists more URLs than this, well under the protocol's 50,000. */
export const SITEMAP_ID_SPAN = 10_000;

/** The public pages worth listing (docs/product/routes.md#public-pages): marketing, documents, listing a dealership. */
export const SITEMAP_PUBLIC_PAGES = [
  "/",
  "/features",
  "/how-it-works",
  "/pricing",
  "/about",
  "/contact",
  "/security-compliance",
  "/faq/customer",
  "/faq/salesperson",
  "/faq/dealership",
  "/list-your-dealership",
  "/privacy-policy",
  "/terms-of-service",
] as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function urlEntry(origin: string, path: string, lastmod?: Date): string {
  const loc = `<loc>${escapeXml(new URL(path, origin).toString())}</loc>`;
  return `<url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
}

function urlSet(entries: string[]): string {
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join("\n")}\n</urlset>\n`;
}

/** What a sitemap file lists: the public pages, or one span of dealerships' or salespeople's ids. */
export type SitemapFile = { kind: "pages" } | { kind: "dealerships" | "salespeople"; part: number };

const FILE_NAME = /^(?:(pages)|(dealerships|salespeople)-([1-9]\d{0,5}))\.xml$/;

/** The file a name under /sitemaps/ asks for ("pages.xml", "salespeople-3.xml"), or null. */
export function sitemapFileOf(name: string): SitemapFile | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  if (match[1]) return { kind: "pages" };
  return { kind: match[2] as "dealerships" | "salespeople", part: Number(match[3]) };
}

const fileName = (file: SitemapFile) =>
  file.kind === "pages" ? "pages.xml" : `${file.kind}-${file.part}.xml`;

/** The index: the pages' file and one file per span of ids up to each table's largest (two index lookups). */
export async function sitemapIndex(sql: Queryable, origin: string): Promise<string> {
  const [row] = await sql<{ dealerships: number | null; salespeople: number | null }[]>`
    select (select max(id) from dealerships) as dealerships, (select max(id) from salespeople) as salespeople`;
  const files: SitemapFile[] = [{ kind: "pages" }];
  for (const kind of ["dealerships", "salespeople"] as const) {
    const parts = Math.ceil((row?.[kind] ?? 0) / SITEMAP_ID_SPAN);
    for (let part = 1; part <= parts; part++) files.push({ kind, part });
  }
  const entries = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(new URL(`/sitemaps/${fileName(file)}`, origin).toString())}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** One file: its span's rows in id order, each with the row's last change. */
export async function sitemapFile(sql: Queryable, origin: string, file: SitemapFile): Promise<string> {
  if (file.kind === "pages") return urlSet(SITEMAP_PUBLIC_PAGES.map((path) => urlEntry(origin, path)));
  const after = (file.part - 1) * SITEMAP_ID_SPAN;
  const through = file.part * SITEMAP_ID_SPAN;
  if (file.kind === "dealerships") {
    const rows = await sql<{ slug: string; updatedAt: Date }[]>`
      select d.slug, d.updated_at as "updatedAt" from dealerships d
       where d.id > ${after} and d.id <= ${through} order by d.id`;
    return urlSet(rows.map((d) => urlEntry(origin, links.dealership(d.slug), d.updatedAt)));
  }
  const rows = await sql<{ id: number; updatedAt: Date }[]>`
    select s.id, s.updated_at as "updatedAt" from salespeople s
     where s.id > ${after} and s.id <= ${through} and ${publiclyListedSql(sql, "s")} order by s.id`;
  return urlSet(rows.map((s) => urlEntry(origin, links.salesperson(s.id), s.updatedAt)));
}

/** robots.txt: everything public may be crawled, the API and the signed-in areas not; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /trpc/",
    "Disallow: /admin/",
    "Allow: /",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`,
    "",
  ].join("\n");
}
