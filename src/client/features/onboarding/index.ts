// What other features use of onboarding: the dealership fields (salesperson registration's "not listed"
// choice) and the administrators' Applications tab.
export { ApplicationsTab } from "./ApplicationsTab";
export { type DealershipDraft, DealershipFields, EMPTY_DEALERSHIP } from "./DealershipFields";
