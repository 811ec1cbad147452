// The security page keeps its tab in the URL, so a reload or a shared link opens the same view. This is the
// route's validateSearch, which loads with every page: ui/searchParams.ts only, nothing from the feature.
import { enumParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The page's tabs in display order. */
export const SECURITY_TABS = ["overview", "mfa", "passkeys", "linked", "sessions", "events"] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

const securitySearchShape = { tab: enumParam(SECURITY_TABS) };

export const securitySearchSchema = searchParams(securitySearchShape);

export type SecuritySearch = SearchOf<typeof securitySearchShape>;
