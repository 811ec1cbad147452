// JSON Schemas for the OpenAPI document (rest/openapi.ts): zod schemas as JSON carries them, the error body
// every refusal answers, and request examples that satisfy their own schema.
import { z } from "zod";
import { ERROR_REASONS, ERROR_STATUS } from "../../shared/errors";

export type Json = Record<string, unknown>;

export const ERROR_SCHEMA = {
  type: "object",
  required: ["message", "code"],
  properties: {
    message: { type: "string", description: "A sentence for people." },
    code: {
      type: "string",
      description:
        "Stable machine-readable reason, e.g. SCHEDULING_CONFLICT, INSUFFICIENT_SCOPE; where there is none, the kind (BAD_REQUEST).",
      enum: [...Object.keys(ERROR_STATUS), ...Object.keys(ERROR_REASONS)],
      "x-enumDescriptions": {
        ...Object.fromEntries(
          Object.entries(ERROR_STATUS).map(([kind, status]) => [
            kind,
            `A ${status} without a reason of its own.`,
          ]),
        ),
        ...ERROR_REASONS,
      },
    },
    requestId: { type: "string", description: "On 500 answers: the id to quote when reporting it." },
  },
  example: { message: "Please sign in to continue", code: "UNAUTHORIZED" },
};

/** The body of an error answer, as each operation's refusals reference it. */
export const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** JSON Schema of a zod schema as JSON carries it (dates as ISO strings), without the dialect header. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema }) => {
      const type = (zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
      if (type === "date") {
        jsonSchema.type = "string";
        jsonSchema.format = "date-time";
      }
      // A record keyed by an enum has every key: name them as properties, so each required key is defined.
      const keys = (jsonSchema.propertyNames as Json | undefined)?.enum;
      if (type === "record" && Array.isArray(keys) && jsonSchema.properties === undefined) {
        const value = jsonSchema.additionalProperties;
        jsonSchema.properties = Object.fromEntries(
          keys.map((key) => [String(key), typeof value === "object" ? value : {}]),
        );
      }
    },
  }) as Json;
  delete out.$schema;
  return out;
}

export function properties(schema: Json | null | undefined): Record<string, Json> {
  return (schema?.properties as Record<string, Json> | undefined) ?? {};
}

/** The schema without some properties (those a route takes from its path). */
export function without(schema: Json, names: string[]): Json {
  if (names.length === 0) return schema;
  const props = { ...properties(schema) };
  for (const name of names) delete props[name];
  const required = ((schema.required as string[] | undefined) ?? []).filter((n) => !names.includes(n));
  return { ...schema, properties: props, ...(required.length ? { required } : { required: undefined }) };
}

/** Text that fits a string schema's length bounds: padded with words, never cut below its meaning. */
function sized(schema: Json, value: string): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  let text = value;
  while (text.length < min) text = `${text} and more`;
  return text.slice(0, max);
}

/** Words with spaces break a pattern such as base64url's: such a field's example is letters alone. */
function patterned(schema: Json, text: string): string {
  if (typeof schema.pattern !== "string" || new RegExp(schema.pattern).test(text)) return text;
  return sized(schema, "c2FtcGxl");
}

/** A plausible value for a field, for the examples beside each request; it satisfies the field's schema. */
export function exampleOf(schema: Json, name = ""): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants?.length) return exampleOf(variants.find((v) => v.type !== "null") ?? variants[0]!, name);
  const key = name.toLowerCase();
  switch (schema.type) {
    case "object": {
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.fromEntries(
        Object.entries(properties(schema))
          .filter(([field]) => required.includes(field))
          .map(([field, sub]) => [field, exampleOf(sub, field)]),
      );
    }
    case "array":
      return schema.items ? [exampleOf(schema.items as Json, name)] : [];
    case "integer":
    case "number":
      return key.includes("rating") ? 5 : typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "uuid") return "3f2b8c1e-9a4d-4c7e-8b21-5d6f0a9e7c13";
      if (schema.format === "email" || key.includes("email")) return "buyer@example.com";
      if (schema.format === "date-time") return "2026-12-01T15:00:00.000Z";
      if (key.includes("date") || key === "from" || key === "to") return "2026-12-01";
      if (key === "time") return "10:00";
      // A day's hours (opening hours, working hours): HH:MM, closing after opening.
      if (key === "open") return "09:00";
      if (key === "close") return "18:00";
      if (key.includes("phone")) return "(512) 555-0101";
      if (key === "code") return "123456";
      if (key === "state") return "TX";
      if (key === "zipcode") return "78701";
      if (key.includes("url") || key.includes("endpoint")) return "https://crm.example.com/hooks";
      return patterned(schema, sized(schema, name ? `${name} text` : "text"));
    default:
      return null;
  }
}
