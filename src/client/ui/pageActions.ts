// Onward links that several pages offer, so the same words lead to the same place everywhere.
import type { InfoAction } from "./InfoPage";

export const BACK_HOME: InfoAction = { label: "Back to home", to: "/" };
export const START_AS_CUSTOMER: InfoAction = { label: "Start as Customer", to: "/login" };
export const GET_STARTED: InfoAction = { label: "Get Started", to: "/login" };
export const START_FREE_TRIAL: InfoAction = { label: "Start Free Trial", to: "/login" };
export const CONTACT_US: InfoAction = { label: "Contact us", to: "/contact" };
export const CONTACT_SALES: InfoAction = { label: "Contact Sales", to: "/contact" };
export const DEALERSHIP_PLANS: InfoAction = { label: "Dealership plans", to: "/dealer-subscription" };
export const DEALERSHIP_FAQ: InfoAction = { label: "Dealership FAQ", to: "/faq/dealership" };
export const LIST_YOUR_DEALERSHIP: InfoAction = {
  label: "List your dealership",
  to: "/list-your-dealership",
};
export const ADMIN_LOGIN: InfoAction = { label: "Administrator Login", to: "/admin/login" };
export const PRIVACY_POLICY: InfoAction = { label: "Privacy Policy", to: "/privacy-policy" };

/** A page's actions: the first is the solid, primary button and the others are outlined. */
export function actionsLedBy(primary: InfoAction, ...others: InfoAction[]): InfoAction[] {
  return [{ ...primary, primary: true }, ...others];
}
