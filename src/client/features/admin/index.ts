// What other features use of the admin console: the audit trail panel (the compliance page shows it to
// administrators and, scoped to their dealership, to managers).
export { AuditTrailTab } from "./moderation";
