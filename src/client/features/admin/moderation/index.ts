// The admin console's moderation queues and audit trail, each a whole tab panel (no page chrome).
export { AuditTrailTab } from "./AuditTrailTab";
export { ContactMessagesTab } from "./ContactMessagesTab";
export { DocumentsTab } from "./DocumentsTab";
export { FlaggedReviewsTab } from "./FlaggedReviewsTab";
export { MisconductTab } from "./MisconductTab";
