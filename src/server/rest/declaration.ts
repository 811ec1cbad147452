// What a procedure declares to be served at a REST path of docs/product/api.md#rest-paths (its `rest` option,
// trpc/procedures.ts): method, path, where the input comes from, the status, and the answer's shape where older
// clients expect one. Declarations decide nothing: the procedure validates the input, checks access and does the
// work. rest/route.ts serves them, rest/openapi.ts documents them.
import type { ApiScope } from "../../shared/apiKeys";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/constants";

/**
 * What a route answers instead of the procedure's result as JSON (a shape older clients expect, a header, a
 * redirect, or a file to download, answered as its own content type with Content-Disposition: attachment).
 * `json` is a body already written as JSON text (a browse page PostgreSQL wrote), sent as it is.
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

/** The names the input object of a procedure may carry. */
type InputKey<In> = keyof NonNullable<In> & string;

/** The `:name` parameters of a path. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Refuses, at compile time, a path whose `:name` is no field of the procedure's input. */
type ParamsIn<In, P extends string> = [ParamsOf<P>] extends [InputKey<In>]
  ? unknown
  : { [Missing in `:${Exclude<ParamsOf<P>, InputKey<In>>} is no field of the input`]: never };

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A route as the API reference writes it: the method, a space and the path below /api, with Hono's `:name`
 * parameters, each copied into the input field of the same name (`"DELETE /admin/user/:id"`).
 */
export type Route<P extends string = string> = `${Method} ${P}`;

/**
 * A REST path `P` of a procedure whose input is `In` and whose answer is `Out`: its route alone, or the route
 * with what else it declares. Served routes keep it with the types let go (`Rest`): `shape` is a method, so a
 * shape written for one answer stands for any.
 */
export type Rest<In = Record<string, unknown>, Out = unknown, P extends string = string> =
  | (Route<P> & ParamsIn<In, P>)
  | RestDetails<In, Out, P>;

/** A route with more than its method and path. */
export type RestDetails<In = Record<string, unknown>, Out = unknown, P extends string = string> = {
  route: Route<P>;
  /**
   * The input field an uploaded image fills (multipart field image, file or photo, or a JSON body), as a data
   * URL. Without it the route reads what the input has besides the path's parameters from the query string
   * (GET) or the JSON body, and nothing where the path's parameters are the whole input.
   */
  upload?: InputKey<In>;
  status?: 200 | 201;
  /** The API-key scope that lets a key call this route; without one, API keys are refused here. */
  scope?: ApiScope;
  /** Largest body accepted, in bytes (DEFAULT_BODY_LIMIT otherwise); the app-wide limit then leaves it alone. */
  maxBody?: number;
  shape?(result: Out): Shaped;
  responds?: ResponseDoc;
} & ParamsIn<In, P>;

/** A declaration as rest/route.ts serves it: the route split into its method and path. */
export function restDetails(rest: Rest): Omit<RestDetails, "route"> & { method: Method; path: string } {
  const { route, ...details } = typeof rest === "string" ? { route: rest } : rest;
  const space = route.indexOf(" ");
  return { ...details, method: route.slice(0, space) as Method, path: route.slice(space + 1) };
}

export const TOTAL_COUNT = { "X-Total-Count": "How many rows match the filters, over all pages" };

/** A page answered as an array of its items, with the total in X-Total-Count (as /salespeople answers). */
export const PAGE = {
  shape: (page: { items: readonly unknown[]; total: number }) => ({
    body: page.items,
    headers: { "X-Total-Count": String(page.total) },
  }),
  responds: { kind: "page", headers: TOTAL_COUNT },
} as const;

/** A procedure answering a file, served as a download of one of `contentTypes`. */
export const download = (...contentTypes: string[]) =>
  ({
    shape: (file: DownloadFile) => ({ file }),
    responds: { kind: "file", contentTypes },
  }) as const;

/** A data URL of a 5 MB image is about 6.7 MB of base64; multipart adds a little framing. */
export const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;
