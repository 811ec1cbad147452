// What other features use of misconduct reports: the report dialog on profiles, and the manager's cases.
export { MisconductCasesPanel } from "./MisconductCasesPanel";
export { ReportMisconductDialog } from "./ReportMisconductDialog";
