import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { informationUseStatements, partnerServices } from '#db/schema/index.ts';

// The partner services and their information use statements, read by publishing to partners and by the
// NHSD import (which records publication choices): docs/decisions/030-publishing-to-partners.md.

/** The database or a transaction. */
type Executor = Pick<Database, 'select'>;

/** Every partner service with its latest information use statement (the highest version). */
export async function partnersWithLatestStatement(db: Executor) {
  const rows = await db
    .select({
      id: partnerServices.id,
      code: partnerServices.code,
      name: partnerServices.name,
      role: partnerServices.role,
      featureFlag: partnerServices.featureFlag,
      shownToProviders: partnerServices.shownToProviders,
      statementId: informationUseStatements.id,
      version: informationUseStatements.version,
      title: informationUseStatements.title,
      content: informationUseStatements.content,
    })
    .from(partnerServices)
    .innerJoin(
      informationUseStatements,
      eq(informationUseStatements.partnerServiceId, partnerServices.id),
    )
    .orderBy(
      asc(partnerServices.name),
      asc(partnerServices.id),
      desc(informationUseStatements.version),
    );
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.id)) latest.set(row.id, row);
  return [...latest.values()];
}
