import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  smartClientAuthMethods,
  type SmartConfigurationSummary,
} from '@pca/contracts/smart-clients.ts';
import { at, createdAt, id, inList } from './columns.ts';
import { organisations } from './organisations.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * An organisation's connection to its clinical information system as a SMART app
 * (docs/decisions/069-smart-app-launch.md): where the CIS is (`iss`), the client id it gave the portal, how
 * the portal authenticates (a public client with PKCE, or private_key_jwt with the portal's key: never a
 * stored secret), the scopes asked for, and what the CIS's SMART configuration said when it was saved.
 */
export const smartClients = pgTable(
  'smart_clients',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    iss: text('iss').notNull(),
    clientId: text('client_id').notNull(),
    authMethod: text('auth_method', { enum: smartClientAuthMethods }).notNull(),
    scopes: text('scopes').array().notNull(),
    configuration: jsonb('configuration').$type<SmartConfigurationSummary>().notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One connection per CIS per organisation: an EHR launch finds it by iss.
    uniqueIndex('smart_clients_organisation_iss_idx').on(t.organisationId, t.iss),
    check(
      'smart_clients_auth_method_check',
      sql.raw(`auth_method IN (${inList(smartClientAuthMethods)})`),
    ),
  ],
);

/**
 * One user's sign-in to a connection: the tokens, sealed with AES-256-GCM like bank accounts
 * (docs/decisions/058-bank-account.md) under SMART_TOKEN_KEYS, the connection, user and key id as associated
 * data. Tokens belong to the person who signed in to the CIS, so each manager has their own.
 */
export const smartClientTokens = pgTable(
  'smart_client_tokens',
  {
    smartClientId: uuid('smart_client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    iv: text('iv').notNull(),
    ciphertext: text('ciphertext').notNull(),
    authTag: text('auth_tag').notNull(),
    fhirUser: text('fhir_user'),
    scope: text('scope'),
    expiresAt: at('expires_at').notNull(),
    canRefresh: boolean('can_refresh').notNull(),
    connectedAt: at('connected_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.smartClientId, t.userId] }),
    index('smart_client_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * An authorisation request in flight (docs/decisions/069-smart-app-launch.md): the state, bound to the session
 * that started it, with its PKCE verifier and nonce kept on the server. Used once: the exchange deletes it;
 * ten minutes after it is made it is no longer accepted.
 */
export const smartLaunches = pgTable(
  'smart_launches',
  {
    state: text('state').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    smartClientId: uuid('smart_client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('smart_launches_session_id_idx').on(t.sessionId)],
);
