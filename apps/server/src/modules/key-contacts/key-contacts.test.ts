import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AuditEventsPage,
  auditEventsApiPaths,
  KeyContact,
  KeyContactsList,
  keyContactMessages,
  type NewKeyContact,
} from '@pca/contracts';
import { auditEvents, keyContacts, roleMemberships } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, ISLA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const harbour = demoIds.organisation('harbour-group');
const coastal = demoIds.organisation('coastal-physio');

// Writes follow each other quickly here: the writes limit is not what these tests are about.
const { t, as } = useTestApp({ RATE_LIMIT_WRITES: '1000/10s', SESSION_CACHE_MS: '0' });

const contact = (over: Partial<NewKeyContact> = {}): NewKeyContact => ({
  organisationId: harbour,
  name: 'Mei Chen',
  role: 'PracticeManager',
  email: 'mei.chen@harbourmedical.example.com.au',
  phone: '02 9123 4567',
  isPrimary: false,
  ...over,
});

async function add(over: Partial<NewKeyContact> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/key-contacts',
    headers: await as(ALICE),
    payload: contact(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return KeyContact.parse(res.json());
}

async function list(ra = ALICE, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/key-contacts${query}`,
    headers: await as(ra),
  });
  return res;
}

const primaries = async () =>
  t.db
    .select({ id: keyContacts.id })
    .from(keyContacts)
    .where(and(eq(keyContacts.organisationId, harbour), eq(keyContacts.isPrimary, true)));

describe('key contacts', () => {
  it('lists Harbour for Alice, empty at first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(KeyContactsList.parse(res.json())).toEqual({
      organisations: [{ id: harbour, name: 'Harbour Medical Group Pty Ltd' }],
      organisationId: harbour,
      contacts: [],
    });
  });

  it('validates every field, with a problem naming each', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/key-contacts',
      headers: await as(ALICE),
      payload: contact({
        name: ' ',
        role: 'Boss' as never,
        email: 'mei@',
        phone: '12345',
      }),
    });
    const body = expectProblem(res, 400, { field: 'name' });
    expect(body.errors!.map((e) => e.field)).toEqual(
      expect.arrayContaining(['name', 'role', 'email', 'phone']),
    );
    expect(body.errors!.find((e) => e.field === 'phone')!.message).toBe(
      'Enter a valid Australian phone number, for example 02 9123 4567',
    );
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/key-contacts',
      headers: await as(ALICE),
      payload: contact({ name: 'x'.repeat(101) }),
    });
    expectProblem(tooLong, 400, { field: 'name' });
  });

  it('keeps exactly one primary: the first becomes it, making another moves it, all audited', async () => {
    const mei = await add({ isPrimary: false });
    expect(mei.isPrimary).toBe(true);
    const raj = await add({ name: 'Raj Patel', role: 'BillingContact', phone: '0412 345 678' });
    expect(raj.isPrimary).toBe(false);

    const made = await t.app.inject({
      method: 'POST',
      url: `/api/key-contacts/${raj.id}/primary`,
      headers: await as(ALICE),
    });
    expect(made.statusCode).toBe(204);
    expect(await primaries()).toEqual([{ id: raj.id }]);
    const listed = KeyContactsList.parse((await list()).json());
    expect(listed.contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Raj Patel', true],
      ['Mei Chen', false],
    ]);

    // Ticking primary on update moves it back in the same way.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/key-contacts/${mei.id}`,
      headers: await as(ALICE),
      payload: { ...contact(), name: 'Mei Chen-Wong', isPrimary: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(KeyContact.parse(updated.json())).toMatchObject({
      name: 'Mei Chen-Wong',
      isPrimary: true,
    });
    expect(await primaries()).toEqual([{ id: mei.id }]);

    // A save that sends no primary choice keeps what the server has: Raj, made primary by another manager
    // after this form was opened, stays primary, and Mei's new phone is saved.
    await t.app.inject({
      method: 'POST',
      url: `/api/key-contacts/${raj.id}/primary`,
      headers: await as(ALICE),
    });
    const { isPrimary: _none, ...noChoice } = contact();
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/key-contacts/${mei.id}`,
      headers: await as(ALICE),
      payload: { ...noChoice, name: 'Mei Chen-Wong', phone: '02 9123 0000' },
    });
    expect(kept.statusCode).toBe(200);
    expect(KeyContact.parse(kept.json())).toMatchObject({
      phone: '02 9123 0000',
      isPrimary: false,
    });
    expect(await primaries()).toEqual([{ id: raj.id }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/key-contacts/${mei.id}/primary`,
      headers: await as(ALICE),
    });
    // The primary's own form sends none either: it stays primary.
    const stays = await t.app.inject({
      method: 'PUT',
      url: `/api/key-contacts/${mei.id}`,
      headers: await as(ALICE),
      payload: { ...noChoice, name: 'Mei Chen-Wong' },
    });
    expect(KeyContact.parse(stays.json())).toMatchObject({
      phone: noChoice.phone,
      isPrimary: true,
    });
    expect(await primaries()).toEqual([{ id: mei.id }]);

    // Un-ticking it on the primary is refused: another must be made primary instead.
    const unset = await t.app.inject({
      method: 'PUT',
      url: `/api/key-contacts/${mei.id}`,
      headers: await as(ALICE),
      payload: { ...contact(), isPrimary: false },
    });
    expect(expectProblem(unset, 409).detail).toBe(keyContactMessages.primaryCannotBeUnset);

    // The primary cannot go while others remain; the others can, and then the last one can.
    const removePrimary = await t.app.inject({
      method: 'DELETE',
      url: `/api/key-contacts/${mei.id}`,
      headers: await as(ALICE),
    });
    expect(expectProblem(removePrimary, 409).detail).toBe(
      keyContactMessages.primaryCannotBeRemoved,
    );
    for (const id of [raj.id, mei.id]) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/key-contacts/${id}`,
        headers: await as(ALICE),
      });
      expect(removed.statusCode).toBe(204);
    }
    expect(KeyContactsList.parse((await list()).json()).contacts).toEqual([]);

    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'key-contact'));
    expect(trail.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'key-contact.added',
        'key-contact.made-primary',
        'key-contact.updated',
        'key-contact.removed',
      ]),
    );
    expect(trail).toHaveLength(10);
    expect(trail.every((a) => a.actorUserId === demoIds.user('alice'))).toBe(true);
    const update = trail.find((a) => a.action === 'key-contact.updated')!;
    expect(update.changedFields).toMatchObject({
      name: { from: 'Mei Chen', to: 'Mei Chen-Wong' },
      isPrimary: { from: false, to: true },
    });
  });

  it("puts every event in the organisation's trail, where its other managers see it", async () => {
    // Farah becomes a second manager of Harbour.
    await t.db.insert(roleMemberships).values({
      userId: demoIds.user('farah'),
      roleType: 'OrganisationManager',
      organisationId: harbour,
    });
    const nia = await add({ name: 'Nia Brown' });
    const omar = await add({ name: 'Omar Said' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/key-contacts/${omar.id}`,
      headers: await as(ALICE),
      payload: { ...contact(), name: 'Omar Said-Brown', isPrimary: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/key-contacts/${omar.id}/primary`,
      headers: await as(ALICE),
    });
    expect(made.statusCode).toBe(204);

    const trail = await t.app.inject({
      method: 'GET',
      url: `${auditEventsApiPaths.list}?entity=key-contact&pageSize=100`,
      headers: t.bearer(await t.tokenFor('2000000055')),
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const seen = AuditEventsPage.parse(trail.json()).items.filter((i) =>
      [nia.id, omar.id].includes(i.entityId!),
    );
    expect(seen.map((i) => [i.action, i.entityId]).sort()).toEqual(
      [
        ['key-contact.added', nia.id],
        ['key-contact.added', omar.id],
        ['key-contact.made-primary', omar.id],
        ['key-contact.updated', omar.id],
      ].sort(),
    );
    expect(seen.every((i) => i.organisation?.id === harbour)).toBe(true);
  });

  it('adding a contact as primary moves the primary in the same transaction', async () => {
    const first = await add({ name: 'Ann Lee' });
    const second = await add({ name: 'Bob Ray', isPrimary: true });
    expect(second.isPrimary).toBe(true);
    expect(await primaries()).toEqual([{ id: second.id }]);
    expect(
      KeyContact.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/key-contacts/${first.id}`,
            headers: await as(ALICE),
          })
        ).json(),
      ).isPrimary,
    ).toBe(false);
  });

  it('two writes at once that each make a contact primary leave exactly one primary', async () => {
    const [a, b] = await Promise.all([
      add({ name: 'Cara Moss', isPrimary: true }),
      add({ name: 'Dev Shah', isPrimary: true }),
    ]);
    const [primary] = await primaries();
    expect(await primaries()).toHaveLength(1);
    expect([a!.id, b!.id]).toContain(primary!.id);
  });

  it('the database itself refuses a second primary contact', async () => {
    await expect(
      t.db.insert(keyContacts).values({
        organisationId: harbour,
        name: 'Racer',
        role: 'Other',
        email: 'racer@example.com',
        phone: '0298765432',
        isPrimary: true,
      }),
    ).rejects.toThrow();
  });

  it('refuses people without key-contact access (403) and organisations the caller does not keep (404)', async () => {
    for (const ra of [GEORGE, ISLA, BEN]) {
      expectProblem(await list(ra), 403);
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: '/api/key-contacts',
          headers: await as(ra),
          payload: contact(),
        }),
        403,
      );
    }
    // Alice keeps Harbour's contacts, not Coastal's (Isla's business, not approved), nor unknown ones.
    expectProblem(await list(ALICE, `?organisationId=${coastal}`), 404);
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/key-contacts',
        headers: await as(ALICE),
        payload: contact({ organisationId: coastal }),
      }),
      404,
    );
    expectProblem(
      await t.app.inject({
        method: 'GET',
        url: '/api/key-contacts/00000000-0000-4000-8000-000000000000',
        headers: await as(ALICE),
      }),
      404,
    );
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/key-contacts' }), 401);
  });

  it('a delegate who manages Harbour loses the power while managing a practitioner', async () => {
    const [ann] = KeyContactsList.parse((await list()).json()).contacts;
    await t.db.insert(roleMemberships).values({
      userId: demoIds.user('ben'),
      roleType: 'OrganisationManager',
      organisationId: harbour,
    });
    const ben = await t.tokenFor(BEN);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/key-contacts',
      headers: t.bearer(ben),
    });
    expect(own.statusCode).toBe(200);
    const managing = await t.app.inject({
      method: 'PUT',
      url: '/api/managing',
      headers: t.bearer(ben),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(managing.statusCode).toBe(200);
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/key-contacts', headers: t.bearer(ben) }),
      403,
    );
    expectProblem(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/key-contacts/${ann!.id}`,
        headers: t.bearer(ben),
      }),
      403,
    );
  });
});
