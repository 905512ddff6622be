/**
 * The API's entry point. With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts first and the server's
 * modules load after it, through this dynamic import, so that Fastify, pg and fetch are loaded already
 * instrumented; without it the OpenTelemetry packages are never loaded at all
 * (docs/decisions/075-operations.md).
 */
try {
  let flush: (() => Promise<void>) | undefined;
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import('#app/tracing.ts');
    const sdk = await startTracing();
    flush = () => sdk.shutdown();
  }
  const { startServer } = await import('#app/start-server.ts');
  await startServer({ flush });
} catch (error) {
  console.error(error);
  process.exit(1);
}

// An ES module (top-level await), though it imports nothing statically.
export {};
