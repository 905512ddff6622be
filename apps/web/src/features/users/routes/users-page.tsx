import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  usersCountLimit,
  usersMessages,
  UsersQuery,
  usersSearchMinLength,
  userSorts,
  type UserListItem,
  type UserSort,
} from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { SelectField, TextField } from '@pca/ui/input-fields/text-field.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { Columns, Column } from '@pca/ui/primitives/columns.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { useUsers, type UsersSearch } from '../api/users.ts';

const sortLabels: Record<UserSort, string> = {
  name: 'Name',
  raNumber: 'RA number',
  email: 'Email',
  lastLogin: 'Last signed in',
};

const columns: DataTableColumn<UserListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (u) => (
      <TextLink href={pages.admin.user.href({ id: u.id })}>
        {u.familyName}, {u.givenName}
      </TextLink>
    ),
  },
  { key: 'ra', header: 'RA number', render: (u) => u.raNumber },
  {
    key: 'email',
    header: 'Email',
    render: (u) => <span style={{ overflowWrap: 'anywhere' }}>{u.email ?? 'Not provided'}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (u) => (
      <Chip tone={u.isActive ? 'success' : 'neutral'}>{u.isActive ? 'Active' : 'Inactive'}</Chip>
    ),
  },
  {
    key: 'lastLogin',
    header: 'Last signed in',
    render: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'),
  },
];

/** Why the API would refuse a search term (too short, too long, a control character), if it would. */
function termProblem(q: string): string | undefined {
  const result = UsersQuery.shape.q.safeParse(q);
  if (result.success) return undefined;
  return q.trim().length < usersSearchMinLength
    ? usersMessages.searchTooShort
    : result.error.issues[0]!.message;
}

/**
 * The address's query, with defaults for what it leaves out or gets wrong. A term the API would refuse (a
 * bookmark of `?q=ab`) searches for everyone; the page shows it in the box with its message.
 */
function searchOf(params: URLSearchParams): UsersSearch {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const q = params.get('q') ?? '';
  return {
    q: termProblem(q) ? '' : q,
    sort: (userSorts as readonly string[]).includes(sort ?? '') ? (sort as UserSort) : 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/**
 * Users (PcaOperator): search by RA number, name or email, sorted and paged on the server; the query
 * lives in the address so Back returns to the same results (docs/product/users.md#users).
 */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const addressTerm = params.get('q') ?? '';
  const [term, setTerm] = useState(addressTerm);
  const [termError, setTermError] = useState(() => termProblem(addressTerm));
  // The box shows the address's term whenever the address changes it (Back, Forward), so it never reads
  // one search above another's results (docs/product/users.md#users); typing changes only the box.
  const [termOfAddress, setTermOfAddress] = useState(addressTerm);
  if (termOfAddress !== addressTerm) {
    setTermOfAddress(addressTerm);
    setTerm(addressTerm);
    setTermError(termProblem(addressTerm));
  }
  const users = useUsers(search);

  const go = (next: Partial<UsersSearch>) => {
    const merged = { ...search, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.q) query.set('q', merged.q);
    if (merged.sort !== 'name') query.set('sort', merged.sort);
    if (merged.direction !== 'asc') query.set('direction', merged.direction);
    if (merged.page !== 1) query.set('page', String(merged.page));
    setParams(query);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = term.trim();
    const problem = termProblem(q);
    if (problem) {
      setTermError(problem);
      return;
    }
    setTermError(undefined);
    go({ q });
  };

  const data = users.data;
  const totalPages = data ? Math.max(1, Math.min(Math.ceil(data.total / data.pageSize), 1000)) : 1;
  // A page past the end (a bookmark, or fewer users match since) is replaced by the last page, in the
  // address too, so the range and the pages shown are the list's (docs/product/users.md#users).
  const pastTheEnd = !!data && data.items.length === 0 && data.page > totalPages;
  const lastPage = pastTheEnd && !users.isPlaceholderData ? totalPages : null;
  useEffect(() => {
    if (lastPage === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (lastPage === 1) next.delete('page');
        else next.set('page', String(lastPage));
        return next;
      },
      { replace: true },
    );
  }, [lastPage, setParams]);

  return (
    <Stack gap={2}>
      <H1>Users</H1>
      <Text as="p">
        Find a person by part of their RA number, name or email, then open them to see their roles
        and delegations or to deactivate or reactivate the account.
      </Text>
      <form role="search" aria-label="Search users" onSubmit={onSearch} noValidate>
        <Flex gap={1} alignItems="flex-end" flexWrap="wrap">
          <TextField
            label="RA number, name or email"
            hideOptionalLabel
            maxWidth="xl"
            maxLength={100}
            value={term}
            onValueChange={setTerm}
            message={termError}
          />
          <Button type="submit">Search</Button>
        </Flex>
      </form>
      <Columns>
        <Column columnSpan={{ xs: 12, sm: 6, md: 4 }}>
          <SelectField
            label="Sort by"
            hideOptionalLabel
            placeholder=""
            maxWidth="xl"
            options={userSorts.map((s) => ({ value: s, label: sortLabels[s] }))}
            value={search.sort}
            onValueChange={(value) => go({ sort: value as UserSort })}
          />
        </Column>
        <Column columnSpan={{ xs: 12, sm: 6, md: 4 }}>
          <SelectField
            label="Order"
            hideOptionalLabel
            placeholder=""
            maxWidth="xl"
            options={[
              { value: 'asc', label: 'Ascending (A to Z, oldest first)' },
              { value: 'desc', label: 'Descending (Z to A, newest first)' },
            ]}
            value={search.direction}
            onValueChange={(value) => go({ direction: value === 'desc' ? 'desc' : 'asc' })}
          />
        </Column>
      </Columns>

      {users.isError ? (
        <ApiErrorAlert
          error={users.error}
          thing="the users"
          onRetry={() => void users.refetch()}
          logMessage="Users failed to load"
        />
      ) : !data || pastTheEnd ? (
        <Loading message="Loading users" />
      ) : data.total === 0 ? (
        <Text as="p" role="status">
          {search.q ? `No users match “${search.q}”.` : 'There are no users yet.'}
        </Text>
      ) : (
        <Stack gap={1} aria-busy={users.isFetching}>
          <Text as="p" role="status">
            {data.totalIsCapped
              ? `Showing ${(data.page - 1) * data.pageSize + 1}–${(data.page - 1) * data.pageSize + data.items.length} of more than ${usersCountLimit.toLocaleString('en-AU')} users. Search to narrow them down.`
              : itemRangeText(data.page, data.pageSize, data.total, 'users')}
          </Text>
          <ResponsiveTable
            label="Users"
            caption={<VisuallyHidden>Users, sorted by {sortLabels[search.sort]}</VisuallyHidden>}
            columns={columns}
            rows={data.items}
            rowKey={(u) => u.id}
            striped
          />
          {data.items.length === 0 ? <Text as="p">There are no users on this page.</Text> : null}
          <Paginator
            page={data.page}
            totalPages={totalPages}
            onPageChange={(page) => go({ page })}
            label="User pages"
          />
        </Stack>
      )}
    </Stack>
  );
}

export { UsersPage as Component };
