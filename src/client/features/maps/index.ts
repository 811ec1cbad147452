// What other features use of maps: dealerships near the customer, one dealership's location card, and its
// contact lines (the manager's overview, a salesperson's profile).
export { ContactLine, PostalAddress, telHref } from "./ContactLine";
export { DealershipLocationCard } from "./DealershipLocationCard";
export { NearbyDealerships } from "./NearbyDealerships";
