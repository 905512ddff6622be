import { z } from 'zod';
import { AuditEventItem } from './audit-events.ts';
import { Uuid } from './ids.ts';
import { multiLineText, singleLineText } from './text.ts';
import { delegationStatuses, roleTypes } from './value-lists.ts';

/** The operator's users (docs/product/users.md, docs/decisions/063-users.md). */
export const usersApiPaths = {
  /** GET ?q&sort&direction&page&pageSize: one page of users, searched by RA number, name or email. */
  list: '/api/users',
  /** GET: one user's roles, organisations, delegations and recent audit events. */
  detail: '/api/users/:id',
  /** POST { reason }: deactivate the user; their sessions end at once. */
  deactivate: '/api/users/:id/deactivate',
  /** POST { reason }: reactivate the user; they may sign in again. */
  reactivate: '/api/users/:id/reactivate',
} as const;

/** Rows a page holds unless asked (and the most it may). */
export const usersPageSize = 20;
export const usersMaxPageSize = 100;
/** Fewest characters a search term has: shorter ones match too many people to be worth an index. */
export const usersSearchMinLength = 3;
/** The total a page reports counts up to this many matches ("more than 1,000" beyond). */
export const usersCountLimit = 1000;

export const usersMessages = {
  searchTooShort: `Enter at least ${usersSearchMinLength} characters of an RA number, name or email`,
  reasonRequired: 'Enter the reason',
} as const;

export const userSorts = ['name', 'raNumber', 'email', 'lastLogin'] as const;
export const UserSort = z.enum(userSorts);
export type UserSort = z.infer<typeof UserSort>;
export const SortDirection = z.enum(['asc', 'desc']);

/** A page's query: the search term (empty: everyone), the order and the page. */
export const UsersQuery = z.object({
  q: z
    .union([
      z.literal(''),
      singleLineText({
        max: 100,
        min: usersSearchMinLength,
        required: usersMessages.searchTooShort,
      }),
    ])
    .default(''),
  sort: UserSort.default('name'),
  direction: SortDirection.default('asc'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(usersMaxPageSize).default(usersPageSize),
});
export type UsersQuery = z.input<typeof UsersQuery>;

/** One user of the list. */
export const UserListItem = z.object({
  id: Uuid,
  raNumber: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UsersPage = z.object({
  items: z.array(UserListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches counted, up to {@link usersCountLimit} + 1. */
  total: z.number().int().nonnegative(),
  /** Whether there are more matches than {@link usersCountLimit}. */
  totalIsCapped: z.boolean(),
});
export type UsersPage = z.infer<typeof UsersPage>;

/** One role a user holds, and where. */
export const UserRoleHeld = z.object({
  roleType: z.enum(roleTypes),
  organisation: z.object({ id: Uuid, name: z.string() }).nullable(),
  healthcareService: z.object({ id: Uuid, name: z.string() }).nullable(),
});
export type UserRoleHeld = z.infer<typeof UserRoleHeld>;

/** A delegation the user is part of, seen from the user's side. */
export const UserDelegation = z.object({
  id: Uuid,
  /** 'delegate': the user acts for `person`; 'practitioner': `person` acts for the user. */
  direction: z.enum(['delegate', 'practitioner']),
  person: z.string(),
  status: z.enum(delegationStatuses),
  lastUpdated: z.string(),
});
export type UserDelegation = z.infer<typeof UserDelegation>;

export const UserDetail = z.object({
  user: UserListItem.extend({
    phone: z.string().nullable(),
    createdAt: z.string(),
    isOperator: z.boolean(),
  }),
  roles: z.array(UserRoleHeld),
  delegations: z.array(UserDelegation),
  /** The newest audit events the user made or that were about them (at most 20). */
  auditEvents: z.array(AuditEventItem),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** Deactivate or reactivate: why, in the operator's words (kept in the audit event). */
export const UserStatusChange = z.object({
  reason: multiLineText({ min: 1, max: 1000, required: usersMessages.reasonRequired }),
});
export type UserStatusChange = z.infer<typeof UserStatusChange>;
