// The words of a missing profile, for /salespeople/$id and /salesperson/$id. Kept apart from the page so
// route files stay light.
import type { RouteStateWords } from "../../routerContext";

export const salespersonRouteWords: RouteStateWords = {
  missingTitle: "Salesperson Not Found",
  missingDescription:
    "This profile doesn't exist or is no longer listed. Browse other verified salespeople instead.",
};
