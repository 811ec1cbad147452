// A procedure declared in one line: its tier, input schema, answer schema and the service call, in the order
// tRPC's own chain takes them, then any options (its REST paths). What it builds is that chain
// (tier.meta(options).input().output(answers()).query(), without .output() in production, where answers are not
// checked), so REST (rest/route.ts) and OpenAPI (rest/openapi.ts) read each procedure's schemas, tier and paths.
import type {
  TRPCMutationProcedure,
  TRPCProcedureBuilder,
  TRPCQueryProcedure,
  TRPCRouterRecord,
  TRPCUnsetMarker,
} from "@trpc/server";
import type { z } from "zod";
import type { CallLimit } from "../rateLimit";
import type { Rest } from "../rest/declaration";
import type { Tag } from "../rest/openapiWords";
import {
  adminEvenWithoutMfaProcedure,
  adminProcedure,
  type Context,
  customerProcedure,
  groupProcedure,
  managerOrAdminProcedure,
  managerProcedure,
  type ProcedureMeta,
  publicProcedure,
  router,
  salespersonOrManagerOrAdminProcedure,
  salespersonProcedure,
  signedInProcedure,
} from "./init";
import { answers, checksAnswers, declareAnswer } from "./output";

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

/** A query or a mutation procedure, as tRPC types it. */
type Built<
  K extends Kind,
  D extends { input: unknown; output: unknown; meta: ProcedureMeta },
> = K extends "query" ? TRPCQueryProcedure<D> : TRPCMutationProcedure<D>;
type Kind = "query" | "mutation";

/**
 * What a procedure may declare after `run`, merged into its meta: the REST paths that serve it, what it does
 * for the API reference (after "Who: …"), and its per-call limit (trpc/init.ts admits a call against it).
 */
export type ProcedureOptions<In = Record<string, unknown>, Out = unknown, P extends string = string> = {
  rest?: Rest<In, Out, P> | Rest<In, Out, P>[];
  description?: string;
  limit?: CallLimit;
};

/**
 * `(input, answer, run, options?)` or, with nothing to read, `(answer, run, options?)`: `run` gets the tier's
 * context and input; the options are checked against the input and the answer.
 */
type Declare<Ctx, K extends Kind> = {
  <O extends z.ZodType, const P extends string>(
    output: O,
    run: (ctx: Ctx) => Answer<O>,
    options?: ProcedureOptions<void, z.output<O>, P>,
  ): Built<K, WithoutInput<O>>;
  <I extends z.ZodType, O extends z.ZodType, const P extends string>(
    input: I,
    output: O,
    run: (ctx: Ctx, input: z.output<I>) => Answer<O>,
    options?: ProcedureOptions<z.input<I>, z.output<O>, P>,
  ): Built<K, WithInput<I, O>>;
};

/**
 * The procedures of one tier: `query(input, answer, run)` or `query(answer, run)`, likewise `mutation`. The
 * answer is declared by its schema through `answers()` (checked outside production).
 */
export function procedures<T extends Tier>(tier: T) {
  // The chain on a generic tier loses the tier's context type; Declare restates what tRPC infers for a
  // concrete one (DefaultValue and IntersectIfDefined of unset markers resolve to these types).
  const builder = tier as Tier;
  const declarer = <K extends Kind>(kind: K) =>
    ((...args: Args): unknown => {
      const { chain, resolver, answer } = declare(builder, args);
      const procedure = chain[kind](resolver);
      if (!checksAnswers) declareAnswer(procedure, answer);
      return procedure;
    }) as Declare<TierContext<T>, K>;
  return { query: declarer("query"), mutation: declarer("mutation") };
}

/** What Declare's signatures take: they check `run` against the tier's context and the input. */
type Run = (ctx: never, input: never) => unknown;
type Args = [
  ...([output: z.ZodType, run: Run] | [input: z.ZodType, output: z.ZodType, run: Run]),
  ProcedureOptions?,
];

/** The chain up to the resolver, and the resolver calling `run` with tRPC's context and parsed input. */
function declare(builder: Tier, args: Args) {
  const options = typeof args.at(-1) === "function" ? undefined : (args.at(-1) as ProcedureOptions);
  const schemas = (options ? args.slice(0, -1) : args) as [z.ZodType, Run] | [z.ZodType, z.ZodType, Run];
  const [input, output, run] = schemas.length === 2 ? [undefined, ...schemas] : schemas;
  // tRPC merges meta: the tier's access stays.
  const tier = options ? builder.meta(options as ProcedureMeta) : builder;
  const base = input ? tier.input(input) : tier;
  // Without a check (production), no `.output()`: the answer's schema is declared beside the procedure instead.
  const chain = checksAnswers ? base.output(answers(output)) : base;
  const call = run as (ctx: unknown, input: unknown) => unknown;
  return {
    chain,
    answer: output,
    resolver: ({ ctx, input }: { ctx: unknown; input: unknown }) => call(ctx, input),
  };
}

/** The procedures' tags: a domain's REST paths are listed under its tag in the API reference (rest/openapi.ts). */
const tags = new WeakMap<object, Tag>();

/** A domain's router, its paths listed under `tag` in the API reference. */
export function taggedRouter<R extends TRPCRouterRecord>(tag: Tag, procedures: R) {
  for (const procedure of Object.values(procedures)) tags.set(procedure, tag);
  return router(procedures);
}

export const tagOf = (procedure: object): Tag | undefined => tags.get(procedure);

/** Each tier of trpc/init.ts, ready for one-line procedures (the table there says who each lets in). */
export const anyone = procedures(publicProcedure);
export const signedIn = procedures(signedInProcedure);
export const customer = procedures(customerProcedure);
export const salesperson = procedures(salespersonProcedure);
export const manager = procedures(managerProcedure);
export const group = procedures(groupProcedure);
export const managerOrAdmin = procedures(managerOrAdminProcedure);
export const staff = procedures(salespersonOrManagerOrAdminProcedure);
export const admin = procedures(adminProcedure);
export const adminAccount = procedures(adminEvenWithoutMfaProcedure);

/**
 * Open to an administrator who has yet to turn on the second factor the platform requires of them: only what
 * signing in, turning it on or leaving takes.
 */
export const anyoneBeforeMfa = procedures(publicProcedure.meta({ access: "anyone", beforeMfa: true }));
export const signedInBeforeMfa = procedures(signedInProcedure.meta({ access: "signedIn", beforeMfa: true }));
