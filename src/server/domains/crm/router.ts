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
import { managerOrAdminProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { integrationLogs, resendDelivery, testIntegration } from "./attempts";
import { createIntegration, deleteIntegration, listIntegrations, updateIntegration } from "./service";

/** A dealership's CRM integrations: its manager's (scoped to their dealership) and administrators'. */
export const crmRouter = router({
  providers: managerOrAdminProcedure.output(answers(shape.crmProviders)).query(() => CRM_PROVIDERS),
  integrations: managerOrAdminProcedure
    .input(listIntegrationsInput)
    .output(answers(shape.crmIntegrations))
    .query(({ ctx, input }) => listIntegrations(ctx, input.dealershipId)),
  create: managerOrAdminProcedure
    .input(createIntegrationInput)
    .output(answers(shape.createdIntegration))
    .mutation(({ ctx, input }) => createIntegration(ctx, input)),
  update: managerOrAdminProcedure
    .input(updateIntegrationInput)
    .output(answers(shape.crmIntegration))
    .mutation(({ ctx, input }) => updateIntegration(ctx, input)),
  delete: managerOrAdminProcedure
    .input(integrationRefInput)
    .output(answers(shape.deletedIntegration))
    .mutation(({ ctx, input }) => deleteIntegration(ctx, input.id)),
  test: managerOrAdminProcedure
    .input(integrationRefInput)
    .output(answers(shape.connectionTest))
    .mutation(({ ctx, input }) => testIntegration(ctx, input.id)),
  logs: managerOrAdminProcedure
    .input(integrationLogsInput)
    .output(answers(shape.syncLogPage))
    .query(({ ctx, input }) => integrationLogs(ctx, input)),
  resend: managerOrAdminProcedure
    .input(resendInput)
    .output(answers(shape.resentDelivery))
    .mutation(({ ctx, input }) => resendDelivery(ctx, input.logId)),
});
