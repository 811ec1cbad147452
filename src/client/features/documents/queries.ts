// What a document page reads, declared once for its route and its page.
import type { DocumentSlug } from "../../../shared/documents";
import { trpcUtils } from "../../trpc";

export const documentQueries = {
  get: (slug: DocumentSlug) => trpcUtils.documents.get.queryOptions({ slug }),
};
