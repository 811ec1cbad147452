// The primitives every input schema is built from: ids, one-line text, long text, dates. Text is checked
// for control characters here, once, so nothing a person types can reach SQL as a NUL byte or forge a log
// line; dates are real calendar dates within a stated range.
import { z } from "zod";
import { ID_MAX } from "../constants";
import { DATE_RANGE, isIsoDate, isIsoDateTime } from "../time";

export { ID_MAX };

export const idSchema = z.coerce.number().int().positive().max(ID_MAX);

/** An id with its own message when missing or not a number. */
export const idWith = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);

export const CONTROL_CHARACTERS_MESSAGE = "Text must not contain control characters";

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: newline, carriage return and tab are allowed
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** One line typed by a person (a name, a search, a title): trimmed, no control characters at all. */
export const line = (params?: { error?: string }) =>
  z.string(params).trim().regex(ONE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** Longer text (a message, a bio, a note): trimmed; newlines and tabs allowed, other control characters not. */
export const text = (params?: { error?: string }) =>
  z.string(params).trim().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);

/** Text kept exactly as written (Markdown): newlines and tabs allowed, other control characters not. */
export const verbatimText = (params?: { error?: string }) =>
  z.string(params).regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30), within DATE_RANGE. */
export const isoDate = (params?: { error?: string }) =>
  z
    .string(params)
    .trim()
    .refine(
      isIsoDate,
      `Date must be a real calendar date (YYYY-MM-DD) between ${DATE_RANGE.minYear} and ${DATE_RANGE.maxYear}`,
    );

/** A date and time, YYYY-MM-DDTHH:MM[:SS[.mmm]] with an optional offset; no rollover (month 13, hour 25). */
export const isoDateTime = (params?: { error?: string }) =>
  z
    .string(params)
    .trim()
    .refine(
      isIsoDateTime,
      `Use a real ISO date and time between ${DATE_RANGE.minYear} and ${DATE_RANGE.maxYear}, e.g. 2026-06-01T09:00`,
    );

/** 'all' or an empty string means a list filter is off, as on the browse page. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === "all" || v === null ? undefined : v), schema.optional());

/** Rows per page of a list unless it says otherwise. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;
export type PageSizes = { readonly default: number; readonly max: number };

/**
 * How every list is paged (docs/api-paging.md): `page`, counted from 1, and `pageSize`. `limit` and `offset`
 * are accepted as well, as the browse list always took them; where given they win over pageSize and page.
 */
export function pagingFields(size: PageSizes = PAGE_SIZE) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(size.max).default(size.default),
    limit: z.coerce.number().int().min(1).max(size.max).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  };
}

/** What every console list takes: a search typed by a person and the page asked for. */
export const listPaging = {
  search: optionalFilter(line().min(1).max(100)),
  ...pagingFields(),
};

// Answers ---------------------------------------------------------------------------------------------------

/** A `{ items, total, page, pageSize }` page of a console list. */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().describe("Matches of the filters over every page"),
    page: z.number().int().describe("This page, from 1"),
    pageSize: z.number().int().describe("Items per page asked for"),
  });

/** One page of a console list. */
export type ListPage<T> = z.output<ReturnType<typeof listPage<z.ZodType<T>>>>;

/** Answers that only confirm. */
export const ok = z.object({ ok: z.literal(true) });

/** Stars of a review category or its average, 1 to 5. */
export const stars = () => z.number().describe("Stars, 1 to 5");

export const offsetInstant = () =>
  z.string().describe("ISO 8601 date-time with the offset of the salesperson's (dealership's) time zone");

export const ianaZone = () => z.string().describe("IANA time zone name, e.g. America/Chicago");

/** Percentages (0-100), null when there is nothing to divide by. */
export const percent = () => z.number().nullable().describe("A percentage (0-100); null when undefined");

export const cents = () => z.number().describe("US cents");

/** A file answered as a download by REST (tRPC callers get it as this object). */
export const downloadFile = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export type DownloadFile = z.output<typeof downloadFile>;
