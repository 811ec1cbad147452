// The parsers behave like the zod schemas they replace in route definitions (zod is fine in tests).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enumParam, intParam, numberChoiceParam, searchParams, textParam, tokenSearch } from "./searchParams";

const samples: unknown[] = [
  undefined,
  null,
  "",
  "  ",
  " Austin ",
  "x".repeat(61),
  "x".repeat(60),
  0,
  4,
  "4",
  " 4 ",
  4.5,
  "4.0",
  -1,
  "abc",
  true,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  [],
  {},
  "10000",
  10001,
  "browse",
  "busy",
];

/** What the router hands over for a URL value: strings and numbers (it JSON-parses '?page=2'). */
const urlValues = samples.filter((v) => typeof v === "string" || typeof v === "number" || v === undefined);

function same(
  parser: (v: unknown) => unknown,
  schema: z.ZodType,
  rejected: unknown[] = [null, true, [], {}],
) {
  for (const value of urlValues) expect(parser(value), JSON.stringify(value)).toEqual(schema.parse(value));
  // Stricter than zod's coercion, which reads null as the text "null" and true as the number 1.
  for (const value of rejected) expect(parser(value)).toBeUndefined();
}

describe("search-param parsers match the zod schemas they replace", () => {
  it("text", () => {
    same(textParam(60), z.string().trim().min(1).max(60).optional().catch(undefined));
    same(
      textParam(100, { coerce: true }),
      z.coerce.string().trim().min(1).max(100).optional().catch(undefined),
      [null, [], {}],
    );
    expect(textParam(100, { coerce: true })(true)).toBe("true");
  });

  it("enum", () => {
    const values = ["available", "busy", "unavailable", "offline"] as const;
    same(enumParam(values), z.enum(values).optional().catch(undefined));
  });

  it("int", () => {
    same(intParam(1, 10_000), z.coerce.number().int().min(1).max(10_000).optional().catch(undefined));
    // zod's coerce turns "" into 0; an empty URL value means 'not set' here.
    expect(intParam(0, 50)("")).toBeUndefined();
  });

  it("number choice", () => {
    const zodRating = z.coerce
      .number()
      .pipe(z.union([z.literal(5), z.literal(4), z.literal(3)]))
      .optional()
      .catch(undefined);
    same((v) => numberChoiceParam([5, 4, 3] as const)(v), zodRating);
  });
});

describe("searchParams", () => {
  it("keeps known, valid keys only", () => {
    const parse = searchParams({ tab: enumParam(["a", "b"] as const), page: intParam(1, 9) });
    expect(parse({ tab: "b", page: "3", extra: "x" })).toEqual({ tab: "b", page: 3 });
    expect(parse({ tab: "c", page: 0 })).toEqual({});
  });

  it("overrides a bad value laid over a parent's raw search, as the router merges them", () => {
    const parse = searchParams({ tab: enumParam(["a", "b"] as const) });
    const raw = { tab: "appointments" };
    expect({ ...raw, ...parse(raw) }.tab).toBeUndefined();
  });

  it("reads sign-in tokens", () => {
    expect(tokenSearch({ token: " abc " })).toEqual({ token: "abc" });
    expect(tokenSearch({ token: "" })).toEqual({});
    expect(tokenSearch({ token: "t".repeat(201) })).toEqual({});
  });
});
