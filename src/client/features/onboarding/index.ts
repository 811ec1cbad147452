// What other features use of onboarding: the dealership fields (salesperson registration's "not listed"
// choice, and the ZIP code an independent salesperson works from) and the administrators' Applications tab.
export { ApplicationsTab } from "./ApplicationsTab";
export { type DealershipDraft, DealershipFields, EMPTY_DEALERSHIP, ZipCodeField } from "./DealershipFields";
