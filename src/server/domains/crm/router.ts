import { CRM_PROVIDERS } from "../../../shared/crm";
import {
  createIntegrationInput,
  integrationLogsInput,
  integrationRefInput,
  listIntegrationsInput,
  resendInput,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { dealershipProcedure, router } from "../../trpc/init";
import {
  createIntegration,
  deleteIntegration,
  integrationLogs,
  listIntegrations,
  resendDelivery,
  testIntegration,
  updateIntegration,
} from "./service";

/** A dealership's CRM integrations: its manager's (scoped to their dealership) and administrators'. */
export const crmRouter = router({
  providers: dealershipProcedure.query(() => CRM_PROVIDERS),
  integrations: dealershipProcedure
    .input(listIntegrationsInput)
    .query(({ ctx, input }) => listIntegrations(ctx, input.dealershipId)),
  create: dealershipProcedure
    .input(createIntegrationInput)
    .mutation(({ ctx, input }) => createIntegration(ctx, input)),
  update: dealershipProcedure
    .input(updateIntegrationInput)
    .mutation(({ ctx, input }) => updateIntegration(ctx, input)),
  delete: dealershipProcedure
    .input(integrationRefInput)
    .mutation(({ ctx, input }) => deleteIntegration(ctx, input.id)),
  test: dealershipProcedure
    .input(integrationRefInput)
    .mutation(({ ctx, input }) => testIntegration(ctx, input.id)),
  logs: dealershipProcedure
    .input(integrationLogsInput)
    .query(({ ctx, input }) => integrationLogs(ctx, input)),
  resend: dealershipProcedure
    .input(resendInput)
    .mutation(({ ctx, input }) => resendDelivery(ctx, input.logId)),
});
