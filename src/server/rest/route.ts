// The REST paths procedures declare (their `rest` option, rest/declaration.ts), read from the router, and the
// one function that serves them.
import { callTRPCProcedure } from "@trpc/server";
import type { Context as HonoContext } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { appError } from "../appError";
import { type AppEnv, trpcContext } from "../http/honoRequest";
import type { AppDeps, ResponseCookies } from "../serviceContext";
import type { ProcedureMeta } from "../trpc/init";
import { appRouter } from "../trpc/root";
import { restDetails, type Shaped } from "./declaration";

/**
 * A REST path as served: its declaration, the procedure it runs and its description, the names of its path
 * parameters, and where the rest of the input comes from.
 */
export type MountedRoute = ReturnType<typeof restDetails> & {
  procedure: string;
  description?: string;
  params: string[];
  reads: "nothing" | "query" | "body" | "upload";
};

type ProcedureDef = { _def: { meta?: ProcedureMeta; inputs: z.ZodType[] } };

let routes: readonly MountedRoute[] | undefined;

/** Every REST path the procedures of the router declare, in the router's order: read once, on first use. */
export function restRoutes(): readonly MountedRoute[] {
  routes ??= Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).flatMap(
    ([procedure, { _def }]) =>
      [_def.meta?.rest ?? []].flat().map((declared) => {
        const rest = restDetails(declared);
        const params = [...rest.path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1] as string);
        const input = _def.inputs[0];
        const reads = rest.upload
          ? "upload"
          : !input || fieldsOf(input)?.every((field) => params.includes(field))
            ? "nothing"
            : rest.method === "GET"
              ? "query"
              : "body";
        return { ...rest, procedure, description: _def.meta?.description, params, reads };
      }),
  );
  return routes;
}

/** The fields an input schema's object has (through optional, default and transform), or null if no object. */
function fieldsOf(schema: z.ZodType): string[] | null {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (def.type === "object" && def.shape) return Object.keys(def.shape);
  const inner = def.innerType ?? def.in;
  return inner ? fieldsOf(inner) : null;
}

type ZodDef = { type: string; shape?: Record<string, unknown>; innerType?: z.ZodType; in?: z.ZodType };

/** A path that only sends the browser elsewhere. */
export type Redirect = { path: string; to: string };

/** GET /api/login is where older links send signed-out visitors (docs/product/routes.md#route-states). */
export const REDIRECTS: readonly Redirect[] = [{ path: "/login", to: "/login" }];

/** The largest body of a request that declares no limit of its own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Whether a request goes to a REST route with its own body limit (uploads): such a route is limited by that
 * alone, so the app-wide default must not refuse it first.
 */
export function ownBodyLimit() {
  const limited = restRoutes()
    .filter((entry) => entry.maxBody !== undefined)
    .map((entry) => ({
      method: entry.method,
      pattern: new RegExp(
        `^/api${entry.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]\w*/g, "[^/]+")}/?$`,
      ),
    }));
  return (method: string, path: string) =>
    limited.some((route) => route.method === method && route.pattern.test(path));
}

async function readJson(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: "Request body must be valid JSON" });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const IMAGE_FIELDS = ["image", "file", "photo"];

async function readImage(c: HonoContext, field: string): Promise<Record<string, unknown>> {
  if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
    return asObject(await readJson(c));
  const form = await c.req.formData().catch(() => null);
  const file = IMAGE_FIELDS.map((name) => form?.get(name)).find((value) => value instanceof File);
  if (!(file instanceof File))
    throw appError("BAD_REQUEST", "Please select an image file (JPG, PNG, etc.)", "INVALID_FILE_TYPE");
  const base64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  return { [field]: `data:${file.type || "application/octet-stream"};base64,${base64}` };
}

function asObject(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new HTTPException(400, { message: "Request body must be a JSON object" });
  return body;
}

async function readInput(c: HonoContext<AppEnv>, entry: MountedRoute): Promise<unknown> {
  const params = Object.fromEntries(entry.params.map((name) => [name, c.req.param(name)]));
  const hasParams = Object.keys(params).length > 0;
  if (entry.reads === "nothing") return hasParams ? params : undefined;
  // Onto the query's own new object: a spread adding keys is slow on Node 20 (see trpcContext).
  if (entry.reads === "query") return Object.assign(c.req.query(), params);
  if (entry.reads === "body") {
    const body = await readJson(c);
    return hasParams ? { ...asObject(body), ...params } : body;
  }
  return { ...(await readImage(c, entry.upload as string)), ...params };
}

/** Serves the routes: reads each one's input, runs its procedure for this request, answers the result. */
export function mountRoutes(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  for (const { path, to } of REDIRECTS) api.get(path, (c) => c.redirect(to, 302));
  for (const entry of restRoutes()) {
    const handler = async (c: HonoContext<AppEnv>) => {
      const apiKey = c.get("apiKey");
      if (apiKey && (entry.scope === undefined || !apiKey.scopes.includes(entry.scope)))
        throw appError(
          "FORBIDDEN",
          entry.scope === undefined
            ? "API keys cannot call this route: sign in to use it"
            : `This API key lacks the ${entry.scope} scope this route needs`,
          "INSUFFICIENT_SCOPE",
        );
      // What the call sets as cookies, written to the response if it succeeds.
      const cookies: string[] = [];
      const resHeaders: ResponseCookies = { append: (_name, cookie) => cookies.push(cookie) };
      const rawInput = await readInput(c, entry);
      // The procedure validates the input as for a tRPC request, and runs whether a query or a mutation.
      const result: unknown = await callTRPCProcedure({
        router: appRouter,
        path: entry.procedure,
        ctx: trpcContext(c, deps, resHeaders),
        type: "query",
        allowMethodOverride: true,
        getRawInput: async () => rawInput,
        signal: undefined,
        batchIndex: 0,
      });
      const shaped: Shaped = entry.shape ? entry.shape(result) : { body: result };
      for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
      if ("redirect" in shaped) return c.redirect(shaped.redirect, 302);
      if ("file" in shaped) {
        const { filename, contentType, content, encoding } = shaped.file;
        const safeName = filename.replace(/[^A-Za-z0-9._-]/g, "_");
        const body = encoding === "base64" ? new Uint8Array(Buffer.from(content, "base64")) : content;
        return c.body(body, 200, {
          "Content-Type": contentType,
          "Content-Disposition": `attachment; filename="${safeName}"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        });
      }
      for (const [name, value] of Object.entries(shaped.headers ?? {})) c.header(name, value);
      const status: ContentfulStatusCode = entry.status ?? 200;
      const json = "json" in shaped ? shaped.json : JSON.stringify(shaped.body ?? null);
      return c.body(json, status, { "Content-Type": "application/json" });
    };
    if (entry.maxBody) {
      const limit = bodyLimit({
        maxSize: entry.maxBody,
        onError: () => {
          throw appError("PAYLOAD_TOO_LARGE", "Please select an image smaller than 5MB", "FILE_TOO_LARGE");
        },
      });
      api.on(entry.method, entry.path, limit, handler);
    } else api.on(entry.method, entry.path, handler);
  }
  return api;
}
