// URL search-param parsers for route definitions. A route's validateSearch loads with the app (TanStack
// Router can't code-split it), so these few lines stand in for zod there: zod in any route definition
// puts ~24 KB gzip on every page, the landing page included. Each parser answers undefined for a missing or
// malformed value, as zod's `.optional().catch(undefined)` would; keys that parse to undefined are left out.
// Components and forms keep using zod; only route definitions need these.

export type ParamParser<T> = (value: unknown) => T | undefined;

/** Trimmed text of 1..max characters. `coerce` also accepts numbers and booleans (the router parses
 * `?search=2024` as the number 2024). */
export function textParam(max: number, options: { coerce?: boolean } = {}): ParamParser<string> {
  return (value) => {
    const raw =
      typeof value === "string"
        ? value
        : options.coerce && (typeof value === "number" || typeof value === "boolean")
          ? String(value)
          : undefined;
    const text = raw?.trim();
    return text && text.length <= max ? text : undefined;
  };
}

/** One of a fixed list of strings. */
export function enumParam<const T extends string>(values: readonly T[]): ParamParser<T> {
  return (value) =>
    typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A whole number in [min, max], from a number or a numeric string. */
export function intParam(min: number, max: number): ParamParser<number> {
  return (value) => {
    const n = toNumber(value);
    return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
}

/** One of a fixed list of numbers, from a number or a numeric string. */
export function numberChoiceParam<const T extends number>(values: readonly T[]): ParamParser<T> {
  return (value) => {
    const n = toNumber(value);
    return n !== undefined && (values as readonly number[]).includes(n) ? (n as T) : undefined;
  };
}

export type SearchOf<S extends Record<string, ParamParser<unknown>>> = {
  [K in keyof S]?: S[K] extends ParamParser<infer T> ? T : never;
};

/**
 * A validateSearch function: known keys parsed, unknown keys and bad values dropped. A bad value is answered as
 * an explicit `undefined`, not left out: the router lays a route's search over its parents' raw one, so a key
 * left out would show through unparsed (`/?tab=appointments` opened a tab that does not exist).
 */
export function searchParams<S extends Record<string, ParamParser<unknown>>>(
  shape: S,
): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      out[key] = shape[key]!(search[key]);
    }
    return out as SearchOf<S>;
  };
}

/** `?case=123` on the contact page: the support case a follow-up answers. */
export const contactSearch = searchParams({ case: intParam(1, 2_147_483_647) });

/** `?token=...` on the sign-in pages. */
export const tokenSearch = searchParams({ token: textParam(200, { coerce: true }) });

/**
 * The sign-in pages: `?token=` (a sign-in link), and where a provider sign-in came back to: `?challenge=` (its
 * second step) or `?signInError=` (why it failed).
 */
export const signInSearch = searchParams({
  token: textParam(200, { coerce: true }),
  challenge: textParam(64),
  signInError: textParam(40),
});
