// A procedure declared in one line: its tier, input schema, answer schema and the service call, in the order
// tRPC's own chain takes them. What it builds is that chain (tier.input().output(answers()).query()), so
// OpenAPI (rest/openapi.ts) and the REST table read each procedure's schemas and tier as before.
import type {
  TRPCMutationProcedure,
  TRPCProcedureBuilder,
  TRPCQueryProcedure,
  TRPCUnsetMarker,
} from "@trpc/server";
import type { z } from "zod";
import {
  adminEvenWithoutMfaProcedure,
  adminProcedure,
  type Context,
  customerProcedure,
  managerOrAdminProcedure,
  managerProcedure,
  type ProcedureMeta,
  publicProcedure,
  salespersonOrManagerOrAdminProcedure,
  salespersonProcedure,
  signedInProcedure,
} from "./init";
import { answers } from "./output";

/** A tier of trpc/init.ts (or one with its meta changed), before input and output are given. */
type Tier = TRPCProcedureBuilder<
  Context,
  ProcedureMeta,
  object,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  false
>;

/** The context a tier hands its procedures (narrowed by its middleware: a manager's dealershipId, …). */
type TierContext<T extends Tier> = Parameters<Parameters<T["query"]>[0]>[0]["ctx"];

type Answer<O extends z.ZodType> = z.output<O> | Promise<z.output<O>>;
type WithInput<I extends z.ZodType, O extends z.ZodType> = {
  input: z.input<I>;
  output: z.output<O>;
  meta: ProcedureMeta;
};
// biome-ignore lint/suspicious/noConfusingVoidType: tRPC types the input of a procedure that takes none as void.
type WithoutInput<O extends z.ZodType> = { input: void; output: z.output<O>; meta: ProcedureMeta };

/**
 * The procedures of one tier: `query(input, answer, run)` or, with nothing to read, `query(answer, run)`;
 * likewise `mutation`. `run` gets the tier's context and the parsed input; its answer is declared by the
 * schema through `answers()` (checked outside production).
 */
export function procedures<T extends Tier>(tier: T) {
  type Ctx = TierContext<T>;
  // The chain on a generic tier loses the tier's context type; the signatures below restate what tRPC infers
  // for a concrete one (DefaultValue and IntersectIfDefined of unset markers resolve to these).
  const builder = tier as Tier;
  function query<O extends z.ZodType>(
    output: O,
    run: (ctx: Ctx) => Answer<O>,
  ): TRPCQueryProcedure<WithoutInput<O>>;
  function query<I extends z.ZodType, O extends z.ZodType>(
    input: I,
    output: O,
    run: (ctx: Ctx, input: z.output<I>) => Answer<O>,
  ): TRPCQueryProcedure<WithInput<I, O>>;
  function query(...args: Args) {
    const { chain, resolver } = declare(builder, args);
    return chain.query(resolver);
  }
  function mutation<O extends z.ZodType>(
    output: O,
    run: (ctx: Ctx) => Answer<O>,
  ): TRPCMutationProcedure<WithoutInput<O>>;
  function mutation<I extends z.ZodType, O extends z.ZodType>(
    input: I,
    output: O,
    run: (ctx: Ctx, input: z.output<I>) => Answer<O>,
  ): TRPCMutationProcedure<WithInput<I, O>>;
  function mutation(...args: Args) {
    const { chain, resolver } = declare(builder, args);
    return chain.mutation(resolver);
  }
  return { query, mutation };
}

/** What the overloads above take: their signatures check `run` against the tier's context and the input. */
type Run = (ctx: never, input: never) => unknown;
type Args = [output: z.ZodType, run: Run] | [input: z.ZodType, output: z.ZodType, run: Run];

/** The chain up to the resolver, and the resolver calling `run` with tRPC's context and parsed input. */
function declare(builder: Tier, args: Args) {
  const [input, output, run] = args.length === 2 ? [undefined, ...args] : args;
  const chain = (input ? builder.input(input) : builder).output(answers(output));
  const call = run as (ctx: unknown, input: unknown) => unknown;
  return { chain, resolver: ({ ctx, input }: { ctx: unknown; input: unknown }) => call(ctx, input) };
}

/** Each tier of trpc/init.ts, ready for one-line procedures (the table there says who each lets in). */
export const anyone = procedures(publicProcedure);
export const signedIn = procedures(signedInProcedure);
export const customer = procedures(customerProcedure);
export const salesperson = procedures(salespersonProcedure);
export const manager = procedures(managerProcedure);
export const managerOrAdmin = procedures(managerOrAdminProcedure);
export const staff = procedures(salespersonOrManagerOrAdminProcedure);
export const admin = procedures(adminProcedure);
export const adminAccount = procedures(adminEvenWithoutMfaProcedure);

/**
 * Open to an administrator who has yet to turn on the second factor the platform requires of them: only what
 * signing in, turning it on or leaving takes.
 */
export const anyoneBeforeMfa = procedures(publicProcedure.meta({ access: "public", beforeMfa: true }));
export const signedInBeforeMfa = procedures(signedInProcedure.meta({ access: "authed", beforeMfa: true }));
