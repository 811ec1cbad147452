// What other features use of dealerships' pages: a dealership's name linking to its page (browse cards,
// profiles, the nearby map).
export { DealershipLink } from "./DealershipLink";
