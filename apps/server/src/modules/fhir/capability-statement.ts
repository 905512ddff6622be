import {
  fhirBankAccount,
  fhirPaging,
  fhirRequestPersonalContact,
  fhirResourceTypes,
} from '@pca/contracts/fhir-paths.ts';
import { definitionUrl } from './contact-requests.ts';
import { bankAccountDefinitionUrl } from './bank-accounts.ts';
import type { FhirResourceType } from '@pca/contracts/fhir-paths.ts';
import { profiles, type Json } from './resources.ts';
import { INCLUDE_LIMIT, searchDefinitions } from './service.ts';

/**
 * A type's search parameters as declared: name, type, the SearchParameter it implements (R4's or HCPD's) and
 * any note. A chained one (`location.address-postalcode`) is declared by its chain with the target's
 * definition, as R4 has no element for chains (docs/decisions/073-hcpd-search.md).
 */
const searchParamsOf = (type: FhirResourceType) =>
  Object.entries(searchDefinitions[type].params).map(([name, p]) => ({
    name,
    ...(p.definition ? { definition: p.definition } : {}),
    type: p.type,
    ...(p.documentation || name.includes('.') || p.modifiers
      ? {
          documentation: [
            name.includes('.') ? `Chained: ${name.replace('.', ' → ')}.` : '',
            p.documentation ?? '',
            p.modifiers ? `Modifiers: ${p.modifiers.map((m) => `:${m}`).join(', ')}.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  }));

/**
 * The types whose served instances declare HCPD's profile (when complete: a service's type coded, a location
 * typed). Organisations, practitioners and roles lack data HCPD requires (decision 072) and declare AU Base's.
 */
const MEETS_HCPD = new Set(['Location', 'HealthcareService', 'Endpoint', 'Provenance']);
/**
 * Types some of whose instances declare HCPD's profile: a practitioner with an HPI-I, a registration and a
 * recorded sex or gender (docs/decisions/080-hours-all-day-and-rsg.md), an organisation with an ABN, an HPI-O and
 * a business address (docs/decisions/084-organisation-address.md), a role with its practitioner's Ahpra
 * registration and a location (docs/decisions/083-practitioner-role-identifiers.md) — supported, not the
 * type's profile.
 */
const SOME_MEET_HCPD = new Set(['Practitioner', 'Organization', 'PractitionerRole']);

/** What the partner API can do (GET /fhir/metadata), built from the same definitions the searches use. */
export function capabilityStatement(base: string): Json {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-24',
    publisher: 'Provider Connect Australia',
    kind: 'instance',
    implementation: {
      description:
        'Provider Connect Australia partner API: what providers published to the calling partner',
      url: base,
    },
    fhirVersion: '4.0.1',
    format: ['json', 'xml'],
    rest: [
      {
        mode: 'server',
        documentation: `Access tokens from the portal's OAuth 2.0 token endpoint (client credentials). A search answers ${fhirPaging.defaultCount} matches a page unless _count says otherwise (at most ${fhirPaging.maxCount}); follow the Bundle's next link. Each _include and _revinclude adds at most ${INCLUDE_LIMIT} resources to a page; one cut there is named in an OperationOutcome entry (search.mode outcome, severity warning, code incomplete). Bundle.total is given when _total=accurate (or estimate) asks for it, and on a page that reaches the last match. _summary (true, text, data, count, false) and _elements shape the matches (tagged SUBSETTED). Handling is strict unless the request says Prefer: handling=lenient: strict refuses an unknown parameter, modifier, include or revinclude (400 OperationOutcome), lenient leaves it out of the search and its self link. Answers are JSON, or XML with _format=xml or Accept: application/fhir+xml. A comma in a value is OR, a repeated parameter AND; string parameters match the start of a value in any case.`,
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'OAuth',
                },
              ],
            },
          ],
          description: 'OAuth 2.0 client credentials; Bearer access tokens.',
        },
        resource: [
          ...fhirResourceTypes.map((type) => {
            const def = searchDefinitions[type];
            return {
              type,
              // HCPD's profile for the types whose instances meet it (resources.ts), AU Base's for the rest.
              profile: MEETS_HCPD.has(type) ? profiles[type].hcpd : profiles[type].auBase,
              supportedProfile: [
                profiles[type].auBase,
                (MEETS_HCPD.has(type) || SOME_MEET_HCPD.has(type)) && profiles[type].hcpd,
              ].filter((p): p is NonNullable<typeof p> & string => typeof p === 'string'),
              interaction: [{ code: 'read' }, { code: 'search-type' }],
              searchParam: searchParamsOf(type),
              ...(def.includes.length ? { searchInclude: def.includes } : {}),
              ...(def.revincludes.length ? { searchRevInclude: def.revincludes } : {}),
              ...(type === 'Practitioner'
                ? {
                    operation: [
                      {
                        name: fhirRequestPersonalContact.name,
                        definition: definitionUrl(base),
                      },
                      // Payers only, while a practitioner shares their bank account with them.
                      {
                        name: fhirBankAccount.name,
                        definition: bankAccountDefinitionUrl(base),
                      },
                    ],
                  }
                : {}),
            };
          }),
          // Partners talk back (docs/decisions/031-fhir-partner-api.md): suggested changes and requests to
          // complete an online form (Task, the latter completed by PATCH), and notifications (Communication).
          {
            type: 'Task',
            documentation:
              "POST a suggested change (input of property names with valueString) or a request to complete your online form (one input 'OnlineForm' with valueUrl); read your tasks' outcomes; PATCH /status to 'completed' (JSON Patch) when a provider has submitted your form. A search lists your tasks newest first, paged as any search (_count, _offset, next link), with Bundle.total always given.",
            interaction: [
              { code: 'create' },
              { code: 'read' },
              { code: 'search-type' },
              { code: 'patch' },
            ],
            searchParam: [
              {
                name: 'status',
                definition: 'http://hl7.org/fhir/SearchParameter/Task-status',
                type: 'token',
                documentation:
                  'requested, completed or rejected: a comma is OR, a repeated status AND.',
              },
            ],
          },
          {
            type: 'Communication',
            documentation:
              'POST a notification (sanitised HTML) for a practitioner published to you.',
            interaction: [{ code: 'create' }],
          },
        ],
      },
    ],
  };
}
