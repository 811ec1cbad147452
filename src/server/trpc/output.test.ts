import { initTRPC } from "@trpc/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AnswerShapeError, answerSchemaOf, answers } from "./output";

const card = z.object({ id: z.number().int(), name: z.string() });

/** A one-procedure router answering `value`, its answer declared as `card` with `check` on or off. */
function callerAnswering(value: unknown, check: boolean) {
  const t = initTRPC.create();
  const router = t.router({ card: t.procedure.output(answers(card, check)).query(() => value as never) });
  return { caller: t.createCallerFactory(router)({}), router };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("answers", () => {
  it("refuses an answer of the wrong shape when checking (development and tests)", async () => {
    const { caller } = callerAnswering({ id: "7", name: "Ana" }, true);
    const failure = await caller.card().catch((error: { cause?: unknown }) => error.cause);
    expect(failure).toBeInstanceOf(AnswerShapeError);
    expect(String(failure)).toContain("id");
  });

  it("answers the very object the procedure returned, not a copy zod rebuilt", async () => {
    const value = Object.freeze({ id: 7, name: "Ana", extra: "kept" });
    const { caller } = callerAnswering(value, true);
    expect(await caller.card()).toBe(value);
  });

  it("runs no parse at all when not checking (production)", async () => {
    const parse = vi.spyOn(card, "safeParse");
    const wrong = { id: "not a number" };
    const { caller } = callerAnswering(wrong, false);
    expect(await caller.card()).toBe(wrong);
    expect(parse).not.toHaveBeenCalled();
  });

  it("does not check by default when NODE_ENV is production, and does otherwise", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const production = await import("./output");
    expect(production.answers(card)({ id: "wrong" })).toEqual({ id: "wrong" });
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "test");
    const test = await import("./output");
    expect(() => test.answers(card)({ id: "wrong" })).toThrow(test.AnswerShapeError);
  });

  it("in production, builds a procedure's chain without .output() and keeps its schema reachable", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { anyone } = await import("./procedures");
    const output = await import("./output");
    const procedure = anyone.query(card, () => ({ id: "wrong" }) as never);
    expect((procedure._def as { output?: unknown }).output).toBeUndefined();
    expect(output.answerSchemaOf(procedure)).toBe(card);
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "test");
    const checked = (await import("./procedures")).anyone.query(card, () => ({ id: 1, name: "Ana" }));
    expect(typeof (checked._def as { output?: unknown }).output).toBe("function");
    expect((await import("./output")).answerSchemaOf(checked)).toBe(card);
  });

  it("keeps the schema reachable from the procedure, checked or not", () => {
    for (const check of [true, false]) {
      const { router } = callerAnswering({}, check);
      expect(answerSchemaOf(router._def.procedures.card)).toBe(card);
    }
  });
});
