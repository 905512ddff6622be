import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  businessApiPath,
  usersApiPaths,
  type UserDetail,
  type UserSort,
  type UsersPage,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** The list's query as the address keeps it. */
export type UsersSearch = {
  q: string;
  sort: UserSort;
  direction: 'asc' | 'desc';
  page: number;
};

function searchParams(search: UsersSearch) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  params.set('sort', search.sort);
  params.set('direction', search.direction);
  params.set('page', String(search.page));
  return params;
}

export function usersQueryOptions(search: UsersSearch) {
  return httpQuery<UsersPage>(
    ['users', 'list', search],
    `${usersApiPaths.list}?${searchParams(search)}`,
  );
}

/** A page of users; the page before stays on screen while the next one loads. */
export function useUsers(search: UsersSearch) {
  return useQuery({ ...usersQueryOptions(search), placeholderData: keepPreviousData });
}

export function userQueryOptions(id: string) {
  return httpQuery<UserDetail>(['users', 'detail', id], businessApiPath(usersApiPaths.detail, id));
}

/** One user's page. */
export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}

/** Deactivates or reactivates a user with a reason; refreshes the user, the list and the home's counts. */
export function useChangeUserStatus(id: string) {
  return useRefreshingWrite(
    ['users'],
    ({ action, reason }: { action: 'deactivate' | 'reactivate'; reason: string }) =>
      http<null>(businessApiPath(usersApiPaths[action], id), { method: 'POST', body: { reason } }),
    ['admin'],
  );
}
