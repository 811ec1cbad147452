// The title of a document page's failed state. Kept apart from the page (and from zod) because route
// definitions load with every page.
import { DOCUMENTS, type DocumentSlug } from "../../../shared/documents";
import type { RouteStateWords } from "../../routerContext";

/** The words of the route that shows document `slug`; `loadErrorTitle` replaces the default. */
export function documentRoute(slug: DocumentSlug, loadErrorTitle = `Failed to load ${DOCUMENTS[slug]}`) {
  const staticData: RouteStateWords = { loadErrorTitle };
  return { staticData };
}
