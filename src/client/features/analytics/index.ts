// What other features and routes use of business intelligence: the page, and its URL search params.

export { BusinessIntelligencePage } from "./BusinessIntelligencePage";
export { type BiSearch, type BiTab, biSearchSchema } from "./biSearch";
