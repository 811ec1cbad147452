// What the security page reads, declared once for its route and its tabs.
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpcUtils } from "../../trpc";
import type { SecurityTab } from "./securitySearch";

export const securityQueries = {
  overview: () => trpcUtils.security.overview.queryOptions(),
  settings: () => trpcUtils.security.settings.queryOptions(),
  mfaStatus: () => trpcUtils.security.mfaStatus.queryOptions(),
  sessions: () => trpcUtils.security.sessions.queryOptions(),
  passkeys: () => trpcUtils.security.passkeys.queryOptions(),
  linked: () => trpcUtils.identity.linked.queryOptions(),
};

/** The open tab's figures (every signed-in account has them; only administrators the settings). */
export function securityTabQueries(me: SessionUser | null, tab: SecurityTab = "overview") {
  if (!me) return [];
  if (tab === "overview") {
    return [securityQueries.overview(), ...(me.role === "admin" ? [securityQueries.settings()] : [])];
  }
  return [
    ...(tab === "mfa" ? [securityQueries.mfaStatus()] : []),
    ...(tab === "sessions" ? [securityQueries.sessions()] : []),
    ...(tab === "passkeys" ? [securityQueries.passkeys()] : []),
    ...(tab === "linked" ? [securityQueries.linked()] : []),
  ];
}
