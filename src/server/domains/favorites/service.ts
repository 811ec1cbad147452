// Saved salespeople (the customer dashboard's Favorites tab and the heart on cards and profiles).
import type { SessionUser } from "../../../shared/schemas/auth";
import { appError } from "../../appError";
import type { Sql } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { FavoriteRow } from "../../db/rows";

export async function setFavorite(sql: Sql, user: SessionUser, salespersonId: number, saved: boolean) {
  if (!saved) {
    await sql`delete from favorites where user_id = ${user.id} and salesperson_id = ${salespersonId}`;
    return { salespersonId, saved };
  }
  try {
    await sql`insert into favorites (user_id, salesperson_id) values (${user.id}, ${salespersonId}) on conflict do nothing`;
  } catch (error) {
    if (pgErrorCode(error) === PG.foreignKeyViolation)
      throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    throw error;
  }
  return { salespersonId, saved };
}

export async function favoriteIds(sql: Sql, user: SessionUser): Promise<number[]> {
  const rows = await sql<
    Pick<FavoriteRow, "salesperson_id">[]
  >`select salesperson_id from favorites where user_id = ${user.id}`;
  return rows.map((r) => r.salesperson_id);
}
