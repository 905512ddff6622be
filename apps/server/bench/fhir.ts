/**
 * `npm run bench:fhir`: the partner API at a large organisation's scale (issue 17's budget: a FHIR search for a
 * postcode over an organisation with 10,000 practitioner roles, with _include, p99 ≤ 50 ms at 50 req/s). Prepares
 * a PGlite data directory with the demo world and the performance dataset (10,000 roles over 2,000 practitioners
 * in Metro Health; reused on later runs) — and, when DATABASE_URL is set, that PostgreSQL database too —
 * publishes Metro Health to MediFund with its practitioners, gives a benchmark client system a secret, takes a
 * token from the API's own token endpoint, and measures the searches at 50 req/s offered and at the most one
 * connection answers, beside a bare Fastify route. Scaffolding: measure-api.ts. Environment: BENCH_DATA_DIR
 * (default <tmp>/pca-bench-fhir), BENCH_SECONDS (5), BENCH_CONNECTIONS (1), DATABASE_URL (optional).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createDatabase, type CreateDatabaseOptions } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { partnerPublications } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import {
  PERFORMANCE_ORGANISATION_KEY,
  seedPerformanceDataset,
} from '#db/seed/performance-dataset.ts';
import { provisionSandboxClient } from '#modules/client-systems/sandbox-client.ts';
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
      scenarios: async (address): Promise<BenchScenario[]> => {
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
        const headers = { authorization: `Bearer ${token}` };
        const searches = {
          'PractitionerRole postcode 2067 + _include practitioner, service':
            '/fhir/PractitionerRole?address-postalcode=2067&_include=PractitionerRole:practitioner&_include=PractitionerRole:service',
          'HealthcareService postcode 2067 + _include location, organization':
            '/fhir/HealthcareService?address-postalcode=2067&_include=HealthcareService:location&_include=HealthcareService:organization',
          'Practitioner by name "sm"': '/fhir/Practitioner?name=sm',
        };
        return Object.entries(searches).flatMap(([name, url]) => [
          { name: `${name} at 50/s`, url: `${address}${url}`, headers, rate: 50, connections: 10 },
          { name: `${name}, most`, url: `${address}${url}`, headers },
        ]);
      },
    });
  } finally {
    await handle.close();
  }
}

await bench(`PGlite at ${dataDir}`, { dataDir }, path.join(dataDir, 'performance-seeded'));
if (databaseUrl) await bench('PostgreSQL', { databaseUrl }, null);
