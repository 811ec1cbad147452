import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { browseSalespeopleInput } from "../../shared/schemas/salespeople";
import { inputSchemaOf, REMEMBERED_INPUTS, rememberingParser } from "./procedures";
import { appRouter } from "./root";

const filters = z.strictObject({
  city: z.string().trim().min(1).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

describe("a procedure that remembers its inputs", () => {
  it("parses each raw input once and answers later asks with the same frozen value", async () => {
    const parse = vi.spyOn(filters, "parseAsync");
    const parser = rememberingParser(filters);
    const first = await parser({ city: " Austin ", offset: "12" });
    const again = await parser({ city: " Austin ", offset: "12" });
    const other = await parser({ city: "Dallas" });
    expect(first).toEqual({ city: "Austin", offset: 12 });
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(other).toEqual({ city: "Dallas", offset: 0 });
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });

  it("refuses bad input every time it is asked (a refusal is not remembered)", async () => {
    const parse = vi.spyOn(filters, "parseAsync");
    const parser = rememberingParser(filters);
    await expect(parser({ offset: "-1" })).rejects.toThrow(z.ZodError);
    await expect(parser({ offset: "-1" })).rejects.toThrow(z.ZodError);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });

  it(`keeps the latest ${REMEMBERED_INPUTS} inputs, dropping the oldest first`, async () => {
    const parse = vi.spyOn(filters, "parseAsync");
    const parser = rememberingParser(filters);
    for (let offset = 0; offset <= REMEMBERED_INPUTS; offset++) await parser({ offset });
    expect(parse).toHaveBeenCalledTimes(REMEMBERED_INPUTS + 1);
    await parser({ offset: REMEMBERED_INPUTS }); // the newest: still kept
    await parser({ offset: 1 }); // kept: only the oldest went
    expect(parse).toHaveBeenCalledTimes(REMEMBERED_INPUTS + 1);
    await parser({ offset: 0 }); // the oldest: dropped, so parsed again
    expect(parse).toHaveBeenCalledTimes(REMEMBERED_INPUTS + 2);
    parse.mockRestore();
  });

  it("still shows its schema to the REST paths and the API reference: browse remembers, and names its filters", () => {
    const browse = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>)[
      "salespeople.list"
    ]!;
    expect(browse._def.inputs[0]).not.toBe(browseSalespeopleInput);
    expect(inputSchemaOf(browse)).toBe(browseSalespeopleInput);
  });
});
