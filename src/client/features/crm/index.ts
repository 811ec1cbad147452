// What other features and routes use of CRM integrations: the /crm page.
export { CrmPage } from "./CrmPage";
