// The words of a missing dealership page, for /dealerships/$slug. Kept apart from the page so the route file
// stays light.
import type { RouteStateWords } from "../../routerContext";

export const dealershipRouteWords: RouteStateWords = {
  missingTitle: "Dealership Not Found",
  missingDescription:
    "This dealership page doesn't exist. Browse verified salespeople and their dealerships instead.",
};
