/**
 * What the list benchmarks (bench:delegations, bench:notifications) share after their data is prepared:
 * the API and the identity provider on loopback (bench-api.ts), a sign-in, a bare Fastify route as the
 * baseline, and each scenario measured with autocannon for a bounded time, printed as one table with the
 * machine's load average. Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (1).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { Database } from '#db/client.ts';
import { startBenchApi } from './bench-api.ts';

/** Seconds each scenario runs and the connections autocannon holds open. */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 5);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 1);

/** One measured call: its row's name and its address (headers: the signed-in caller's, unless given). */
export interface BenchScenario {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** Requests per second offered (autocannon's overallRate); unset, as many as one connection answers. */
  rate?: number;
  /** Connections held open for this scenario (BENCH_CONNECTIONS unless given). */
  connections?: number;
}

/**
 * Signs in as `raNumber` (Alice by default), then measures the bare route and the scenarios `scenarios`
 * builds from the API's address, one after the other, after 20 warm-up calls each. Fails on any non-2xx
 * answer or error. `title` opens the printout; the load average is added to it.
 */
export async function measureApi(
  db: Database,
  options: {
    title: string;
    scenarios: (apiAddress: string) => BenchScenario[] | Promise<BenchScenario[]>;
    raNumber?: string;
  },
) {
  const api = await startBenchApi(db, { RATE_LIMITS: 'false' });
  // The bare baseline: the same machine, the same load tool, a route that does nothing.
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  try {
    const token = await api.signIn(options.raNumber ?? '2000000011');
    const headers = { authorization: `Bearer ${token}` };
    const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
    const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });
    const scenarios: BenchScenario[] = [
      { name: 'bare Fastify route', url: `${bareAddress}/bare`, headers: {} },
      ...(await options.scenarios(address)).map((s) => ({ ...s, headers: s.headers ?? headers })),
    ];
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.info(
      `${options.title}, ${benchSeconds} s per scenario, ${benchConnections} connection(s); load average ${load}`,
    );
    const rows = [];
    let bareRate = 0;
    for (const scenario of scenarios) {
      for (let i = 0; i < 20; i++) await fetch(scenario.url, { headers: scenario.headers });
      const result = await autocannon({
        url: scenario.url,
        connections: scenario.connections ?? benchConnections,
        duration: benchSeconds,
        headers: scenario.headers,
        ...(scenario.rate ? { overallRate: scenario.rate } : {}),
      });
      if (result.non2xx || result.errors)
        throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const rate = result.requests.average;
      if (!bareRate) bareRate = rate;
      // The ratio compares capacities: at a fixed offered rate it only says the rate was met.
      rows.push({
        scenario: scenario.name,
        requests: result.requests.total,
        offered: scenario.rate ? `${scenario.rate}/s` : 'max',
        'req/s': Math.round(rate),
        'of bare': `${((rate / bareRate) * 100).toFixed(1)} %`,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
      });
    }
    console.table(rows);
  } finally {
    await api.close();
    await bare.close();
  }
}
