// The compliance page keeps its tab in the URL, so a reload or a shared link opens the same view. This is the
// route's validateSearch, which loads with every page: ui/searchParams.ts only, nothing from the feature.
import { enumParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The page's tabs in display order (each role sees the ones it can use). */
export const COMPLIANCE_TABS = ["overview", "requests", "retention", "reports", "audit"] as const;
export type ComplianceTab = (typeof COMPLIANCE_TABS)[number];

const complianceSearchShape = { tab: enumParam(COMPLIANCE_TABS) };

export const complianceSearchSchema = searchParams(complianceSearchShape);

export type ComplianceSearch = SearchOf<typeof complianceSearchShape>;
