// The signed-in user (or null), read from `auth.me`. Components use the hook; route guards use
// `loadSessionUser`, which shares the same cache entry so both always agree.
import { redirect } from "@tanstack/react-router";
import { safeRedirectPath as safeRedirectPathOn } from "../../shared/links";
import type { SessionUser } from "../../shared/schemas/auth";
import { type TrpcUtils, trpc } from "../trpc";

export type { SessionUser };

export async function loadSessionUser(trpcUtils: TrpcUtils): Promise<SessionUser | null> {
  try {
    return (await trpcUtils.auth.me.ensureData()) ?? null;
  } catch {
    // An unreachable API must not take the public pages down: treat it as signed out.
    return null;
  }
}

export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const me = trpc.auth.me.useQuery(undefined, { throwOnError: false });
  return { user: me.data ?? null, isLoading: me.isPending };
}

export type DashboardPath = "/" | "/salesperson-dashboard" | "/admin/dashboard" | "/bookings";

/** Where "Go to dashboard" leads for each role. */
export function dashboardPathFor(user: SessionUser): DashboardPath {
  switch (user.role) {
    case "customer":
      return "/";
    case "admin":
      return "/admin/dashboard";
    default:
      // Staff of a dealership have its bookings, not a dashboard of their own.
      if (user.dealershipRole === "staff" && user.salespersonId === null && user.managedDealershipId === null)
        return "/bookings";
      return "/salesperson-dashboard";
  }
}

export function displayName(user: SessionUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name.length > 0 ? name : user.email;
}

/**
 * A route guard (`beforeLoad`) for signed-in pages: a signed-out visitor is sent to `to` instead, before the
 * page renders. `/api/login` is the server's sign-in route, so the browser loads it as a document.
 */
export function requireSignIn(to: "/" | "/login" | "/salesperson-login" | "/api/login") {
  return ({ context }: { context: { me: SessionUser | null } }) => {
    if (context.me) return;
    throw to === "/api/login" ? redirect({ href: to, reloadDocument: true }) : redirect({ to });
  };
}

/** Only same-site paths are followed after sign-in: the rule in src/shared/links.ts, against this page's origin. */
export function safeRedirectPath(path: string | null | undefined): string {
  return safeRedirectPathOn(path, window.location.origin);
}
