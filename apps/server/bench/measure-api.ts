/**
 * What the list benchmarks (bench:delegations, bench:notifications, bench:fhir) share after their data is
 * prepared: the API and the identity provider on loopback (bench-api.ts), a sign-in, a bare Fastify route as
 * the baseline, and each scenario measured for a bounded time — with autocannon, or open loop at a fixed
 * offered rate — printed as one table with the machine's load average. Environment: BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (1).
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { Database } from '#db/client.ts';
import { startBenchApi } from './bench-api.ts';
import { offerOpenLoop } from './open-loop.ts';

/** Seconds each scenario runs and the connections autocannon holds open. */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 5);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 1);

/** One measured call: its row's name and its address (headers: the signed-in caller's, unless given). */
export interface BenchScenario {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /**
   * Requests per second offered, open loop (`openLoop`); unset, as many as the connections answer. With
   * `burst`, autocannon's overallRate instead: each connection sends its share back to back at the start of
   * every second, so the server meets `connections` requests at once.
   */
  rate?: number;
  burst?: boolean;
  /** Connections held open for this scenario (BENCH_CONNECTIONS unless given). */
  connections?: number;
}

interface Latencies {
  total: number;
  rate: number;
  p50: number;
  p99: number;
}

/**
 * A fixed offered rate, open loop, as bench/load.ts measures it: request i is due at start + i / rate whatever
 * happened to the ones before it, and its latency counts from that moment (waiting for a free connection or a
 * busy event loop included). Throws on any non-2xx answer or error.
 */
async function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  connections: number,
): Promise<Latencies> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * benchSeconds));
  const latencies: number[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode! < 200 || res.statusCode! >= 300)
              return reject(new Error(`${url} answered ${res.statusCode}`));
            latencies.push(performance.now() - due);
            resolve();
          });
        })
        .on('error', reject);
    });
  const { start } = await offerOpenLoop(rate, total, (_i, due) => send(due));
  const span = performance.now() - start;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const at = (p: number) => latencies[Math.min(total - 1, Math.ceil((p / 100) * total) - 1)]!;
  return { total, rate: (total * 1000) / span, p50: Math.round(at(50)), p99: Math.round(at(99)) };
}

/**
 * Signs in as `raNumber` (Alice by default), then measures the bare route and the scenarios `scenarios`
 * builds from the API's address, one after the other, after `warmUp` calls each (20 unless given). Fails on
 * any non-2xx answer or error. `title` opens the printout; the load average is added to it.
 */
export async function measureApi(
  db: Database,
  options: {
    title: string;
    scenarios: (apiAddress: string) => BenchScenario[] | Promise<BenchScenario[]>;
    raNumber?: string;
    /** Calls before each scenario is measured (PGlite's WebAssembly needs a few hundred to settle). */
    warmUp?: number;
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
      for (let i = 0; i < (options.warmUp ?? 20); i++)
        await (await fetch(scenario.url, { headers: scenario.headers })).arrayBuffer();
      const connections = scenario.connections ?? benchConnections;
      let measured: Latencies;
      if (scenario.rate && !scenario.burst) {
        measured = await openLoop(scenario.url, scenario.headers ?? {}, scenario.rate, connections);
      } else {
        const result = await autocannon({
          url: scenario.url,
          connections,
          duration: benchSeconds,
          headers: scenario.headers,
          ...(scenario.rate ? { overallRate: scenario.rate } : {}),
        });
        if (result.non2xx || result.errors)
          throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        measured = {
          total: result.requests.total,
          rate: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
        };
      }
      if (!bareRate) bareRate = measured.rate;
      // The ratio compares capacities: at a fixed offered rate it only says the rate was met.
      rows.push({
        scenario: scenario.name,
        requests: measured.total,
        offered: scenario.rate ? `${scenario.rate}/s${scenario.burst ? ' burst' : ''}` : 'max',
        'req/s': Math.round(measured.rate),
        'of bare': `${((measured.rate / bareRate) * 100).toFixed(1)} %`,
        'p50 ms': measured.p50,
        'p99 ms': measured.p99,
      });
    }
    console.table(rows);
  } finally {
    await api.close();
    await bare.close();
  }
}
