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
  const [api, node, otlp, resources, undici] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation-undici"),
  ]);
  const resource = resources
    .defaultResource()
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
    .merge(resources.resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME }));
  const provider = new node.NodeTracerProvider({
    resource,
    spanProcessors: [new node.BatchSpanProcessor(new otlp.OTLPTraceExporter())],
  });
  // AsyncLocalStorage context and W3C trace-context propagation (sdk-trace-node's defaults), made global.
  provider.register();
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
          "http.request.method": c.req.method,
          "url.path": url.pathname,
          "url.scheme": url.protocol.replace(":", ""),
          "server.address": url.hostname,
          ...(c.req.header("user-agent") ? { "user_agent.original": c.req.header("user-agent") } : {}),
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
      span.setAttribute("http.route", route);
      span.setAttribute("http.response.status_code", status);
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
