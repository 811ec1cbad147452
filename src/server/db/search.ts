// How a search typed by a person becomes a LIKE pattern: a substring match with LIKE's own wildcards taken
// literally, and the page of a console list as LIMIT and OFFSET.

/** `%text%` with `%`, `_` and `\` escaped; null when there is nothing to search for. */
export function containsPattern(search: string | undefined | null): string | null {
  if (!search) return null;
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The page asked for, with its offset. */
export function pageWindow(input: { page?: number; pageSize?: number } | undefined, defaultSize = 20) {
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
