// Who may act on a salesperson's calendar: the salesperson, or the manager of their dealership.
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../../../shared/schemas/auth";
import { salespeople } from "../../db/schema";

/** SQL condition on `salespeople` that holds only for rows the user may manage (false for everyone else). */
export function managesSalesperson(user: SessionUser | null): SQL {
  if (!user) return sql`false`;
  const conditions: SQL[] = [];
  if (user.salespersonId !== null) conditions.push(eq(salespeople.id, user.salespersonId));
  if (user.managedDealershipId !== null)
    conditions.push(eq(salespeople.dealershipId, user.managedDealershipId));
  if (user.role === "admin") conditions.push(sql`true`);
  return conditions.length > 0 ? (or(...conditions) as SQL) : sql`false`;
}

export function managesSalespersonId(user: SessionUser | null, salespersonId: number): SQL {
  return and(eq(salespeople.id, salespersonId), managesSalesperson(user)) as SQL;
}
