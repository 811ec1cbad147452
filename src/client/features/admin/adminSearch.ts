// The admin console keeps its tab in the URL (/admin/dashboard?tab=users), so a reload or a shared link opens
// the same view. This is a route's validateSearch, which loads with every page: ui/searchParams.ts, not zod.
import { enumParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The console's tabs in display order. */
export const ADMIN_TABS = [
  "overview",
  "users",
  "salespeople",
  "dealerships",
  "groups",
  "applications",
  "transfers",
  "disputes",
  "reviews",
  "incidents",
  "messages",
  "documents",
  "audit",
  "monitor",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const adminDashboardSearchShape = { tab: enumParam(ADMIN_TABS) };

export const adminDashboardSearchSchema = searchParams(adminDashboardSearchShape);
export type AdminDashboardSearch = SearchOf<typeof adminDashboardSearchShape>;
