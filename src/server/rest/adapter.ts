// Helpers every REST route uses: read JSON, call the tRPC procedure in-process, copy its cookies.
import type { Context as HonoContext } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppDeps } from "../context";
import { type AppEnv, callerFor } from "../http/context";

export type Caller = ReturnType<typeof callerFor>;

export async function readJson(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: "Request body must be valid JSON" });
  }
}

/** A JSON object body (an empty body counts as {}); arrays, null and scalars are refused with 400. */
export async function readJsonObject(c: HonoContext): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new HTTPException(400, { message: "Request body must be a JSON object" });
  }
  return body as Record<string, unknown>;
}

/** Runs one procedure for this request and answers its result as JSON. Errors go to the app's onError. */
export async function invoke<T>(
  c: HonoContext<AppEnv>,
  deps: AppDeps,
  run: (caller: Caller) => Promise<T>,
  status: ContentfulStatusCode = 200,
): Promise<{ result: T; respond: (body?: unknown) => Response }> {
  const resHeaders = new Headers();
  const result = await run(callerFor(c, deps, resHeaders));
  for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  return { result, respond: (body = result) => c.json(body as object, status) };
}

/** The common case: call, then answer the result. */
export async function answer<T>(
  c: HonoContext<AppEnv>,
  deps: AppDeps,
  run: (caller: Caller) => Promise<T>,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const { respond } = await invoke(c, deps, run, status);
  return respond();
}
