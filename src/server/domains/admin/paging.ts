// What every console list shares: a search typed by a person, matched as a substring (LIKE's own wildcards
// taken literally), and the page asked for.
import { ADMIN_PAGE_SIZE } from "../../../shared/schemas/admin";

/** `%text%` with `%`, `_` and `\` escaped; null when there is nothing to search for. */
export function likePattern(search: string | undefined): string | null {
  if (!search) return null;
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The page and its size, with the defaults a list without input gets. */
export function pageOf(input: { page?: number; pageSize?: number } | undefined) {
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? ADMIN_PAGE_SIZE.default;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
