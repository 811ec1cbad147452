// What a procedure answers, declared once: `.output(answers(schema))` with the zod schema from src/shared/schemas.
// Outside production the answer is checked against it; in production it passes through untouched, so a hot
// read (browse) pays nothing. The schema stays reachable from the procedure for the OpenAPI document.
import { z } from "zod";

/** An answer that does not have its declared shape: a bug of the server, answered as a 500. */
export class AnswerShapeError extends Error {}

/** A tRPC output parser: the answer's type is the schema's, whether or not it is checked. */
export type AnswerParser<T> = (value: unknown) => T;

const declared = new WeakMap<AnswerParser<unknown>, z.ZodType>();
/** Procedures whose answer is declared without a parser in their chain (production: see `checksAnswers`). */
const declaredFor = new WeakMap<object, z.ZodType>();

const checking = process.env.NODE_ENV !== "production";

/**
 * Whether a procedure's chain checks its answer. In production it does not, and its chain is left without
 * `.output()`: a parser that returns its value still costs a level of tRPC's middleware chain on every call.
 */
export const checksAnswers = checking;

/** Declares `schema` as the answer of a procedure built without `.output()` (for answerSchemaOf). */
export function declareAnswer(procedure: object, schema: z.ZodType): void {
  declaredFor.set(procedure, schema);
}

/**
 * The parser for `.output()`. A checked answer is returned as it came, not as zod rebuilt it: a browse page
 * carries its cards' JSON text and its superjson form on itself (trpc/init.ts), and tests must see exactly what
 * production sends (zod would strip fields the schema does not name).
 */
export function answers<S extends z.ZodType>(schema: S, check = checking): AnswerParser<z.output<S>> {
  const parser: AnswerParser<z.output<S>> = check
    ? (value) => {
        const result = schema.safeParse(value);
        if (!result.success)
          throw new AnswerShapeError(
            `The answer does not have its declared shape:\n${z.prettifyError(result.error)}`,
          );
        return value as z.output<S>;
      }
    : (value) => value as z.output<S>;
  declared.set(parser, schema);
  return parser;
}

/** The schema a procedure's answer is declared with, if it is. */
export function answerSchemaOf(procedure: { _def: object }): z.ZodType | undefined {
  const without = declaredFor.get(procedure);
  if (without) return without;
  const output = (procedure._def as { output?: unknown }).output;
  return typeof output === "function" ? declared.get(output as AnswerParser<unknown>) : undefined;
}
