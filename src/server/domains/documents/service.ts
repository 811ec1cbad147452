// Public documents (legal pages, FAQs, about us): read by anyone, edited only by administrators.
import { asc, eq, sql } from "drizzle-orm";
import type { DocumentUpdateInput, DocumentView } from "../../../shared/schemas/documents";
import { recordSecurityEvent } from "../../auth/audit";
import type { Context } from "../../context";
import type { Database } from "../../db/client";
import { documents, users } from "../../db/schema";
import { appError } from "../../errors";

const viewColumns = {
  slug: documents.slug,
  title: documents.title,
  content: documents.content,
  lastUpdated: documents.updatedAt,
};

function notFound(slug: string) {
  return appError("NOT_FOUND", `No document named '${slug}'`, "DOCUMENT_NOT_FOUND");
}

export async function getDocument(db: Database, slug: string): Promise<DocumentView> {
  const [row] = await db.select(viewColumns).from(documents).where(eq(documents.slug, slug)).limit(1);
  if (!row) throw notFound(slug);
  return row;
}

export async function listDocuments(db: Database) {
  return db
    .select({
      slug: documents.slug,
      title: documents.title,
      lastUpdated: documents.updatedAt,
      updatedBy: users.email,
      characters: sql<number>`char_length(${documents.content})::int`,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.updatedBy))
    .orderBy(asc(documents.slug));
}

/** Replaces a document's Markdown (and optionally its title); the edit is recorded as a privileged change. */
export async function updateDocument(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: DocumentUpdateInput,
): Promise<DocumentView> {
  const [row] = await ctx.db
    .update(documents)
    .set({
      content: input.content,
      ...(input.title ? { title: input.title } : {}),
      updatedAt: sql`now()`,
      updatedBy: ctx.user.id,
    })
    .where(eq(documents.slug, input.slug))
    .returning(viewColumns);
  if (!row) throw notFound(input.slug);
  await recordSecurityEvent(ctx, {
    eventType: "document_updated",
    riskLevel: "medium",
    details: `document ${input.slug} (${input.content.length} characters)`,
  });
  return row;
}
