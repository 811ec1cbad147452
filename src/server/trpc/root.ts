// The root router: one sub-router per domain. The client imports only `type AppRouter` from here.
import { adminRouter } from "../domains/admin/router";
import { analyticsRouter } from "../domains/analytics/router";
import { apiKeysRouter } from "../domains/apiKeys/router";
import { appointmentsRouter, availabilityRouter, visitDisputesRouter } from "../domains/appointments/router";
import { auditTrailRouter } from "../domains/auditTrail/router";
import { authRouter } from "../domains/auth/router";
import { calendarRouter } from "../domains/calendar/router";
import { certificationsRouter } from "../domains/certifications/router";
import { complianceRouter } from "../domains/compliance/router";
import { crmRouter } from "../domains/crm/router";
import { documentsRouter } from "../domains/documents/router";
import { favoritesRouter } from "../domains/favorites/router";
import { groupsRouter } from "../domains/groups/router";
import { identityRouter } from "../domains/identity/router";
import { invitationsRouter } from "../domains/invitations/router";
import { liveRouter } from "../domains/live/router";
import { managerRouter } from "../domains/manager/router";
import { messagesRouter } from "../domains/messages/router";
import { misconductRouter } from "../domains/misconduct/router";
import { notificationsRouter } from "../domains/notifications/router";
import { onboardingRouter } from "../domains/onboarding/router";
import { portalRouter } from "../domains/portal/router";
import { purchasesRouter } from "../domains/purchases/router";
import { reviewsRouter } from "../domains/reviews/router";
import { salespeopleRouter } from "../domains/salespeople/router";
import { securityRouter } from "../domains/security/router";
import { siteRouter } from "../domains/site/router";
import { subscriptionsRouter } from "../domains/subscriptions/router";
import { textingRouter } from "../domains/texting/router";
import { transfersRouter } from "../domains/transfers/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  salespeople: salespeopleRouter,
  admin: adminRouter,
  appointments: appointmentsRouter,
  availability: availabilityRouter,
  notifications: notificationsRouter,
  texting: textingRouter,
  documents: documentsRouter,
  site: siteRouter,
  portal: portalRouter,
  reviews: reviewsRouter,
  messages: messagesRouter,
  favorites: favoritesRouter,
  misconduct: misconductRouter,
  manager: managerRouter,
  groups: groupsRouter,
  transfers: transfersRouter,
  auditTrail: auditTrailRouter,
  subscriptions: subscriptionsRouter,
  crm: crmRouter,
  analytics: analyticsRouter,
  security: securityRouter,
  identity: identityRouter,
  compliance: complianceRouter,
  apiKeys: apiKeysRouter,
  invitations: invitationsRouter,
  onboarding: onboardingRouter,
  certifications: certificationsRouter,
  disputes: visitDisputesRouter,
  purchases: purchasesRouter,
  live: liveRouter,
  calendar: calendarRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
