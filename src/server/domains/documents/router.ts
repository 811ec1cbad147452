import * as shape from "../../../shared/schemas/documents";
import { documentSlugInput, documentUpdateInput } from "../../../shared/schemas/documents";
import { router } from "../../trpc/init";
import { admin, anyone } from "../../trpc/procedures";
import { getDocument, listDocuments, updateDocument } from "./service";

export const documentsRouter = router({
  get: anyone.query(documentSlugInput, shape.documentView, (ctx, input) => getDocument(ctx.sql, input.slug)),
  list: admin.query(shape.documentList, (ctx) => listDocuments(ctx.sql)),
  update: admin.mutation(documentUpdateInput, shape.documentView, updateDocument),
});
