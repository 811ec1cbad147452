import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// patches/@trpc+server+11.19.0+001+chain-spreads.patch (docs/operations/runtime-tuning.md): each level of a
// procedure's middleware chain copies the call's options with native object spreads, as tRPC's source writes
// them, where its build called a helper that copied a key at a time.

/** The text of the installed middleware chain (`callRecursive`), from the chunk of tRPC's dist that defines it. */
function installedChain(): string {
  const dist = dirname(createRequire(import.meta.url).resolve("@trpc/server"));
  for (const file of readdirSync(dist).filter((name) => name.endsWith(".mjs"))) {
    const text = readFileSync(join(dist, file), "utf8");
    const start = text.indexOf("async function callRecursive(");
    if (start >= 0) return text.slice(start, text.indexOf("\n}\n", start));
  }
  throw new Error(`no callRecursive in ${dist}: tRPC's chain moved, and the patch with it`);
}

describe("tRPC's middleware chain, as patched at install", () => {
  const t = initTRPC.context<{ caller: string; shared?: string }>().create();

  it("hands each level the caller's options, a context merged over the last, and the input its raw input parses to", async () => {
    const seen: unknown[] = [];
    const procedure = t.procedure
      .use(({ ctx, next, path, type }) => {
        seen.push({ level: 1, ctx, path, type });
        return next({ ctx: { shared: "from level 1", added: 1 } });
      })
      .use(async ({ ctx, next, getRawInput }) => {
        seen.push({ level: 2, ctx, raw: await getRawInput() });
        return next({ ctx: { added: 2 } });
      })
      .use(({ next }) => next({ getRawInput: async () => ({ n: 5 }) }))
      .input(z.object({ n: z.number() }))
      .use(async ({ ctx, input, next, getRawInput }) => {
        seen.push({ level: 3, ctx, input, raw: await getRawInput() });
        return next({ input: { n: input.n + 1 } });
      })
      .query(({ ctx, input }) => ({ ctx, input }));
    const router = t.router({ probe: procedure });
    const answer = await t
      .createCallerFactory(router)({ caller: "test", shared: "caller's" })
      .probe({ n: 1 });

    expect(seen).toEqual([
      { level: 1, ctx: { caller: "test", shared: "caller's" }, path: "probe", type: "query" },
      { level: 2, ctx: { caller: "test", shared: "from level 1", added: 1 }, raw: { n: 1 } },
      { level: 3, ctx: { caller: "test", shared: "from level 1", added: 2 }, input: { n: 5 }, raw: { n: 5 } },
    ]);
    expect(answer).toEqual({ ctx: { caller: "test", shared: "from level 1", added: 2 }, input: { n: 6 } });
  });

  it("answers a level's failure as the procedure's error", async () => {
    const failing = t.procedure
      .use(() => {
        throw new Error("refused at level 1");
      })
      .query(() => "never");
    const caller = t.createCallerFactory(t.router({ failing }))({ caller: "test" });
    await expect(caller.failing()).rejects.toThrow("refused at level 1");
  });

  it("copies with native spreads, not the build's helper (the patch)", () => {
    const chain = installedChain();
    expect(chain).toContain("...opts");
    expect(chain).not.toContain("_objectSpread2");
  });
});
