// What administrators' changes to dealerships and salespeople share: the row locked before it is read, the
// change committed in one transaction (with its audit row) before the browse cache is emptied, and an
// uploaded logo or photo processed before the transaction opens.
import type postgres from "postgres";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { bytesFromDataUrl, processProfileImage } from "../portal/photos";

/** Locks a row for the rest of the transaction; 404 with `notFound` when there is none. */
export async function lockById(
  tx: Queryable,
  table: "dealerships" | "salespeople",
  id: number,
  notFound: string,
) {
  const [locked] = await tx`select id from ${tx(table)} where id = ${id} for update`;
  if (!locked) throw appError("NOT_FOUND", notFound);
}

/** Runs the change in one transaction; once it has committed, browsing no longer shows the old rows. */
export async function commitBrowseChange<T>(
  ctx: Context,
  change: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  const result = (await ctx.sql.begin(change)) as T;
  ctx.browseCache.clear();
  return result;
}

/** An image sent as a data URL, through the salesperson photo pipeline; null for an address stored here. */
export function processedUpload(url: string) {
  return url.startsWith("data:") ? processProfileImage(bytesFromDataUrl(url)) : null;
}
