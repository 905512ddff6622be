/**
 * `npm run check:publications`: the consent check over the whole database
 * (docs/decisions/056-publications-need-current-acceptance.md, docs/production.md). Lists every publication —
 * a partner publication row that publishes, at any level of an organisation's tree, or a practitioner's own
 * choice that publishes (docs/decisions/081-practitioner-publication-acceptance.md) — without a person's
 * acceptance of its partner's current information use statement, one line each, and exits 1 when there is
 * any (0 when there is none, 2 when the database cannot be read). It only reads: nothing is migrated or
 * written. `--json` prints the findings as one JSON document instead. Honours `DATABASE_URL` / `DATA_DIR`
 * (stop `npm start` first when using PGlite: one process owns its directory).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { publicationsRepository, type ConsentFinding } from '#modules/publications/repository.ts';

const json = process.argv.includes('--json');

const levelName: Record<ConsentFinding['level'], string> = {
  practitioner: 'Practitioner',
  organisation: 'Organisation',
  location: 'Location',
  'healthcare-service': 'Healthcare service',
};

/** One line an operator can act on: where, which partner, what is missing. */
function describe(f: ConsentFinding): string {
  const where =
    f.level === 'practitioner'
      ? `Practitioner ${f.entityName} (${f.practitionerId}), their own choice,`
      : f.level === 'organisation'
        ? `Organisation ${f.organisationName} (${f.organisationId})`
        : `${levelName[f.level]} ${f.entityName} (${f.healthcareServiceId ?? f.locationId}) of ${f.organisationName}`;
  const what =
    f.reason === 'nobody-accepted'
      ? `statement version ${f.acceptedVersion} with nobody recorded as accepting it`
      : f.currentVersion === null
        ? 'a partner without an information use statement'
        : f.acceptedVersion === null
          ? `no accepted statement, current version ${f.currentVersion}`
          : `statement version ${f.acceptedVersion}, current version ${f.currentVersion}`;
  return `  ${where} publishes to ${f.partnerName} on ${what} (publication ${f.publicationId})`;
}

/** The error's own words: a failed query's cause (the database's message), not the statement sent. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

const config = loadConfig();
let handle: Awaited<ReturnType<typeof createDatabase>> | undefined;
try {
  // Opening PGlite on a missing directory would make an empty database there: refuse instead.
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION')))
    throw new Error(`no PGlite database in ${config.dataDir}`);
  handle = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, maxConnections: 1 }
      : { dataDir: config.dataDir },
  );
  const [findings, publishing] = await Promise.all([
    publicationsRepository.withoutCurrentAcceptance(handle.db),
    publicationsRepository.publishingCount(handle.db),
  ]);
  if (json) console.info(JSON.stringify({ publishing, findings }));
  else if (!findings.length)
    console.info(
      `Consent check: all ${publishing} publications name their partner's current information use statement and who accepted it.`,
    );
  else
    console.info(
      [
        `Consent check: ${findings.length} of ${publishing} publications lack a person's acceptance of the partner's current information use statement:`,
        ...findings.map(describe),
      ].join('\n'),
    );
  process.exitCode = findings.length ? 1 : 0;
} catch (error) {
  console.error(`Consent check: the database could not be read (${reasonOf(error)}).`);
  process.exitCode = 2;
} finally {
  await handle?.close();
}
