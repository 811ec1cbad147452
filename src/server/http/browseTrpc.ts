// The tRPC answer of a browse page (GET /trpc/salespeople.list, alone or as a batch of that one call), written
// around the page's cards as the JSON text PostgreSQL sent, as the REST answer is: tRPC's own handler would parse
// that text into cards and write them out again (about a sixth of the server's time per uncached tRPC browse,
// docs/operations/runtime-tuning.md). The call runs as tRPC runs it (its tier, input schema, limits and context);
// what it answers is what tRPC's handler would answer, byte for byte, for success and failure alike
// (tests/browse-trpc.integration.test.ts holds it to that). A request this does not read as one such call goes on
// to tRPC's handler untouched, before anything has run.
import { callTRPCProcedure, type TRPCError } from "@trpc/server";
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from "@trpc/server/unstable-core-do-not-import";
import type { Context as HonoContext, Next } from "hono";
import type { BrowseResult } from "../../shared/schemas/salespeople";
import { browseSuperjsonJson } from "../domains/salespeople/router";
import type { AppDeps } from "../serviceContext";
import { appRouter } from "../trpc/root";
import { reportProcedureError } from "./errorResponse";
import { type AppEnv, trpcContext } from "./honoRequest";

/** The procedure this answers, and its path under /trpc. */
const BROWSE_PROCEDURE = "salespeople.list";
export const BROWSE_TRPC_PATH = `/trpc/${BROWSE_PROCEDURE}`;

const config = appRouter._def._config;

/** What the request asks: one call's input (undefined without one) and whether it came as a batch; null otherwise. */
function readCall(c: HonoContext<AppEnv>): { input: unknown; batch: boolean } | null {
  const query = c.req.query();
  const keys = Object.keys(query);
  if (!keys.every((key) => key === "input" || key === "batch")) return null;
  const batch = query.batch === "1";
  if (query.batch !== undefined && !batch) return null;
  try {
    const sent = query.input === undefined ? undefined : (JSON.parse(query.input) as unknown);
    if (!batch)
      return { input: sent === undefined ? undefined : config.transformer.input.deserialize(sent), batch };
    if (sent === null || typeof sent !== "object" || Object.keys(sent).join() !== "0") return null;
    const first = (sent as Record<string, unknown>)["0"];
    return { input: first === undefined ? undefined : config.transformer.input.deserialize(first), batch };
  } catch {
    // tRPC's handler answers an unreadable input in its own words.
    return null;
  }
}

/** GET /trpc/salespeople.list: the call run as tRPC runs it, its answer written as tRPC writes it. */
export function browseTrpc(deps: AppDeps) {
  return async (c: HonoContext<AppEnv>, next: Next) => {
    // A streaming client (httpBatchStreamLink) asks for tRPC's own stream.
    const call = c.req.header("trpc-accept") === undefined ? readCall(c) : null;
    if (!call) return next();
    const headers = new Headers([
      ["vary", "trpc-accept, accept"],
      ["content-type", "application/json"],
    ]);
    const ctx = trpcContext(c, deps, headers);
    const wrap = (item: string) => (call.batch ? `[${item}]` : item);
    try {
      const page = (await callTRPCProcedure({
        router: appRouter,
        path: BROWSE_PROCEDURE,
        ctx,
        type: "query",
        getRawInput: async () => call.input,
        signal: undefined,
        batchIndex: 0,
      })) as BrowseResult;
      return new Response(wrap(`{"result":{"data":${browseSuperjsonJson(page)}}}`), { status: 200, headers });
    } catch (cause) {
      const error: TRPCError = getTRPCErrorFromUnknown(cause);
      reportProcedureError(deps, c.get("requestId"), BROWSE_PROCEDURE, error);
      const answer = {
        error: getErrorShape({
          config,
          ctx,
          error,
          input: call.input,
          path: BROWSE_PROCEDURE,
          type: "query",
        }),
      };
      const status = getHTTPStatusCode(answer);
      const body = JSON.stringify(transformTRPCResponse(config, call.batch ? [answer] : answer));
      return new Response(body, { status, headers });
    }
  };
}
