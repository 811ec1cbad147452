// OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations/observability.md#traces):
// a server span per request, outbound fetch spans, spans exported over OTLP/HTTP. Off, nothing here is loaded.
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { annotateRequest, type Logger } from "../logger";
import { routeLabel } from "./http";

export type Tracing = {
  /** The server span of each request (with the caller's `traceparent` as its parent), to mount on the app. */
  middleware: MiddlewareHandler;
  /** Sends the spans still buffered and stops the exporter; the last step of a shutdown. */
  shutdown: () => Promise<void>;
};

/**
 * Starts tracing when the environment asks for it, else answers null having loaded nothing: the SDK is imported
 * here and only here, on demand, so a server without an endpoint neither loads nor bundles it (the packages
 * stay external to the bundle: scripts/build-server.mjs). The exporter reads the standard OTEL_EXPORTER_OTLP_*
 * variables itself (endpoint, headers, timeout); spans go out in batches, off the request path.
 */
export async function startTracing(
  env: Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME">,
  logger: Logger,
): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [api, sdk, core, contextHooks, otlp, resources, semconv, undici] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/core"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
    import("@opentelemetry/instrumentation-undici"),
  ]);
  const resource = resources
    .defaultResource()
    .merge(resources.detectResources({ detectors: [resources.resourceAttributesEnvDetector] }))
    .merge(resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME }));
  // The SDK's span processors no longer read the OTEL_BSP_* variables themselves (SDK 3 left environment
  // configuration to the caller), and operators tune batches with them (docs/operations/observability.md#traces).
  const provider = new sdk.TracerProvider({
    resource,
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter(),
        scheduledDelayMillis: core.getNumberFromEnv("OTEL_BSP_SCHEDULE_DELAY"),
        exportTimeoutMillis: core.getNumberFromEnv("OTEL_BSP_EXPORT_TIMEOUT"),
        maxQueueSize: core.getNumberFromEnv("OTEL_BSP_MAX_QUEUE_SIZE"),
        maxExportBatchSize: core.getNumberFromEnv("OTEL_BSP_MAX_EXPORT_BATCH_SIZE"),
      }),
    ],
  });
  // The provider no longer registers itself: the AsyncLocalStorage context (a span is the parent of what runs
  // inside it) and W3C trace-context and baggage propagation are made global here, as is the provider.
  api.context.setGlobalContextManager(new contextHooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  api.trace.setGlobalTracerProvider(provider);
  // Outbound fetch (the OpenID Connect client's calls) as client spans carrying `traceparent`.
  new undici.UndiciInstrumentation();
  const tracer = api.trace.getTracer("knowbefore");
  const { SpanKind, SpanStatusCode, ROOT_CONTEXT, context, propagation, trace } = api;
  const headers = {
    get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
    keys: (carrier: Headers) => [...carrier.keys()],
  };
  logger.info(
    `tracing: spans of ${env.OTEL_SERVICE_NAME} go to ${env.OTEL_EXPORTER_OTLP_ENDPOINT} over OTLP/HTTP`,
  );

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headers);
    const span = tracer.startSpan(
      c.req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [semconv.ATTR_HTTP_REQUEST_METHOD]: c.req.method,
          [semconv.ATTR_URL_PATH]: url.pathname,
          [semconv.ATTR_URL_SCHEME]: url.protocol.replace(":", ""),
          [semconv.ATTR_SERVER_ADDRESS]: url.hostname,
          ...(c.req.header("user-agent")
            ? { [semconv.ATTR_USER_AGENT_ORIGINAL]: c.req.header("user-agent") }
            : {}),
        },
      },
      parent,
    );
    const { traceId, spanId } = span.spanContext();
    annotateRequest({ traceId, spanId });
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routeLabel(c);
      const status = c.res.status;
      span.updateName(`${c.req.method} ${route}`);
      span.setAttribute(semconv.ATTR_HTTP_ROUTE, route);
      span.setAttribute(semconv.ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      // rpc.system and rpc.method are the names the docs promise (the RPC conventions are still incubating).
      if (route.startsWith("trpc:")) {
        span.setAttribute("rpc.system", "trpc");
        span.setAttribute("rpc.method", route.slice("trpc:".length));
      }
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };

  return {
    middleware,
    shutdown: () =>
      provider.shutdown().catch((error: unknown) => logger.warn("tracing: flushing spans failed", error)),
  };
}
