import { and, asc, eq, isNull } from 'drizzle-orm';
import { fhirApiPaths, fhirBankAccount, fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { practitionerName, sealedBankAccount } from '#db/selections.ts';
import type { Database } from '#db/client.ts';
import {
  bankAccounts,
  bankAccountShares,
  partnerServices,
  practitioners,
} from '#db/schema/index.ts';
import {
  BankAccountUnreadableError,
  openBankAccount,
  type BankAccountKeyRing,
} from '#lib/bank-account-crypto.ts';
import type { Json } from './resources.ts';
import { isUuid, type PartnerCaller } from './service.ts';

// A payer reads the bank accounts practitioners share with it (docs/decisions/058-bank-account.md). FHIR R4 and
// AU Base have no resource or profile for a bank account to pay a provider into, so it is an operation of
// Practitioner answering Parameters, read only by a payer with a current share: no share (never given,
// withdrawn, or another partner's) is the same 404 as an unknown practitioner. Each read asks the database, so a
// withdrawal is effective on the payer's next read; nothing is cached.

/** Where the operation's definition is served, under the partner API's base and inside its plugin. */
export const bankAccountDefinitionPath = fhirBankAccount.definition.slice(fhirApiPaths.base.length);
export const bankAccountDefinitionUrl = (base: string) => `${base}${bankAccountDefinitionPath}`;

/** The operation's definition (`GET /fhir/OperationDefinition/bank-account`). */
export function bankAccountDefinition(base: string): Json {
  const part = (name: string, type: string, documentation: string) => ({
    name,
    use: 'out',
    min: 1,
    max: '1',
    documentation,
    type,
  });
  return {
    resourceType: 'OperationDefinition',
    id: fhirBankAccount.name,
    url: bankAccountDefinitionUrl(base),
    name: 'BankAccount',
    title: 'Read the bank accounts practitioners share with this payer',
    status: 'active',
    kind: 'operation',
    date: '2026-11-27',
    publisher: 'Provider Connect Australia',
    description:
      'For a partner whose role is payer: the bank account of each practitioner who consented to share it with this partner, while the consent stands. On the type, every current share; on an instance, that practitioner’s (404 when not shared). A withdrawn consent is effective on the next read.',
    affectsState: false,
    code: fhirBankAccount.name,
    resource: ['Practitioner'],
    system: false,
    type: true,
    instance: true,
    parameter: [
      {
        name: 'bankAccount',
        use: 'out',
        min: 0,
        max: '*',
        documentation: 'One shared bank account.',
        part: [
          part('practitioner', 'Reference', 'The practitioner, with their name as display.'),
          {
            ...part('hpii', 'Identifier', 'The practitioner’s HPI-I, when they have one.'),
            min: 0,
          },
          part('accountName', 'string', 'The account name.'),
          part('bsb', 'string', 'The BSB: 6 digits.'),
          part('accountNumber', 'string', 'The account number: 6 to 9 digits.'),
          part(
            'consentVersion',
            'integer',
            'The version of the consent text the share was given under.',
          ),
          part('sharedAt', 'dateTime', 'When the consent was given.'),
        ],
      },
    ],
  };
}

/** The current shares with `partnerServiceId` (a payer), optionally of one practitioner, with their ciphertext. */
function currentShares(db: Database, partnerServiceId: string, practitionerId?: string) {
  return db
    .select({
      practitionerId: practitioners.id,
      ...practitionerName,
      hpii: practitioners.hpii,
      consentVersion: bankAccountShares.consentVersion,
      sharedAt: bankAccountShares.consentedAt,
      ...sealedBankAccount,
    })
    .from(bankAccountShares)
    .innerJoin(partnerServices, eq(partnerServices.id, bankAccountShares.partnerServiceId))
    .innerJoin(practitioners, eq(practitioners.id, bankAccountShares.practitionerId))
    .innerJoin(bankAccounts, eq(bankAccounts.practitionerId, bankAccountShares.practitionerId))
    .where(
      and(
        eq(bankAccountShares.partnerServiceId, partnerServiceId),
        eq(partnerServices.role, 'payer'),
        isNull(bankAccountShares.withdrawnAt),
        ...(practitionerId ? [eq(bankAccountShares.practitionerId, practitionerId)] : []),
      ),
    )
    .orderBy(asc(practitioners.familyName), asc(practitioners.givenName), asc(practitioners.id));
}

type ShareRow = Awaited<ReturnType<typeof currentShares>>[number];

export function bankAccountReads(db: Database, ring: BankAccountKeyRing) {
  const parameter = (row: ShareRow): Json => {
    const plain = openBankAccount(ring, row.practitionerId, row);
    return {
      name: 'bankAccount',
      part: [
        {
          name: 'practitioner',
          valueReference: {
            reference: `Practitioner/${row.practitionerId}`,
            display: `${row.givenName} ${row.familyName}`,
          },
        },
        ...(row.hpii
          ? [
              {
                name: 'hpii',
                valueIdentifier: { system: fhirIdentifierSystems.hpii, value: row.hpii },
              },
            ]
          : []),
        { name: 'accountName', valueString: plain.accountName },
        { name: 'bsb', valueString: plain.bsb },
        { name: 'accountNumber', valueString: plain.accountNumber },
        { name: 'consentVersion', valueInteger: row.consentVersion },
        { name: 'sharedAt', valueDateTime: row.sharedAt.toISOString() },
      ],
    };
  };

  return {
    /**
     * Every account shared with the calling payer. A row that does not decrypt is left out and reported to
     * `onUnreadable` (the log): one damaged row must not hide every other practitioner's account.
     */
    async list(partner: PartnerCaller, onUnreadable: (practitionerId: string) => void) {
      const rows = await currentShares(db, partner.partnerServiceId);
      const parameters: Json[] = [];
      for (const row of rows)
        try {
          parameters.push(parameter(row));
        } catch (error) {
          if (!(error instanceof BankAccountUnreadableError)) throw error;
          onUnreadable(row.practitionerId);
        }
      return { resourceType: 'Parameters', parameter: parameters } as Json;
    },

    /** One practitioner's account shared with the calling payer; null when not shared (or no such practitioner). */
    async read(partner: PartnerCaller, practitionerId: string): Promise<Json | null> {
      if (!isUuid(practitionerId)) return null;
      const [row] = await currentShares(db, partner.partnerServiceId, practitionerId);
      return row ? { resourceType: 'Parameters', parameter: [parameter(row)] } : null;
    },
  };
}
