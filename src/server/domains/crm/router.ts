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
import { dealershipProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
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
  providers: dealershipProcedure.output(answers(shape.crmProviders)).query(() => CRM_PROVIDERS),
  integrations: dealershipProcedure
    .input(listIntegrationsInput)
    .output(answers(shape.crmIntegrations))
    .query(({ ctx, input }) => listIntegrations(ctx, input.dealershipId)),
  create: dealershipProcedure
    .input(createIntegrationInput)
    .output(answers(shape.createdIntegration))
    .mutation(({ ctx, input }) => createIntegration(ctx, input)),
  update: dealershipProcedure
    .input(updateIntegrationInput)
    .output(answers(shape.crmIntegration))
    .mutation(({ ctx, input }) => updateIntegration(ctx, input)),
  delete: dealershipProcedure
    .input(integrationRefInput)
    .output(answers(shape.deletedIntegration))
    .mutation(({ ctx, input }) => deleteIntegration(ctx, input.id)),
  test: dealershipProcedure
    .input(integrationRefInput)
    .output(answers(shape.connectionTest))
    .mutation(({ ctx, input }) => testIntegration(ctx, input.id)),
  logs: dealershipProcedure
    .input(integrationLogsInput)
    .output(answers(shape.syncLogPage))
    .query(({ ctx, input }) => integrationLogs(ctx, input)),
  resend: dealershipProcedure
    .input(resendInput)
    .output(answers(shape.resentDelivery))
    .mutation(({ ctx, input }) => resendDelivery(ctx, input.logId)),
});
