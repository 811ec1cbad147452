// A dealer group's month, its dealerships side by side: each dealership's figures are the totals of its own monthly
// report (the same statement, the same window in its time zone), and the group's are theirs added up the way a
// report adds its salespeople (addFigures).
import { type GroupRole, isGroupLead } from "../../../shared/constants";
import type { GroupReport } from "../../../shared/schemas/groups";
import type { MonthlyFigures } from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { percent } from "../analytics/scope";
import { addFigures, monthWindowSql, teamFigures } from "../manager/monthlyReport";
import { type GroupCtx, groupName } from "./group";

/** Refuses (403) what only a group's owners and managers do. */
function requireGroupLead(ctx: { groupRole: GroupRole }) {
  if (!isGroupLead(ctx.groupRole))
    throw appError("FORBIDDEN", "Only the group's owners and managers can do this.", "GROUP_LEADS_ONLY");
}

const withConversion = (figures: MonthlyFigures) => ({
  ...figures,
  conversionRate: percent(figures.completed, figures.appointments),
});

export async function groupReport(ctx: GroupCtx, { month }: { month: string }): Promise<GroupReport> {
  requireGroupLead(ctx);
  const [name, windows] = await Promise.all([
    groupName(ctx.sql, ctx.groupId),
    ctx.sql<{ id: number; name: string; timeZone: string; from: Date; to: Date }[]>`
      select id, name, time_zone as "timeZone", ${monthWindowSql(ctx.sql, month)}
        from dealerships where group_id = ${ctx.groupId}
       order by name, id`,
  ]);
  const dealerships = await Promise.all(
    windows.map(async ({ from, to, ...dealership }) => {
      const { rows, totals } = await teamFigures(ctx.sql, dealership.id, { from, to });
      return { dealership, from, to, salespeople: rows.length, figures: totals };
    }),
  );
  return {
    group: { id: ctx.groupId, name },
    month,
    generatedAt: new Date(),
    dealerships: dealerships.map((d) => ({ ...d, figures: withConversion(d.figures) })),
    totals: withConversion(addFigures(dealerships.map((d) => d.figures))),
  };
}
