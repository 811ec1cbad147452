import * as shape from "../../../shared/schemas/documents";
import { admin, anyone, taggedRouter } from "../../trpc/procedures";
import { getDocument, listDocuments, updateDocument } from "./service";

export const documentsRouter = taggedRouter("Documents", {
  get: anyone.query(
    shape.documentSlugInput,
    shape.documentView,
    (ctx, input) => getDocument(ctx.sql, input.slug),
    {
      rest: {
        route: "GET /documents/:slug",
        shape: (doc) => ({ body: { content: doc.content, lastUpdated: doc.lastUpdated } }),
        responds: { kind: "fields", fields: ["content", "lastUpdated"] },
      },
      description: "`{ content, lastUpdated }`: the document's Markdown and when it last changed.",
    },
  ),
  list: admin.query(shape.documentList, (ctx) => listDocuments(ctx.sql)),
  update: admin.mutation(shape.documentUpdateInput, shape.documentView, updateDocument, {
    rest: {
      route: "PUT /documents/:slug",
      shape: (doc) => ({ body: { content: doc.content, lastUpdated: doc.lastUpdated, title: doc.title } }),
      responds: { kind: "fields", fields: ["content", "lastUpdated", "title"] },
    },
    description: "Administrators replace a document's Markdown: body `{ content, title? }`.",
  }),
});
