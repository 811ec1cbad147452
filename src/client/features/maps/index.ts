// What other features use of maps: dealerships near the customer, and one dealership's location card.
export { DealershipLocationCard } from "./DealershipLocationCard";
export { NearbyDealerships } from "./NearbyDealerships";
