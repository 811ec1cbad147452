import { CRM_PROVIDERS } from "../../../shared/crm";
import * as shape from "../../../shared/schemas/crm";
import {
  createIntegrationInput,
  integrationLogsInput,
  integrationRefInput,
  listIntegrationsInput,
  resendInput,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { router } from "../../trpc/init";
import { managerOrAdmin } from "../../trpc/procedures";
import { integrationLogs, resendDelivery, testIntegration } from "./attempts";
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  rotateSigningSecret,
  updateIntegration,
} from "./service";

/** A dealership's CRM integrations: its manager's (scoped to their dealership) and administrators'. */
export const crmRouter = router({
  providers: managerOrAdmin.query(shape.crmProviders, () => CRM_PROVIDERS),
  integrations: managerOrAdmin.query(listIntegrationsInput, shape.crmIntegrations, (ctx, input) =>
    listIntegrations(ctx, input.dealershipId),
  ),
  create: managerOrAdmin.mutation(createIntegrationInput, shape.createdIntegration, createIntegration),
  update: managerOrAdmin.mutation(updateIntegrationInput, shape.crmIntegration, updateIntegration),
  delete: managerOrAdmin.mutation(integrationRefInput, shape.deletedIntegration, deleteIntegration),
  /** A new signing secret, shown once; the old one stops working at once. */
  rotateSecret: managerOrAdmin.mutation(integrationRefInput, shape.createdIntegration, rotateSigningSecret),
  /** Calls a dealership's server: limited to 10 at once, then one every 30 seconds. */
  test: managerOrAdmin.mutation(integrationRefInput, shape.connectionTest, testIntegration, {
    limit: { perAccount: { capacity: 10, refillSeconds: 30 } },
  }),
  logs: managerOrAdmin.query(integrationLogsInput, shape.syncLogPage, integrationLogs),
  resend: managerOrAdmin.mutation(resendInput, shape.resentDelivery, (ctx, input) =>
    resendDelivery(ctx, input.logId),
  ),
});
