// What other features use of subscriptions: the current-plan card (with cancel, resume and change plan), the
// change-plan dialog, the invoices list, the plan offer card, and the refresh every change of plan needs.
export { OWNERS_MANAGE_PLAN, planIsTheOwners, useBillingRefresh } from "./billing";
export { ChangePlanDialog } from "./ChangePlanDialog";
export { CurrentPlanCard, type SeatUsage } from "./CurrentPlanCard";
export { InvoicesList } from "./InvoicesList";
export { ChoosePlanLink, PlanFeatures, PlanOffers } from "./PlanOfferCard";
export { subscriptionQueries } from "./queries";
