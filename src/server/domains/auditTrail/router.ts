import * as shape from "../../../shared/schemas/auditTrail";
import { auditExportInput, auditListInput } from "../../../shared/schemas/auditTrail";
import { router } from "../../trpc/init";
import { managerOrAdmin } from "../../trpc/procedures";
import { exportAudit, listAudit } from "./service";

/** Administrators read the whole trail; a manager the rows of their own dealership (scoped in the service). */
export const auditTrailRouter = router({
  list: managerOrAdmin.query(auditListInput, shape.auditPage, listAudit),
  export: managerOrAdmin.query(auditExportInput, shape.auditExport, exportAudit),
});
