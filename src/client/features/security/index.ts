// What other features and routes use of account security: the page, and its URL search params.

export { SecurityPage } from "./SecurityPage";
export { type SecuritySearch, type SecurityTab, securitySearchSchema } from "./securitySearch";
