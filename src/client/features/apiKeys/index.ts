// What other features and routes use of API keys: the /api-keys page.
export { ApiKeysPage } from "./ApiKeysPage";
