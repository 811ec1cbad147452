import * as shape from "../../../shared/schemas/documents";
import { documentSlugInput, documentUpdateInput } from "../../../shared/schemas/documents";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { getDocument, listDocuments, updateDocument } from "./service";

export const documentsRouter = router({
  get: publicProcedure
    .input(documentSlugInput)
    .output(answers(shape.documentView))
    .query(({ ctx, input }) => getDocument(ctx.sql, input.slug)),
  list: adminProcedure.output(answers(shape.documentList)).query(({ ctx }) => listDocuments(ctx.sql)),
  update: adminProcedure
    .input(documentUpdateInput)
    .output(answers(shape.documentView))
    .mutation(({ ctx, input }) => updateDocument(ctx, input)),
});
