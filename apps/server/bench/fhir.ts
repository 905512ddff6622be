/**
 * `npm run bench:fhir`: the partner API at a large organisation's scale (issue 17's budget: a FHIR search for a
 * postcode over an organisation with 10,000 practitioner roles, with _include, p99 ≤ 50 ms at 50 req/s). Prepares
 * a PGlite data directory with the demo world and the performance dataset (10,000 roles over 2,000 practitioners
 * in Metro Health; reused on later runs) — and, when DATABASE_URL is set, that PostgreSQL database too —
 * publishes Metro Health to MediFund with its practitioners, gives a benchmark client system a secret, takes a
 * token from the API's own token endpoint, and measures the searches at 50 req/s offered (open loop, as
 * bench/load.ts does; the role search also in autocannon's bursts of 10 at the start of every second) and at
 * the most one connection answers, beside a bare Fastify route; then walks a full export of every type
 * (exportWalk). Scaffolding: measure-api.ts. Environment: BENCH_DATA_DIR (default <tmp>/pca-bench-fhir),
 * BENCH_SECONDS (5), BENCH_CONNECTIONS (1), DATABASE_URL (optional).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { fhirResourceTypes } from '@pca/contracts/fhir-paths.ts';
import { createDatabase, type CreateDatabaseOptions, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { partnerPublications } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import {
  PERFORMANCE_ORGANISATION_KEY,
  seedPerformanceDataset,
} from '#db/seed/performance-dataset.ts';
import { provisionSandboxClient } from '#modules/client-systems/sandbox-client.ts';
import { startBenchApi } from './bench-api.ts';
import { measureApi, type BenchScenario } from './measure-api.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-fhir');
const databaseUrl = process.env.DATABASE_URL;

async function bench(label: string, options: CreateDatabaseOptions, marker: string | null) {
  const handle = await createDatabase(options);
  await migrateDatabase(handle);
  const db = handle.db;
  if (!marker || !existsSync(marker)) {
    const started = performance.now();
    if (await isDatabaseEmpty(db)) await seedDemoWorld(db);
    const seeded = await seedPerformanceDataset(db);
    await db.execute(sql`analyze`);
    if (marker) writeFileSync(marker, new Date().toISOString());
    console.info(
      `Seeded ${seeded.roles} roles over ${seeded.practitioners} practitioners in ${Math.round(performance.now() - started)} ms`,
    );
  }
  const metro = demoIds.organisation(PERFORMANCE_ORGANISATION_KEY);
  const medifund = demoIds.partnerService('medifund');
  // Metro Health publishes everything to MediFund, its practitioners too.
  await db
    .delete(partnerPublications)
    .where(
      and(
        eq(partnerPublications.organisationId, metro),
        eq(partnerPublications.partnerServiceId, medifund),
        isNull(partnerPublications.locationId),
        isNull(partnerPublications.healthcareServiceId),
      ),
    );
  await db.insert(partnerPublications).values({
    partnerServiceId: medifund,
    organisationId: metro,
    publish: true,
    publishFuturePractitioners: true,
    informationUseStatementId: demoIds.informationUseStatement('medifund', 1),
    acceptedAt: new Date(),
  });
  const secret = randomBytes(32).toString('base64url');
  await provisionSandboxClient(db, { partnerCode: 'medifund', clientId: 'bench-medifund', secret });
  try {
    await measureApi(db, {
      title: `\nPartner API on ${label}: Metro Health's 10,000 roles published to MediFund`,
      // After twenty calls the first scenario on PGlite still measured its warm-up (p50 154 ms at 50/s,
      // 15 ms after 200).
      warmUp: 200,
      scenarios: async (address): Promise<BenchScenario[]> => {
        const headers = await tokenHeaders(address, secret);
        const searches = {
          'PractitionerRole postcode 2067 + _include practitioner, service':
            '/fhir/PractitionerRole?address-postalcode=2067&_include=PractitionerRole:practitioner&_include=PractitionerRole:service',
          'HealthcareService postcode 2067 + _include location, organization':
            '/fhir/HealthcareService?address-postalcode=2067&_include=HealthcareService:location&_include=HealthcareService:organization',
          'Practitioner by name "sm"': '/fhir/Practitioner?name=sm',
        };
        // HCPD's and AU PD's searches (docs/decisions/073-hcpd-search.md): chains, codes, opening hours, XML.
        const hcpd = {
          'PractitionerRole location.address-postalcode 2067 + role + _include practitioner, service':
            '/fhir/PractitionerRole?location.address-postalcode=2067&role=General%20practitioner&_include=PractitionerRole:practitioner&_include=PractitionerRole:service',
          'PractitionerRole practitioner.family "sm" + organization.name':
            '/fhir/PractitionerRole?practitioner.family=sm&organization.name=metro',
          'HealthcareService location.address-postalcode 2067 + daysofweek sat + starttime le0900':
            '/fhir/HealthcareService?location.address-postalcode=2067&daysofweek=sat&starttime=le0900',
          'PractitionerRole postcode 2067 + _include practitioner, service, as XML':
            '/fhir/PractitionerRole?location.address-postalcode=2067&_include=PractitionerRole:practitioner&_include=PractitionerRole:service&_format=xml',
        };
        const hcpdScenarios = Object.entries(hcpd).map(([name, url]) => ({
          name: `${name} at 50/s`,
          url: `${address}${url}`,
          headers,
          rate: 50,
          connections: 10,
        }));
        return [
          ...hcpdScenarios,
          ...Object.entries(searches).flatMap(([name, url], i) => [
            {
              name: `${name} at 50/s`,
              url: `${address}${url}`,
              headers,
              rate: 50,
              connections: 10,
            },
            // The harsher reading of the earlier figures: ten requests at once at the start of every second.
            ...(i === 0
              ? [
                  {
                    name: `${name} at 50/s in bursts of 10`,
                    url: `${address}${url}`,
                    headers,
                    rate: 50,
                    burst: true,
                    connections: 10,
                  },
                ]
              : []),
            { name: `${name}, most`, url: `${address}${url}`, headers },
          ]),
        ];
      },
    });
    await exportWalk(db, secret);
  } finally {
    await handle.close();
  }
}

/** This process's memory after a full garbage collection (V8's gc, exposed here for the measurement). */
function retained() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage();
}

/** The bearer header of a token from the API's own token endpoint for the benchmark client. */
async function tokenHeaders(address: string, secret: string) {
  const res = await fetch(`${address}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'bench-medifund',
      client_secret: secret,
    }).toString(),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Issue 17: "a full paged export of every published resource streams without loading it all into memory".
 * Walks every type's search with _count=100, following `next` links to the end, and samples this process's
 * memory (the API runs in it) every 5 ms: the heap's growth stays near one page's worth however many bytes
 * the walk reads.
 */
async function exportWalk(db: Database, secret: string) {
  const api = await startBenchApi(db, { RATE_LIMITS: 'false' });
  try {
    const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = await tokenHeaders(address, secret);
    const before = retained();
    const peak = { rss: before.rss, heapUsed: before.heapUsed, retained: before.heapUsed };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    };
    const sampler = setInterval(sample, 5);
    const rows = [];
    const started = performance.now();
    let bytes = 0;
    try {
      for (const type of fhirResourceTypes) {
        const t0 = performance.now();
        let url: string | undefined = `${address}/fhir/${type}?_count=100`;
        let pages = 0;
        let resources = 0;
        let slowest = 0;
        while (url) {
          const p0 = performance.now();
          const res = await fetch(url, { headers });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
          slowest = Math.max(slowest, performance.now() - p0);
          bytes += text.length;
          const bundle = JSON.parse(text) as {
            entry?: unknown[];
            link?: Array<{ relation: string; url: string }>;
          };
          pages += 1;
          resources += bundle.entry?.length ?? 0;
          url = bundle.link?.find((l) => l.relation === 'next')?.url;
          sample();
          // What stays once garbage is collected, every 20 pages: it does not grow with the pages read.
          if (pages % 20 === 0) peak.retained = Math.max(peak.retained, retained().heapUsed);
        }
        rows.push({
          type,
          pages,
          resources,
          seconds: ((performance.now() - t0) / 1000).toFixed(1),
          'slowest page ms': Math.round(slowest),
        });
      }
    } finally {
      clearInterval(sampler);
    }
    const after = retained();
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.info(
      `\nFull export, _count=100, every type followed by its next links: ${((performance.now() - started) / 1000).toFixed(1)} s, ${mb(bytes)} of JSON read. This process (API and client): heap after a full GC ${mb(before.heapUsed)} before, at most ${mb(peak.retained)} during, ${mb(after.heapUsed)} after; heap in use (garbage included) at most ${mb(peak.heapUsed)}; RSS ${mb(before.rss)} before, at most ${mb(peak.rss)}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(rows);
  } finally {
    await api.close();
  }
}

await bench(`PGlite at ${dataDir}`, { dataDir }, path.join(dataDir, 'performance-seeded'));
if (databaseUrl) await bench('PostgreSQL', { databaseUrl }, null);
