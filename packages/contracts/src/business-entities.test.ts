import { describe, expect, it } from 'vitest';
import {
  HealthcareServiceInput,
  LocationInput,
  OpeningDay,
  RegistrationStepUpdate,
  businessApiPath,
  adminApiPaths,
} from './index.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

const service = {
  name: 'Harbour Physiotherapy',
  serviceType: 'Physiotherapy',
  description: '',
  locationId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
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

describe('OpeningDay', () => {
  it('accepts closed, all-day and separate time ranges', () => {
    expect(OpeningDay.safeParse({ day: 'mon', allDay: false, ranges: [] }).success).toBe(true);
    expect(OpeningDay.safeParse({ day: 'sun', allDay: true, ranges: [] }).success).toBe(true);
    const split = {
      day: 'tue',
      allDay: false,
      ranges: [
        { opens: '13:00', closes: '17:00' },
        { opens: '08:30', closes: '12:00' },
      ],
    };
    expect(OpeningDay.safeParse(split).success).toBe(true);
  });

  it('refuses a range closing before it opens, overlapping ranges and bad times', () => {
    expect(
      messages(
        OpeningDay.safeParse({
          day: 'mon',
          allDay: false,
          ranges: [{ opens: '17:00', closes: '09:00' }],
        }),
      ),
    ).toEqual([
      'Monday: closing time must be after opening time. For hours past midnight, close at 23:59 and add the rest to the next day.',
    ]);
    expect(
      messages(
        OpeningDay.safeParse({
          day: 'mon',
          allDay: false,
          ranges: [
            { opens: '08:00', closes: '18:00' },
            { opens: '13:00', closes: '17:00' },
          ],
        }),
      ),
    ).toContain('Time ranges on the same day must not overlap');
    expect(
      OpeningDay.safeParse({ day: 'mon', allDay: false, ranges: [{ opens: '8', closes: '24:00' }] })
        .success,
    ).toBe(false);
  });
});

describe('HealthcareServiceInput', () => {
  it('checks contact channels and the order of the active dates', () => {
    expect(HealthcareServiceInput.safeParse(service).success).toBe(true);
    const bad = HealthcareServiceInput.safeParse({
      ...service,
      afterHoursPhone: '123',
      email: 'nobody',
      startDate: '2025-02-01',
      endDate: '2025-01-31',
    });
    expect(messages(bad)).toEqual(
      expect.arrayContaining([
        'Enter a valid Australian phone number, for example 02 9123 4567',
        'Enter a valid email address, for example name@example.com',
        'End date must be on or after the start date',
      ]),
    );
  });

  it('refuses a day listed twice', () => {
    const day = { day: 'mon', allDay: true, ranges: [] };
    expect(
      messages(HealthcareServiceInput.safeParse({ ...service, openingHours: [day, day] })),
    ).toContain('Each day may appear once');
  });
});

describe('LocationInput', () => {
  const location = {
    name: 'Annex',
    kind: 'physical',
    addressLine: '',
    locality: '',
    postcode: '',
    state: '',
    suppressEmail: false,
    suppressPhone: false,
    phone: '',
    afterHoursPhone: '',
    email: '',
    fax: '',
    website: '',
  };

  it('needs an address only for a physical location', () => {
    expect(messages(LocationInput.safeParse(location))).toEqual([
      'Enter the street address',
      'Select a suburb or postcode',
    ]);
    expect(LocationInput.safeParse({ ...location, kind: 'VI' }).success).toBe(true);
    expect(
      LocationInput.safeParse({
        ...location,
        addressLine: '122 Crown Street',
        locality: 'Surry Hills',
        postcode: '2010',
        state: 'NSW',
      }).success,
    ).toBe(true);
  });
});

describe('RegistrationStepUpdate', () => {
  it('validates the ABN by its checksum and stores it without spaces', () => {
    const step = { step: 'businessDetails', legalName: 'A Pty Ltd', businessName: 'A' };
    const ok = RegistrationStepUpdate.safeParse({ ...step, abn: '51 824 753 556' });
    expect(ok.success && ok.data.step === 'businessDetails' && ok.data.abn).toBe('51824753556');
    expect(messages(RegistrationStepUpdate.safeParse({ ...step, abn: '51 824 753 557' }))).toEqual([
      'Enter a valid 11-digit ABN, for example 51 824 753 556',
    ]);
  });

  it('needs the agreement accepted', () => {
    expect(
      messages(RegistrationStepUpdate.safeParse({ step: 'agreement', agreementAccepted: false })),
    ).toEqual(['You must accept the participation agreement to continue']);
  });
});

describe('businessApiPath', () => {
  it('fills the id, encoded', () => {
    expect(businessApiPath(adminApiPaths.approve, 'a/b')).toBe(
      '/api/admin/registrations/a%2Fb/approve',
    );
  });
});
