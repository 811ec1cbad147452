// What other features use of misconduct reports: the report dialog on profiles, and the manager's cases.
export { MisconductCaseItem, MisconductCasesPanel } from "./MisconductCasesPanel";
export { misconductQueries } from "./queries";
export { ReportMisconductDialog } from "./ReportMisconductDialog";
export { categoryLabel, REPORT_STATUS_STYLE, reportStatusStyle } from "./reportLabels";
export type { MisconductCase } from "./types";
