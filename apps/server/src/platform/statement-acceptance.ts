import { eq } from 'drizzle-orm';
import { publicationMessages, publicationProblemTypes } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { informationUseStatements } from '#db/schema/index.ts';
import { HttpError, ValidationError } from '#platform/errors.ts';

// One refusal for an acceptance that names a statement other than the partner's latest, for an organisation's
// publications and a practitioner's own (docs/decisions/056-publications-need-current-acceptance.md, 081).

/**
 * Why `statementId` cannot be accepted for `partner`: another partner's statement (or none) is a field error
 * on `acceptInformationUseStatementId`, an older one of the partner's is 409
 * `/problems/publication-statement-not-latest`.
 */
export async function statementNotAcceptable(
  db: Pick<Database, 'select'>,
  statementId: string,
  partner: { id: string; name: string },
): Promise<HttpError | ValidationError> {
  const [row] = await db
    .select({ partnerServiceId: informationUseStatements.partnerServiceId })
    .from(informationUseStatements)
    .where(eq(informationUseStatements.id, statementId));
  if (row?.partnerServiceId !== partner.id)
    return new ValidationError([
      {
        field: 'acceptInformationUseStatementId',
        message: publicationMessages.statementOfOtherPartner,
      },
    ]);
  return new HttpError(
    409,
    'Conflict',
    publicationMessages.statementNotLatest(partner.name),
    publicationProblemTypes.statementNotLatest.replace(/^\/problems\//, ''),
  );
}
