import { z } from "zod";
import { DOCUMENTS, type DocumentSlug } from "../documents";
import { line, verbatimText } from "./common";

export { DOCUMENTS, type DocumentSlug };

export const DOCUMENT_SLUGS = Object.keys(DOCUMENTS) as DocumentSlug[];

/** Documents are Markdown; large enough for a long policy, small enough to refuse abuse. */
export const DOCUMENT_MAX_CHARS = 100_000;

// Any string is looked up, so an unknown slug answers 404 (a missing page), not 400.
const slugSchema = line({ error: "slug is required" }).min(1, "slug is required").max(64, "slug is too long");

export const documentSlugInput = z.strictObject({ slug: slugSchema });

export const documentUpdateInput = z.strictObject({
  slug: slugSchema,
  title: line().min(1, "Title cannot be empty").max(120, "Title is too long").optional(),
  content: verbatimText({ error: "content is required" })
    .max(
      DOCUMENT_MAX_CHARS,
      `Content is longer than ${DOCUMENT_MAX_CHARS.toLocaleString("en-US")} characters`,
    )
    .refine((text) => text.trim().length > 0, "Content cannot be empty"),
});
export type DocumentUpdateInput = z.infer<typeof documentUpdateInput>;

/** What `documents.get` answers; the REST route answers `{ content, lastUpdated }` of it (docs/product/public-site.md#documents). */
export const documentView = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string().describe("Markdown"),
  lastUpdated: z.date(),
});
export type DocumentView = z.output<typeof documentView>;

/** The documents an administrator may edit, without their text. */
export const documentList = z.array(
  z.object({
    slug: z.string(),
    title: z.string(),
    lastUpdated: z.date(),
    updatedBy: z.string().nullable().describe("E-mail of the last editor; null for the shipped text"),
    characters: z.number().int(),
  }),
);
