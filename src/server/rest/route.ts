// What a REST route is (a declarative entry: method, path, procedure, where its input comes from, status,
// how the answer is shaped) and the one function that serves such entries. Entries hold no logic: the
// procedure they name validates the input, checks access and does the work.
import type { Context as HonoContext } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiScope } from "../../shared/apiKeys";
import { appError } from "../appError";
import { type AppEnv, trpcContext } from "../http/honoRequest";
import type { AppDeps, Context } from "../serviceContext";
import { callProcedure, type InputKey, type OutputOf, type ProcedurePath } from "../trpc/call";

/**
 * What a route answers instead of the procedure's result as JSON (a shape older clients expect (docs/product/api.md#rest-paths), a header, a redirect, or a
 * file to download, answered as its own content type with Content-Disposition: attachment). `json` is a body
 * already written as JSON text (a browse page PostgreSQL wrote), sent as it is.
 */
export type Shaped =
  | { body: unknown; headers?: Record<string, string> }
  | { json: string; headers?: Record<string, string> }
  | { redirect: string }
  | { file: DownloadFile };

/** A file answered for download; binary content travels as base64 (through tRPC too) and is decoded here. */
export type DownloadFile = { filename: string; contentType: string; content: string; encoding?: "base64" };

/**
 * What a shaped route answers, for the API reference (rest/openapi.ts): the items of a page (an array, with
 * the named headers), a file, a redirect, or some fields of the result. A route with `shape` must say.
 */
export type ResponseDoc =
  | { kind: "page"; headers: Record<string, string>; file?: string }
  | { kind: "file"; contentTypes: string[] }
  | { kind: "redirect"; to: string }
  | { kind: "fields"; fields: string[] };

export type RestRoute<P extends ProcedurePath = ProcedurePath> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Below /api, with Hono's `:name` parameters. */
  path: string;
  procedure: P;
  /**
   * Where the input comes from: the JSON body, the query string, nothing, or an uploaded image (multipart
   * field image, file or photo, or a JSON body), passed as a data URL in the named input field.
   */
  input: "body" | "query" | "none" | { image: InputKey<P> };
  /** Path parameters, each copied into the input field of the same name. */
  params?: InputKey<P>[];
  status?: 200 | 201;
  /** The API-key scope that lets a key call this route; without one, API keys are refused here. */
  scope?: ApiScope;
  /** Largest body accepted, in bytes (DEFAULT_BODY_LIMIT otherwise); the app-wide limit then leaves it alone. */
  maxBody?: number;
  shape?: (result: OutputOf<P>) => Shaped;
  responds?: ResponseDoc;
};

/** An entry ready to serve: its procedure call and answer shaping bound while its types are known. */
export type MountedRoute = Omit<RestRoute, "procedure" | "shape" | "params" | "input"> & {
  procedure: ProcedurePath;
  shaped: boolean;
  params: string[];
  input: "body" | "query" | "none" | { image: string };
  run: (ctx: Context, input: unknown) => Promise<Shaped>;
};

/** The largest body of a request that declares no limit of its own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Whether a request goes to a REST route with its own body limit (uploads): such a route is limited by that
 * alone, so the app-wide default must not refuse it first.
 */
export function ownBodyLimit(entries: readonly MountedRoute[], prefix = "/api") {
  const routes = entries
    .filter((entry) => entry.maxBody !== undefined)
    .map((entry) => ({
      method: entry.method,
      pattern: new RegExp(
        `^${prefix}${entry.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]\w*/g, "[^/]+")}/?$`,
      ),
    }));
  return (method: string, path: string) =>
    routes.some((route) => route.method === method && route.pattern.test(path));
}

/** An entry, type-checked against its procedure's input (params, image field) and output (shape). */
export function route<P extends ProcedurePath>(entry: RestRoute<P>): MountedRoute {
  const { procedure, shape, params, input, ...rest } = entry;
  return {
    ...rest,
    procedure,
    shaped: shape !== undefined,
    params: params ?? [],
    input,
    run: async (ctx, raw) => {
      const result = await callProcedure(ctx, procedure, raw);
      return shape ? shape(result) : { body: result };
    },
  };
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
  if (entry.input === "none") return hasParams ? params : undefined;
  // Onto the query's own new object: a spread adding keys is slow on Node 20 (see trpcContext).
  if (entry.input === "query") return Object.assign(c.req.query(), params);
  if (entry.input === "body") {
    const body = await readJson(c);
    return hasParams ? { ...asObject(body), ...params } : body;
  }
  return { ...(await readImage(c, entry.input.image)), ...params };
}

/** Serves the entries: reads each one's input, runs its procedure for this request, answers the result. */
/** A path that only sends the browser elsewhere (the redirects of docs/product/api.md#rest-paths). */
export type Redirect = { path: string; to: string };

export function mountRoutes(deps: AppDeps, entries: readonly MountedRoute[], redirects: readonly Redirect[]) {
  const api = new Hono<AppEnv>();
  for (const { path, to } of redirects) api.get(path, (c) => c.redirect(to, 302));
  for (const entry of entries) {
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
      const resHeaders = new Headers();
      const shaped = await entry.run(trpcContext(c, deps, resHeaders), await readInput(c, entry));
      for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
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
