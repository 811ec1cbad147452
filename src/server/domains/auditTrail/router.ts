import * as shape from "../../../shared/schemas/auditTrail";
import { TOTAL_COUNT } from "../../rest/declaration";
import { managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { exportAudit, listAudit } from "./service";

/** Administrators read the whole trail; a manager the rows of their own dealership (scoped in the service). */
export const auditTrailRouter = taggedRouter("Administration", {
  list: managerOrAdmin.query(shape.auditListInput, shape.auditPage, listAudit),
  export: managerOrAdmin.query(shape.auditExportInput, shape.auditExport, exportAudit, {
    rest: {
      route: "GET /admin/audit-log",
      shape: (result) =>
        result.format === "csv"
          ? { file: result.file }
          : { body: result.page.items, headers: { "X-Total-Count": String(result.page.total) } },
      responds: { kind: "page", headers: TOTAL_COUNT, file: "text/csv" },
    },
    description:
      "The audit trail (administrators: all of it; managers: their dealership's), filtered by action, entityType, actorEmail, from, to, dealershipId: a JSON page with X-Total-Count, or with format=csv every filtered row as a download.",
  }),
});
