import * as shape from "../../../shared/schemas/groups";
import { group, taggedRouter } from "../../trpc/procedures";
import { actAs, myGroup } from "./group";
import { groupReport } from "./report";

/** A dealer group's people: every procedure works on the caller's own group (ctx.groupId). */
export const groupsRouter = taggedRouter("Dealer groups", {
  mine: group.query(shape.dealerGroup, myGroup, {
    rest: { method: "GET", path: "/group" },
    description: "The caller's dealer group: its dealerships with their team, rating and upcoming visits.",
  }),
  actAs: group.mutation(shape.actAsInput, shape.actingDealership, actAs, {
    rest: { method: "PUT", path: "/group/acting-dealership" },
    description:
      "Works on another dealership of the group in this session: the dealership dashboards open on it. Sessions only.",
  }),
  report: group.query(shape.groupReportInput, shape.groupReport, groupReport, {
    rest: { method: "GET", path: "/group/report", scope: "analytics:read" },
    description:
      "The group's month (`?month=YYYY-MM`), its dealerships side by side with the figures of their own monthly reports, and the totals. Owners and managers of the group.",
  }),
});
