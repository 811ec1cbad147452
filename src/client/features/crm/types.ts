import type { CrmProvider, CrmProviderCode } from "../../../shared/crm";

/** `crm.providers`: the catalogue keyed by provider code. */
export type ProviderCatalogue = Record<CrmProviderCode, CrmProvider>;
