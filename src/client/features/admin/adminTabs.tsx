// The admin console's tab panels, one registry: the console draws whatever is registered here for each tab.
import type { ComponentType } from "react";
import type { IconType } from "react-icons";
import {
  LuArrowLeftRight,
  LuBuilding2,
  LuChartLine,
  LuClipboardList,
  LuFileText,
  LuFlag,
  LuHistory,
  LuMail,
  LuMonitorDot,
  LuNetwork,
  LuScale,
  LuShieldAlert,
  LuUserRound,
  LuUsers,
} from "react-icons/lu";
import { DisputesPanel } from "../appointments";
import { ApplicationsTab } from "../onboarding";
import { AdminTransfersTab } from "../transfers";
import type { AdminTab } from "./adminSearch";
import { DealershipsTab } from "./dealerships/DealershipsTab";
import { DealerGroupsTab } from "./groups/DealerGroupsTab";
import {
  AuditTrailTab,
  ContactMessagesTab,
  DocumentsTab,
  FlaggedReviewsTab,
  MisconductTab,
} from "./moderation";
import { MonitorTab } from "./monitor/MonitorTab";
import { OverviewTab } from "./overview/OverviewTab";
import { SalespeopleTab } from "./salespeople/SalespeopleTab";
import { UsersTab } from "./users/UsersTab";

/** A tab's panel; it receives the tab's label (panels that have their own heading ignore it). */
export type AdminTabEntry = { label: string; icon: IconType; panel: ComponentType<{ label: string }> };

export const ADMIN_TAB_PANELS: Record<AdminTab, AdminTabEntry> = {
  overview: { label: "Overview", icon: LuChartLine, panel: OverviewTab },
  users: { label: "Users", icon: LuUsers, panel: UsersTab },
  salespeople: { label: "Salespeople", icon: LuUserRound, panel: SalespeopleTab },
  dealerships: { label: "Dealerships", icon: LuBuilding2, panel: DealershipsTab },
  groups: { label: "Dealer groups", icon: LuNetwork, panel: DealerGroupsTab },
  applications: { label: "Applications", icon: LuClipboardList, panel: ApplicationsTab },
  transfers: { label: "Transfers", icon: LuArrowLeftRight, panel: AdminTransfersTab },
  disputes: { label: "Disputes", icon: LuScale, panel: () => <DisputesPanel who="admin" /> },
  reviews: { label: "Reviews", icon: LuFlag, panel: FlaggedReviewsTab },
  incidents: { label: "Incidents", icon: LuShieldAlert, panel: MisconductTab },
  messages: { label: "Messages", icon: LuMail, panel: ContactMessagesTab },
  documents: { label: "Documents", icon: LuFileText, panel: DocumentsTab },
  audit: { label: "Audit", icon: LuHistory, panel: AuditTrailTab },
  monitor: { label: "Monitor", icon: LuMonitorDot, panel: MonitorTab },
};
