// The profile page's dialogs (SPEC.md section 2: rating, contact; plus misconduct reports). Each lives with
// its feature, so the browse cards and dashboards open the very same dialogs.
export { ContactDialog } from "../messages/ContactDialog";
export { ReportMisconductDialog } from "../reports/ReportMisconductDialog";
export { RateSalespersonDialog } from "../reviews/RateSalespersonDialog";
