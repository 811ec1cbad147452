import * as shape from "../../../shared/schemas/auditTrail";
import { auditExportInput, auditListInput } from "../../../shared/schemas/auditTrail";
import { managerOrAdminProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { exportAudit, listAudit } from "./service";

/** Administrators read the whole trail; a manager the rows of their own dealership (scoped in the service). */
export const auditTrailRouter = router({
  list: managerOrAdminProcedure
    .input(auditListInput)
    .output(answers(shape.auditPage))
    .query(({ ctx, input }) => listAudit(ctx, input)),
  export: managerOrAdminProcedure
    .input(auditExportInput)
    .output(answers(shape.auditExport))
    .query(({ ctx, input }) => exportAudit(ctx, input)),
});
