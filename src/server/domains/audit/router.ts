import * as shape from "../../../shared/schemas/audit";
import { auditExportInput, auditListInput } from "../../../shared/schemas/audit";
import { dealershipProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { exportAudit, listAudit } from "./service";

/** Administrators read the whole trail; a manager the rows of their own dealership (scoped in the service). */
export const auditRouter = router({
  list: dealershipProcedure
    .input(auditListInput)
    .output(answers(shape.auditPage))
    .query(({ ctx, input }) => listAudit(ctx, input)),
  export: dealershipProcedure
    .input(auditExportInput)
    .output(answers(shape.auditExport))
    .query(({ ctx, input }) => exportAudit(ctx, input)),
});
