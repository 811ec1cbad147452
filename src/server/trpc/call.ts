// Calling a procedure by its path with input as it arrived (REST): the procedure validates it, exactly as
// for a tRPC request. The path and its input and output types come from the router, so a REST table entry
// naming a procedure is type-checked against it.
import { callTRPCProcedure, type inferRouterInputs, type inferRouterOutputs } from "@trpc/server";
import type { Context } from "../serviceContext";
import { type AppRouter, appRouter } from "./root";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** "domain.procedure" for every procedure of the router. */
export type ProcedurePath = {
  [D in keyof Inputs & string]: `${D}.${keyof Inputs[D] & string}`;
}[keyof Inputs & string];

/** The entry of a { domain: { procedure: T } } map at "domain.procedure". */
type At<Map, P extends string> = P extends `${infer D}.${infer N}`
  ? D extends keyof Map
    ? N extends keyof Map[D]
      ? Map[D][N]
      : never
    : never
  : never;

export type InputOf<P extends ProcedurePath> = At<Inputs, P>;
export type OutputOf<P extends ProcedurePath> = At<Outputs, P>;

/** The names an input object may carry (for path parameters and query fields mapped into it). */
export type InputKey<P extends ProcedurePath> = keyof NonNullable<InputOf<P>> & string;

export async function callProcedure<P extends ProcedurePath>(
  ctx: Context,
  path: P,
  rawInput: unknown,
): Promise<OutputOf<P>> {
  const output = await callTRPCProcedure({
    router: appRouter,
    path,
    ctx,
    // REST's method says what a route does; the procedure runs whether it is a query or a mutation.
    type: "query",
    allowMethodOverride: true,
    getRawInput: async () => rawInput,
    signal: undefined,
    batchIndex: 0,
  });
  // The procedure's own resolver produced this value; its type is the router's output type for `path`.
  return output as OutputOf<P>;
}
