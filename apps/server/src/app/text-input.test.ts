import { describe, expect, it } from 'vitest';
import { Problem, textMessages } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, GEORGE, ISLA, PRIYA, useTestApp } from '../test/use-test-app.ts';

// The text rule of docs/decisions/008-text-rules-and-problem-types.md, end to end: a NUL or a lone
// surrogate in any text field is a 400 problem naming the field, never a 500 from the database.

const { t, as } = useTestApp();

const harbour = demoIds.organisation('harbour-group');
const coastal = demoIds.organisation('coastal-physio');
const riverbend = demoIds.organisation('riverbend');
const clinic = demoIds.location('surry-hills-clinic');
const gp = demoIds.healthcareService('surry-hills-gp');
const aliceGp = demoIds.practitionerRole('alice', 'surry-hills-gp');
const danaInvitation = demoIds.delegation('alice', 'dana');
const CHLOE = '2000000033';
const DANA = '2000000044';

const location = {
  name: 'Surry Hills Clinic',
  kind: 'physical',
  addressLine: '122 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  phone: '02 9123 4500',
  afterHoursPhone: '',
  email: 'reception@harbourmedical.example.com.au',
  fax: '',
  website: '',
  suppressEmail: true,
  suppressPhone: false,
};
const service = {
  name: 'Surry Hills General Practice',
  serviceType: 'General practice',
  description: 'Family doctors.\nWalk-ins welcome.',
  locationId: clinic,
  startDate: '',
  endDate: '',
  phone: '',
  afterHoursPhone: '',
  email: '',
  fax: '',
  website: '',
  suppressEmail: false,
  suppressPhone: false,
  openingHours: [],
};
const role = {
  primaryType: 'General practitioner',
  preferredName: 'Dr Alice Nguyen',
  numberOfDays: 3,
  startDate: '2026-01-05',
  endDate: null,
};
const businessDetails = {
  legalName: 'Bondi Dental Pty Ltd',
  businessName: 'Bondi Dental',
  abn: '51 824 753 556',
};
const profile = {
  email: 'someone@example.com.au',
  phone: '0298761234',
  acceptTermsOfUse: true,
  acceptPrivacyNotice: true,
};

interface BodyCase {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** RA number of the demo identity that calls (null: anonymous). */
  as: string | null;
  body: Record<string, unknown>;
  /** The text field the bad character goes into. */
  field: string;
}

const bodyCases: BodyCase[] = [
  {
    name: 'PATCH organisation',
    method: 'PATCH',
    url: `/api/organisations/${harbour}`,
    as: ALICE,
    body: {
      name: 'Harbour Medical Group Pty Ltd',
      alias: 'Harbour',
      businessName: 'Harbour Medical Group',
      fax: '',
      website: '',
    },
    field: 'businessName',
  },
  {
    name: 'POST location',
    method: 'POST',
    url: `/api/organisations/${harbour}/locations`,
    as: ALICE,
    body: location,
    field: 'name',
  },
  {
    name: 'PATCH location',
    method: 'PATCH',
    url: `/api/locations/${clinic}`,
    as: ALICE,
    body: location,
    field: 'addressLine',
  },
  {
    name: 'POST healthcare service',
    method: 'POST',
    url: `/api/organisations/${harbour}/healthcare-services`,
    as: ALICE,
    body: service,
    field: 'description',
  },
  {
    name: 'PATCH healthcare service',
    method: 'PATCH',
    url: `/api/healthcare-services/${gp}`,
    as: ALICE,
    body: service,
    field: 'name',
  },
  {
    name: 'POST business registration',
    method: 'POST',
    url: '/api/business-registrations',
    as: GEORGE,
    body: businessDetails,
    field: 'legalName',
  },
  {
    name: 'PUT business registration (business details)',
    method: 'PUT',
    url: `/api/business-registrations/${coastal}`,
    as: ISLA,
    body: { step: 'businessDetails', ...businessDetails },
    field: 'businessName',
  },
  {
    name: 'PUT business registration (contact details)',
    method: 'PUT',
    url: `/api/business-registrations/${coastal}`,
    as: ISLA,
    body: { step: 'contactDetails', phone: '02 9123 4567', email: 'a@example.com', website: '' },
    field: 'email',
  },
  {
    name: 'POST practitioner role',
    method: 'POST',
    url: '/api/practitioner-roles',
    as: ALICE,
    body: {
      ...role,
      practitionerId: demoIds.practitioner('alice'),
      hiService: null,
      healthcareServiceId: gp,
    },
    field: 'preferredName',
  },
  {
    name: 'POST HPI-I search',
    method: 'POST',
    url: '/api/practitioners/hi-service/search',
    as: ALICE,
    body: { hpii: '8003611860913908', familyName: 'Brown', givenName: 'Isla' },
    field: 'familyName',
  },
  {
    name: 'PUT practitioner role',
    method: 'PUT',
    url: `/api/practitioner-roles/${aliceGp}`,
    as: ALICE,
    body: role,
    field: 'primaryType',
  },
  {
    name: 'POST register user',
    method: 'POST',
    url: '/api/registration/register-user',
    as: CHLOE,
    body: profile,
    field: 'email',
  },
  {
    name: 'POST accept delegate invitation',
    method: 'POST',
    url: `/api/registration/delegate-invitations/${danaInvitation}/accept`,
    as: DANA,
    body: { ...profile, acceptDelegation: true },
    field: 'email',
  },
  {
    name: 'POST decline registration',
    method: 'POST',
    url: `/api/admin/registrations/${riverbend}/decline`,
    as: PRIYA,
    body: { reason: 'The ABN does not match.' },
    field: 'reason',
  },
  {
    name: 'POST auth token (state)',
    method: 'POST',
    url: '/api/auth/token',
    as: null,
    body: { code: 'some-code', state: 'some-state' },
    field: 'state',
  },
  {
    name: 'POST auth token (code)',
    method: 'POST',
    url: '/api/auth/token',
    as: null,
    body: { code: 'some-code', state: 'some-state' },
    field: 'code',
  },
];

const MARK = '__BAD_TEXT__';

/** The case's JSON body with `bad` (raw JSON text, e.g. a \ud800 escape) inside its field. */
function rawBody(c: BodyCase, bad: string) {
  return JSON.stringify({ ...c.body, [c.field]: `a${MARK}b` }).replace(MARK, bad);
}

async function call(c: { method: string; url: string; as: string | null }, payload?: string) {
  return t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: {
      ...(c.as ? await as(c.as) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Asserts a 400 validation problem whose only error is `message` on `field`. */
function expectFieldProblem(res: Awaited<ReturnType<typeof call>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(res.json());
  expect(problem).toMatchObject({ type: '/problems/validation', title: 'Invalid request' });
  expect(problem.errors).toEqual([{ field, message }]);
}

describe('a NUL or a lone surrogate in a text field is a 400 naming the field', () => {
  describe.each(bodyCases)('$name: $field', (c) => {
    it('NUL (U+0000)', async () => {
      expectFieldProblem(
        await call(c, rawBody(c, '\\u0000')),
        c.field,
        textMessages.invalidCharacter,
      );
    });
    it('lone surrogate (U+D800)', async () => {
      expectFieldProblem(
        await call(c, rawBody(c, '\\ud800')),
        c.field,
        textMessages.invalidCharacter,
      );
    });
    it('a trailing lone low surrogate (U+DC00) and DEL', async () => {
      expectFieldProblem(
        await call(c, rawBody(c, '\\udc00')),
        c.field,
        textMessages.invalidCharacter,
      );
      expectFieldProblem(
        await call(c, rawBody(c, '\\u007f')),
        c.field,
        textMessages.invalidCharacter,
      );
    });
  });
});

describe('business names are single-line (they go into mail subjects)', () => {
  const nameCases = bodyCases.filter((c) =>
    ['PATCH organisation', 'PUT business registration (business details)'].includes(c.name),
  );
  const postRegistration = { ...bodyCases.find((c) => c.name === 'POST business registration')! };
  postRegistration.field = 'businessName';

  it.each(
    [...nameCases, postRegistration].flatMap((c) =>
      ['\\r\\n', '\\n', '\\r'].map((br) => [c.name, br, c] as const),
    ),
  )('%s refuses the line break %s', async (_name, lineBreak, c) => {
    expectFieldProblem(
      await call(c, rawBody({ ...c, field: 'businessName' }, `${lineBreak}Bcc: x@example.com`)),
      'businessName',
      textMessages.lineBreak,
    );
  });

  it('multi-line fields keep their line breaks but not a NUL', async () => {
    const decline = bodyCases.find((c) => c.name === 'POST decline registration')!;
    expectFieldProblem(
      await call(decline, rawBody(decline, '\\r\\n\\u0000')),
      'reason',
      textMessages.invalidCharacter,
    );
  });
});

describe('query strings', () => {
  it.each([
    ['/api/practitioners/service-offerings?name=', ALICE],
    ['/api/practitioners/search?name=ab', ALICE],
    ['/api/localities?q=sur', ALICE],
  ])('%s with a NUL is a 400 naming the parameter', async (url, ra) => {
    const field = url.includes('?q=') ? 'q' : 'name';
    const res = await call({ method: 'GET', url: `${url}%00x`, as: ra });
    expectFieldProblem(res, field, textMessages.invalidCharacter);
  });

  it('service-offerings refuses a line break in the name and keeps answering ordinary names', async () => {
    const broken = await call({
      method: 'GET',
      url: '/api/practitioners/service-offerings?name=a%0Ab',
      as: ALICE,
    });
    expectFieldProblem(broken, 'name', textMessages.lineBreak);
    const fine = await call({
      method: 'GET',
      url: '/api/practitioners/service-offerings?name=Nguyen',
      as: ALICE,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('bytes that are not UTF-8 (a surrogate encoded as %ED%A0%80) are kept as plain text, never a 500', async () => {
    const res = await call({
      method: 'GET',
      url: '/api/practitioners/service-offerings?name=%ED%A0%80',
      as: ALICE,
    });
    expect(res.statusCode).toBe(200);
  });
});
