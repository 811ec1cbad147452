// Seeds the public documents from the Markdown files in content/documents/, once per slug: a document an
// administrator has edited is never overwritten, and a slug added to the repository appears on next start.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DOCUMENT_SLUGS, DOCUMENTS } from "../../../shared/schemas/documents";
import type { Queryable } from "../../db/client";

export const DOCUMENTS_DIR = path.resolve(process.env.CONTENT_DIR ?? "content", "documents");

/** The Markdown source of one document as committed in the repository. */
export function readDocumentSource(slug: string, dir = DOCUMENTS_DIR): string {
  return readFileSync(path.join(dir, `${slug}.md`), "utf8").trim();
}

/** Inserts every document that is not in the database yet; answers the slugs it inserted. */
export async function seedDocuments(sql: Queryable, dir = DOCUMENTS_DIR): Promise<string[]> {
  const rows = DOCUMENT_SLUGS.map((slug) => ({
    slug,
    title: DOCUMENTS[slug],
    content: readDocumentSource(slug, dir),
  }));
  const inserted = await sql<{ slug: string }[]>`
    insert into documents ${sql(rows, "slug", "title", "content")}
    on conflict (slug) do nothing
    returning slug`;
  return inserted.map((r) => r.slug);
}
