// Starts the server: database, migrations, first-run seed, then API and built client on one port.
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createSecretBox, localKey, parseKey } from "./crypto/secretBox";
import { describeMode, type Env, loadDotEnv, loadEnv } from "./env";
import { gcHelperPriorityLine, lowerGcHelperPriority } from "./gcThreads";
import { inRanges, parseAddressRanges } from "./http/addresses";
import { httpServerOptions, limitConnections, refusalLog, type ServerLimits } from "./http/serverLimits";
import { createLogger, type Logger } from "./logger";
import { missingNodeFlagWarnings } from "./nodeFlags";
import { nodeVersionProblem } from "./nodeRuntime";
import { watchJobQueues, watchPools } from "./observability/collectors";
import { metricsOnly } from "./observability/http";
import { collectNodeMetrics, registry } from "./observability/metrics";
import { startTracing } from "./observability/tracing";
import { alreadyRunning, probePort, runningStarter } from "./operations/embedded";
import { projectPath } from "./paths";
import { openDatabase } from "./runtime";
import { startServices } from "./services";

/** A startup failure is one line naming the cause and the fix, never a stack trace. */
function fail(error: unknown): never {
  const message = (error instanceof Error ? error.message : typeof error === "string" ? error : "").split(
    "\n",
  )[0];
  process.stderr.write(
    `KnowBefore could not start: ${message || "a startup step failed without saying why (the embedded PostgreSQL's port may be taken); run with LOG_LEVEL=debug to see more"}\n`,
  );
  process.exit(1);
}
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
/** Once serving, an unexpected error is logged with its stack (and the process exits on an uncaught one). */
function serving(logger: Logger) {
  process.off("uncaughtException", fail);
  process.off("unhandledRejection", fail);
  process.on("unhandledRejection", (reason) => logger.error("unhandled rejection", reason));
  process.on("uncaughtException", (error) => {
    logger.error("uncaught exception", error);
    process.exit(1);
  });
}

function listenError(env: Env, code: string, error?: Error): Error {
  if (code === "EADDRINUSE")
    return new Error(`port ${env.PORT} on ${env.HOST} is already in use: stop what runs there or set PORT`);
  if (code === "EADDRNOTAVAIL")
    return new Error(`HOST=${env.HOST} is not an address of this machine: set HOST to one of its addresses`);
  if (code === "EACCES")
    return new Error(`this user may not listen on port ${env.PORT}: choose a PORT above 1023`);
  return error ?? new Error(`cannot listen on ${env.HOST}:${env.PORT} (${code})`);
}

const runtimeProblem = nodeVersionProblem();
if (runtimeProblem) fail(runtimeProblem);

let env: Env;
try {
  loadDotEnv();
  env = loadEnv();
} catch (error) {
  fail(error);
}
const logger = createLogger(env.LOG_LEVEL);
for (const line of describeMode(env)) logger.info(line);
// Started without `npm run serve`, the server would run without its heap flags and nothing would say so.
for (const line of missingNodeFlagWarnings()) logger.warn(line);
// Before the first request: a full collection's helpers then take only the CPU the requests leave idle.
const helperPriority = gcHelperPriorityLine(lowerGcHelperPriority());
logger[helperPriority.level](helperPriority.line);
// Before anything starts: a second start of this checkout, or a port someone else holds, is one line.
if (!env.DATABASE_URL) {
  const running = runningStarter(projectPath(env.DATA_DIR));
  if (running) fail(alreadyRunning(projectPath(env.DATA_DIR), running));
}
const portProblem = env.PORT === 0 ? null : await probePort(env.PORT, env.HOST);
if (portProblem) fail(listenError(env, portProblem));
// Before anything makes a request of its own, so outbound calls are traced too.
const tracing = await startTracing(env, logger);
const database = await openDatabase(env, logger);
if (env.SEED_ON_START) await database.seedIfEmpty();
const encryptionKey = env.CRM_ENCRYPTION_KEY ? parseKey(env.CRM_ENCRYPTION_KEY) : null;
const services = await startServices({
  env,
  sql: database.sql,
  searchSql: database.searchSql,
  browseSql: database.browseSql,
  databaseUrl: database.url,
  logger,
  secrets: createSecretBox(encryptionKey ?? localKey(projectPath(env.DATA_DIR))),
  browseCacheEntries: 1000,
  retryJobsLeftRunning: database.startedHere,
});
collectNodeMetrics();
watchPools(
  registry,
  [
    { name: "sql", sql: database.sql },
    { name: "browseSql", sql: database.browseSql },
    { name: "searchSql", sql: database.searchSql },
  ],
  database.sql,
);
watchJobQueues(registry, database.sql);
const app = createApp(services.deps, { tracing });

// Requests being handled (until their handler settles, even when the client has gone), so a shutdown can
// wait for them before the database goes away; once stopping, answers close their connection.
let stopping = false;
let inFlight = 0;
async function handle(request: Request, bindings: unknown): Promise<Response> {
  inFlight++;
  try {
    return await app.fetch(request, bindings);
  } finally {
    inFlight--;
  }
}

// Slow and greedy clients: deadlines for sending a request, idle connections closed, connections capped per
// address and in all (http/serverLimits.ts, docs/operations/connection-limits.md).
const serverLimits: ServerLimits = {
  headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
  receiveTimeoutMs: env.HTTP_RECEIVE_TIMEOUT_MS,
  keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  deadlineCheckIntervalMs: env.HTTP_DEADLINE_CHECK_INTERVAL_MS,
  maxConnections: env.HTTP_MAX_CONNECTIONS,
  maxConnectionsPerAddress: env.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
};
const server = serve(
  { fetch: handle, port: env.PORT, hostname: env.HOST, serverOptions: httpServerOptions(serverLimits) },
  (info) => {
    serving(logger);
    logger.info(
      `KnowBefore is listening on http://localhost:${info.port} (${env.NODE_ENV}, Node.js ${process.versions.node})`,
    );
  },
);
// A proxy of our own carries many clients on its connections: they are not counted against one address.
const proxyRanges = parseAddressRanges(env.TRUSTED_PROXIES);
limitConnections(server as HttpServer, serverLimits, {
  exempt: (address) =>
    env.TRUST_PROXY > 0 && "ranges" in proxyRanges && inRanges(proxyRanges.ranges, address),
  onRefused: refusalLog((line) => logger.warn(line)),
});
server.once("error", (error: NodeJS.ErrnoException) => {
  fail(listenError(env, error.code ?? "", error));
});

server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
  if (stopping) res.shouldKeepAlive = false;
});

// /metrics without a token, for an agent on this machine: bound to loopback only, whatever HOST says.
const metricsServer =
  env.METRICS_PORT === undefined
    ? null
    : serve({ fetch: metricsOnly, port: env.METRICS_PORT, hostname: "127.0.0.1" }, (info) =>
        logger.info(`metrics: http://127.0.0.1:${info.port}/metrics (this machine only)`),
      );
metricsServer?.once("error", (error: NodeJS.ErrnoException) => {
  fail(
    error.code === "EADDRINUSE"
      ? new Error(`METRICS_PORT ${env.METRICS_PORT} is already in use: choose another port`)
      : error,
  );
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  const deadline = started + env.SHUTDOWN_TIMEOUT_MS;
  logger.info(`${signal}: shutting down (at most ${env.SHUTDOWN_TIMEOUT_MS} ms)`);
  // No new connections, and no new jobs; keep-alive connections close as they fall idle. Requests in flight
  // finish (within SHUTDOWN_TIMEOUT_MS) before the job queue and the database go away.
  server.close();
  metricsServer?.close();
  // Live streams never finish on their own: they end now, and their pages resume on another instance.
  await services.deps.live.stop();
  await services.deps.jobs.pause().catch((error: unknown) => logger.warn("job queue: pausing failed", error));
  while (inFlight > 0 && Date.now() < deadline) {
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cutOff = inFlight;
  if ("closeAllConnections" in server) server.closeAllConnections();
  // Running jobs get what is left of the bound; one still running then is retried after the next start.
  await services.stop({ timeoutMs: Math.max(deadline - Date.now(), 0) });
  await database.close();
  // Last: the spans of everything above go out before the exit.
  await tracing?.shutdown();
  logger.info(
    `shutdown complete in ${Date.now() - started} ms${cutOff > 0 ? ` (${cutOff} requests cut off at the bound)` : ""}`,
  );
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// The terminal closed: the embedded PostgreSQL, in a session of its own, hears nothing; the app stops as on Ctrl-C.
process.on("SIGHUP", () => void shutdown("SIGHUP"));
