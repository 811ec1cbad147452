// What other features use of the marketing pages: a price plan's card (also on the subscription page).
export { type Plan, PlanCard } from "./PlanCard";
