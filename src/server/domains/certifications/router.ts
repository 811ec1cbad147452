import * as shape from "../../../shared/schemas/certifications";
import { managerOrAdmin, salesperson, taggedRouter } from "../../trpc/procedures";
import {
  addCertification,
  myCertifications,
  pendingCertifications,
  rejectCertification,
  removeCertification,
  salespersonCertifications,
  updateCertification,
  verifyCertification,
} from "./service";

/** A salesperson's own certifications, and their verification by the dealership's manager or an administrator. */
export const certificationsRouter = taggedRouter("Certifications", {
  mine: salesperson.query(shape.certifications, myCertifications, {
    rest: "GET /salesperson/certifications",
  }),
  /** Each queues a verification for a manager: limited to 20 at once, then one every 5 minutes. A profile also holds at most CERTIFICATIONS_PER_PROFILE of them. */
  add: salesperson.mutation(shape.addCertificationInput, shape.certification, addCertification, {
    limit: {
      perAddress: { capacity: 40, refillSeconds: 150 },
      perAccount: { capacity: 20, refillSeconds: 300 },
    },
    rest: { route: "POST /salesperson/certifications", status: 201 },
  }),
  update: salesperson.mutation(shape.updateCertificationInput, shape.certification, updateCertification, {
    rest: "PUT /salesperson/certifications/:id",
  }),
  remove: salesperson.mutation(shape.certificationIdInput, shape.removedCertification, removeCertification, {
    rest: "DELETE /salesperson/certifications/:id",
  }),
  /** A manager's team's unverified certifications; an administrator's, independents'. */
  pending: managerOrAdmin.query(shape.pendingCertifications, pendingCertifications, {
    rest: "GET /certifications/pending",
  }),
  forSalesperson: managerOrAdmin.query(
    shape.salespersonCertificationsInput,
    shape.pendingCertifications,
    salespersonCertifications,
    { rest: "GET /salespeople/:salespersonId/certifications" },
  ),
  verify: managerOrAdmin.mutation(shape.certificationIdInput, shape.certification, verifyCertification, {
    rest: "POST /certifications/:id/verify",
  }),
  /** Deletes the certification and tells the salesperson (with the reason, when given). */
  reject: managerOrAdmin.mutation(
    shape.rejectCertificationInput,
    shape.removedCertification,
    rejectCertification,
    {
      rest: "POST /certifications/:id/reject",
      description: "Body `{ reason? }`: the certification is deleted and the salesperson told why.",
    },
  ),
});
