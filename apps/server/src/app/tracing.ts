import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

/**
 * OpenTelemetry traces (docs/decisions/075-operations.md), started by main.ts before the server's modules
 * load. The SDK reads the standard variables: OTEL_EXPORTER_OTLP_ENDPOINT (where the collector listens),
 * OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default), OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER… Spans come
 * from Node's HTTP server and Fastify (each request, its route and hooks), pg (each statement) and undici (fetch: the identity
 * provider, the NHSD); pino's log records carry the trace and span ids of the request they belong to.
 */
/** A request's address without its query string. */
const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] || '/';

export async function startTracing() {
  // ES modules are instrumented through import-in-the-middle's loader, told only of the modules hooked.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  process.env.OTEL_SERVICE_NAME ??= 'provider-connect-api';
  // Traces only: Prometheus has the metrics (/metrics) and the log pipeline the logs.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    instrumentations: [
      // The server span of each request, around all of Fastify's handling, so that every log line of the
      // request (from "incoming request" on) is written inside its trace; outgoing HTTP is undici's.
      // A query string can carry personal data (an email-verification link's address and code, an OIDC code):
      // spans record the path only, as the logs do (docs/decisions/095-what-the-logs-keep-out.md). The hook's
      // attributes are applied over the instrumentation's own.
      new HttpInstrumentation({
        disableOutgoingRequestInstrumentation: true,
        startIncomingSpanHook: (request) => {
          const path = pathOf(request.url);
          return {
            'http.target': path,
            'http.url': `http://${request.headers.host ?? 'localhost'}${path}`,
            'url.query': '',
          };
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        requestHook: (span, request) => span.setAttribute('url.path', pathOf(request.url)),
      }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
      // Trace ids in the log records, not log records sent as OTLP.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return sdk;
}
