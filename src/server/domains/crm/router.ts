import { CRM_PROVIDERS } from "../../../shared/crm";
import * as shape from "../../../shared/schemas/crm";
import { PAGE } from "../../rest/declaration";
import { managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { integrationLogs, resendDelivery, testIntegration } from "./attempts";
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  rotateSigningSecret,
  updateIntegration,
} from "./service";

/**
 * A dealership's CRM integrations: its manager's (scoped to their dealership) and administrators' (who pass
 * dealershipId). Credentials are answered masked.
 */
export const crmRouter = taggedRouter("CRM integrations", {
  providers: managerOrAdmin.query(shape.crmProviders, () => CRM_PROVIDERS, {
    rest: { route: "GET /crm/providers", scope: "crm:events" },
  }),
  integrations: managerOrAdmin.query(shape.listIntegrationsInput, shape.crmIntegrations, listIntegrations, {
    rest: { route: "GET /crm/integrations", scope: "crm:events" },
  }),
  create: managerOrAdmin.mutation(shape.createIntegrationInput, shape.createdIntegration, createIntegration, {
    rest: { route: "POST /crm/integrations", status: 201 },
    description: "Answers the integration once with its `signingSecret`, the key of the webhook signatures.",
  }),
  update: managerOrAdmin.mutation(shape.updateIntegrationInput, shape.crmIntegration, updateIntegration, {
    rest: "PATCH /crm/integrations/:id",
  }),
  delete: managerOrAdmin.mutation(shape.integrationRefInput, shape.deletedIntegration, deleteIntegration, {
    rest: "DELETE /crm/integrations/:id",
  }),
  /** A new signing secret, shown once; the old one stops working at once. */
  rotateSecret: managerOrAdmin.mutation(
    shape.integrationRefInput,
    shape.createdIntegration,
    rotateSigningSecret,
    {
      rest: "POST /crm/integrations/:id/rotate-secret",
      description:
        "A new signing secret for sale events and deliveries, answered once; the old one stops working at once.",
    },
  ),
  /** Calls a dealership's server: limited to 10 at once, then one every 30 seconds. */
  test: managerOrAdmin.mutation(shape.integrationRefInput, shape.connectionTest, testIntegration, {
    limit: { perAccount: { capacity: 10, refillSeconds: 30 } },
    rest: "POST /crm/integrations/:id/test",
  }),
  logs: managerOrAdmin.query(shape.integrationLogsInput, shape.syncLogPage, integrationLogs, {
    rest: { route: "GET /crm/integrations/:id/logs", scope: "crm:events", ...PAGE },
    description:
      "Every delivery attempt, newest first: `?page=&pageSize=&status=success|failure`; X-Total-Count.",
  }),
  resend: managerOrAdmin.mutation(shape.resendInput, shape.resentDelivery, resendDelivery, {
    rest: { route: "POST /crm/logs/:logId/resend", scope: "crm:events" },
  }),
});
