// What a document page's route needs before the page loads: the document, and the title of its failed
// state. Kept apart from the page (and from zod) because route definitions load with every page.
import { DOCUMENTS, type DocumentSlug } from "../../../shared/documents";
import type { RouteLoaderContext, RouteStateWords } from "../../routerContext";

/** The loader and words of the route that shows document `slug`; `loadErrorTitle` replaces the default. */
export function documentRoute(slug: DocumentSlug, loadErrorTitle = `Failed to load ${DOCUMENTS[slug]}`) {
  const staticData: RouteStateWords = { loadErrorTitle };
  return {
    staticData,
    loader: ({ context }: { context: RouteLoaderContext }) =>
      context.queryClient.ensureQueryData(context.trpcUtils.documents.get.queryOptions({ slug })),
  };
}
