// Public documents (legal pages, FAQs, about us): read by anyone, edited only by administrators.
import type { DocumentUpdateInput, DocumentView } from "../../../shared/schemas/documents";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import type { Queryable } from "../../db/client";
import type { DocumentFields, UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";

/** A document as the public pages read it. */
function viewColumns(sql: Queryable) {
  return sql`slug, title, content, updated_at as "lastUpdated"`;
}

function notFound(slug: string) {
  return appError("NOT_FOUND", `No document named '${slug}'`, "DOCUMENT_NOT_FOUND");
}

export async function getDocument(sql: Queryable, slug: string): Promise<DocumentView> {
  const [row] = await sql<DocumentView[]>`
    select ${viewColumns(sql)} from documents where slug = ${slug} limit 1`;
  if (!row) throw notFound(slug);
  return row;
}

export async function listDocuments(sql: Queryable) {
  const rows = await sql<
    (Pick<DocumentFields, "slug" | "title"> & {
      lastUpdated: DocumentFields["updatedAt"];
      updatedBy: UserRow["email"] | null;
      characters: number;
    })[]
  >`
    select d.slug, d.title, d.updated_at as "lastUpdated", u.email as "updatedBy",
           char_length(d.content)::int as characters
      from documents d
      left join users u on u.id = d.updated_by
     order by d.slug asc`;
  return [...rows];
}

/**
 * Replaces a document's Markdown (and optionally its title). The edit and its audit row (the text before
 * and after) commit together; it is also recorded as a privileged change.
 */
export async function updateDocument(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: DocumentUpdateInput,
): Promise<DocumentView> {
  const row = await ctx.sql.begin(async (tx) => {
    const [before] = await tx<Pick<DocumentFields, "title" | "content">[]>`
      select title, content from documents where slug = ${input.slug} for update`;
    if (!before) throw notFound(input.slug);
    const [after] = await tx<DocumentView[]>`
      update documents
         set content = ${input.content}, ${input.title ? tx`title = ${input.title},` : tx``}
             updated_at = now(), updated_by = ${ctx.user.id}
       where slug = ${input.slug}
       returning ${viewColumns(tx)}`;
    await recordAudit(ctx, tx, {
      action: "document.update",
      entityId: input.slug,
      before: { title: before.title, content: before.content },
      after: { title: after!.title, content: after!.content },
    });
    return after!;
  });
  await recordSecurityEvent(ctx, {
    eventType: "document_updated",
    riskLevel: "medium",
    details: `document ${input.slug} (${input.content.length} characters)`,
  });
  return row;
}
