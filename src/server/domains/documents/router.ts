import { documentSlugInput, documentUpdateInput } from "../../../shared/schemas/documents";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { getDocument, listDocuments, updateDocument } from "./service";

export const documentsRouter = router({
  get: publicProcedure.input(documentSlugInput).query(({ ctx, input }) => getDocument(ctx.sql, input.slug)),
  list: adminProcedure.query(({ ctx }) => listDocuments(ctx.sql)),
  update: adminProcedure.input(documentUpdateInput).mutation(({ ctx, input }) => updateDocument(ctx, input)),
});
