// Seeds the public documents from the Markdown files in content/documents/ on every start: a missing slug is
// added, a document nobody has edited follows the repository's text, and an administrator's edit is never
// overwritten.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DOCUMENT_SLUGS, DOCUMENTS } from "../../../shared/schemas/documents";
import type { Queryable } from "../../db/client";
import type { DocumentRow } from "../../db/rows";
import { projectPath } from "../../paths";

export const DOCUMENTS_DIR = projectPath(process.env.CONTENT_DIR ?? "content", "documents");

/** The Markdown source of one document as committed in the repository. */
export function readDocumentSource(slug: string, dir = DOCUMENTS_DIR): string {
  return readFileSync(path.join(dir, `${slug}.md`), "utf8").trim();
}

/** Inserts missing documents and refreshes unedited ones whose source changed; answers the slugs written. */
export async function seedDocuments(sql: Queryable, dir = DOCUMENTS_DIR): Promise<string[]> {
  const rows = DOCUMENT_SLUGS.map((slug) => ({
    slug,
    title: DOCUMENTS[slug],
    content: readDocumentSource(slug, dir),
  }));
  const inserted = await sql<Pick<DocumentRow, "slug">[]>`
    insert into documents ${sql(rows, "slug", "title", "content")}
    on conflict (slug) do update
      set content = excluded.content, title = excluded.title, updated_at = now()
      where documents.updated_by is null
        and (documents.content, documents.title) is distinct from (excluded.content, excluded.title)
    returning slug`;
  return inserted.map((r) => r.slug);
}
