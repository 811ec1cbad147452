// What other features and routes use of compliance: the page, its URL search params, and the "Your data" card
// shown on the profile page and in the salesperson dashboard.
export { CompliancePage } from "./CompliancePage";
export { type ComplianceSearch, type ComplianceTab, complianceSearchSchema } from "./complianceSearch";
export { YourDataCard } from "./YourDataCard";
