// How every list reads its input (docs/api-paging.md): a search typed by a person becomes a substring LIKE
// pattern with LIKE's own wildcards taken literally, and the page asked for becomes LIMIT and OFFSET, with
// the total of matching rows beside the page.
import { type ListPage, PAGE_SIZE, type PageSizes } from "../../shared/schemas/common";
import type { Queryable } from "./client";

/** `%text%` with `%`, `_` and `\` escaped; null when there is nothing to search for. */
export function containsPattern(search: string | undefined | null): string | null {
  if (!search) return null;
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type PageRequest = { page?: number; pageSize?: number; limit?: number; offset?: number };
export type PageWindow = { page: number; pageSize: number; offset: number };

/**
 * The rows asked for: `limit`/`offset` where given, else `pageSize`/`page`. `page` in the answer is the page
 * the first row falls on, so an offset that is not a whole number of pages still answers a page number.
 */
export function pageWindow(input: PageRequest | undefined, size: PageSizes = PAGE_SIZE): PageWindow {
  const pageSize = input?.limit ?? input?.pageSize ?? size.default;
  const offset = input?.offset ?? ((input?.page ?? 1) - 1) * pageSize;
  return { page: Math.floor(offset / pageSize) + 1, pageSize, offset };
}

/** `limit … offset …` for a page. */
export function limitOffset(sql: Queryable, window: PageWindow) {
  return sql`limit ${window.pageSize} offset ${window.offset}`;
}

/** The answer every list gives: the page's rows, how many match over all pages, and which page this is. */
export async function listPage<T>(
  window: PageWindow,
  rows: PromiseLike<readonly T[]>,
  count: PromiseLike<readonly { n: number }[]>,
): Promise<ListPage<T>> {
  const [items, [counted]] = await Promise.all([rows, count]);
  return { items: [...items], total: counted?.n ?? 0, page: window.page, pageSize: window.pageSize };
}
