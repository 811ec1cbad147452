import { auditExportInput, auditListInput } from "../../../shared/schemas/audit";
import { dealershipProcedure, router } from "../../trpc/init";
import { exportAudit, listAudit } from "./service";

/** Administrators read the whole trail; a manager the rows of their own dealership (scoped in the service). */
export const auditRouter = router({
  list: dealershipProcedure.input(auditListInput).query(({ ctx, input }) => listAudit(ctx, input)),
  export: dealershipProcedure.input(auditExportInput).query(({ ctx, input }) => exportAudit(ctx, input)),
});
