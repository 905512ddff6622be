import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import promClient from 'prom-client';
import type { Database } from '#db/client.ts';
import { cidrBlock, type ServerConfig } from '#lib/config.ts';
import { NotFoundError } from '#platform/errors.ts';
import { createMetrics, type PoolGauges } from '#platform/metrics.ts';

/** Where Prometheus scrapes (outside /api: it is the operator's, not the SPA's or partners'). */
export const METRICS_PATH = '/metrics';

/** The addresses of METRICS_ALLOW as a BlockList (Node's own CIDR matching, IPv4-mapped IPv6 included). */
function allowList(blocks: string[]) {
  const list = new BlockList();
  for (const block of blocks) {
    const parsed = cidrBlock(block)!;
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address: string | undefined) => {
    if (!address) return false;
    const plain =
      address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Prometheus metrics (docs/decisions/075-operations.md): request durations by route pattern with
 * fastify-metrics, and the process's own (platform/metrics.ts), at /metrics for the addresses
 * METRICS_ALLOW names — both the connection's peer and the client it forwards for (TRUST_PROXY) must be
 * allowed, so neither a forged X-Forwarded-For nor a request relayed by a public proxy reads them. Anyone
 * else gets a 404 problem, which says nothing of what is there. Registered before the routes: it times them as they are added.
 */
export async function registerMetrics(
  app: FastifyInstance,
  { db, pool, config }: { db: Database; pool?: PoolGauges; config: Pick<ServerConfig, 'metrics'> },
) {
  const metrics = createMetrics({ db, ...(pool ? { pool } : {}) });
  await app.register(fastifyMetrics, {
    promClient,
    endpoint: null,
    // Node's own metrics come from platform/metrics.ts, into this app's registry.
    defaultMetrics: { enabled: false },
    routeMetrics: {
      // A histogram sums across processes; a summary's quantiles do not.
      enabled: { histogram: true, summary: false },
      overrides: {
        histogram: {
          name: 'http_request_duration_seconds',
          help: 'Time to answer a request, by method, route pattern and status',
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
          registers: [metrics.registry],
        },
        // Made even when off; this app's registry keeps it out of prom-client's global one.
        summary: { registers: [metrics.registry] },
      },
    },
  });
  const allowed = allowList(config.metrics.allow);
  const mayRead = (request: FastifyRequest) =>
    allowed(request.socket.remoteAddress) && allowed(request.ip);
  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { disableMetrics: true } },
    async (request, reply) => {
      if (!mayRead(request)) throw new NotFoundError();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
  return metrics;
}
