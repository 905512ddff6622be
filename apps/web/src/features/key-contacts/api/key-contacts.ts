import { useQuery } from '@tanstack/react-query';
import {
  keyContactApiPath,
  keyContactsApiPaths,
  type KeyContact,
  type KeyContactInput,
  type KeyContactsList,
  type NewKeyContact,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

const root = ['key-contacts'] as const;

/** Query options of the key contacts list for one organisation (or the first the user keeps). */
export function keyContactsQueryOptions(organisationId: string | undefined) {
  const query = organisationId ? `?organisationId=${encodeURIComponent(organisationId)}` : '';
  return httpQuery<KeyContactsList>(
    [...root, 'list', organisationId ?? null],
    `${keyContactsApiPaths.list}${query}`,
  );
}

/** The organisations the user keeps key contacts for, and the chosen one's contacts. */
export const useKeyContacts = (organisationId: string | undefined) =>
  useQuery(keyContactsQueryOptions(organisationId));

/** One key contact, for the update page. */
export const useKeyContact = (id: string) =>
  useQuery(httpQuery<KeyContact>([...root, 'contact', id], keyContactApiPath('contact', id)));

/** Adds a key contact. */
export const useAddKeyContact = () =>
  useRefreshingWrite(root, (body: NewKeyContact) =>
    http<KeyContact>(keyContactsApiPaths.create, { method: 'POST', body }),
  );

/** Saves a key contact's fields. */
export const useUpdateKeyContact = (id: string) =>
  useRefreshingWrite(root, (body: KeyContactInput) =>
    http<KeyContact>(keyContactApiPath('contact', id), { method: 'PUT', body }),
  );

/** Makes a contact the organisation's primary contact. */
export const useMakePrimaryKeyContact = () =>
  useRefreshingWrite(root, (id: string) =>
    http<void>(keyContactApiPath('makePrimary', id), { method: 'POST' }),
  );

/** Removes a key contact. */
export const useRemoveKeyContact = () =>
  useRefreshingWrite(root, (id: string) =>
    http<void>(keyContactApiPath('contact', id), { method: 'DELETE' }),
  );
