// Seeds the public documents from the Markdown files in content/documents/ on every start: a missing slug is
// added, a document nobody has edited follows the repository's text, and an administrator's edit is never
// overwritten. A plan figure in a document is written as a placeholder ({{price:dealer-basic:month}}) and filled
// in from the one plan declaration (src/shared/plans.ts), so no document states a price checkout does not charge.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  annualSavingsCents,
  cardPrice,
  FREE_TRIAL_DAYS,
  formatCents,
  isPlanId,
  PLANS,
  salespersonLimit,
} from "../../../shared/plans";
import { DOCUMENT_SLUGS, DOCUMENTS } from "../../../shared/schemas/documents";
import type { Queryable } from "../../db/client";
import type { DocumentRow } from "../../db/rows";
import { projectPath } from "../../paths";

export const DOCUMENTS_DIR = projectPath(process.env.CONTENT_DIR ?? "content", "documents");

/**
 * A placeholder's figure: {{name:<plan>}}, {{price:<plan>:month|year}} (a unit's price),
 * {{saving:<plan>}} (what annual billing saves in a year), {{salespeople:<plan>}} (its limit) or {{trialDays}}.
 * An unknown placeholder throws, so a typo never reaches a page.
 */
function planFigure(placeholder: string): string {
  const [what, id = "", interval] = placeholder.split(":");
  if (what === "trialDays") return String(FREE_TRIAL_DAYS);
  if (!isPlanId(id)) throw new Error(`{{${placeholder}}}: no plan "${id}" in src/shared/plans.ts`);
  const plan = PLANS[id];
  if (what === "name") return plan.name;
  if (what === "price" && (interval === "month" || interval === "year"))
    return cardPrice(plan, interval).price;
  if (what === "saving") return formatCents(annualSavingsCents(plan));
  if (what === "salespeople") return String(salespersonLimit(plan, plan.minQuantity) ?? "any number of");
  throw new Error(`{{${placeholder}}} is not a plan figure`);
}

/** Markdown with its plan placeholders filled in from the plan declaration. */
export function fillPlanFigures(markdown: string): string {
  return markdown.replace(/\{\{([\w:-]+)\}\}/g, (_, placeholder: string) => planFigure(placeholder));
}

/** The Markdown source of one document as committed in the repository, its plan figures filled in. */
export function readDocumentSource(slug: string, dir = DOCUMENTS_DIR): string {
  return fillPlanFigures(readFileSync(path.join(dir, `${slug}.md`), "utf8").trim());
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
