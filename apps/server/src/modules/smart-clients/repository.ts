import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { SmartClientInput, SmartConfigurationSummary } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { organisations, smartClients, smartClientTokens, smartLaunches } from '#db/schema/index.ts';
import type { SealedSmartTokens } from '#lib/smart-token-crypto.ts';

type Executor = Database | Transaction;

const connectionColumns = {
  id: smartClients.id,
  organisationId: smartClients.organisationId,
  organisationName: organisations.name,
  organisationType: organisations.type,
  name: smartClients.name,
  iss: smartClients.iss,
  clientId: smartClients.clientId,
  authMethod: smartClients.authMethod,
  scopes: smartClients.scopes,
  configuration: smartClients.configuration,
  updatedAt: smartClients.updatedAt,
};

const tokenColumns = {
  smartClientId: smartClientTokens.smartClientId,
  userId: smartClientTokens.userId,
  keyId: smartClientTokens.keyId,
  iv: smartClientTokens.iv,
  ciphertext: smartClientTokens.ciphertext,
  authTag: smartClientTokens.authTag,
  fhirUser: smartClientTokens.fhirUser,
  scope: smartClientTokens.scope,
  expiresAt: smartClientTokens.expiresAt,
  canRefresh: smartClientTokens.canRefresh,
  connectedAt: smartClientTokens.connectedAt,
};

export type ConnectionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof smartClientsRepository>['byId']>>
>;
export type TokenRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof smartClientsRepository>['token']>>
>;

/** What a saved connection holds besides its organisation. */
export interface ConnectionValues extends SmartClientInput {
  configuration: SmartConfigurationSummary;
}

/** Data access of SMART connections, their users' tokens and launches in flight (docs/decisions/069-smart-app-launch.md). */
export function smartClientsRepository(db: Database) {
  return {
    async organisation(tx: Executor, organisationId: string) {
      const [row] = await tx
        .select({ id: organisations.id, name: organisations.name, type: organisations.type })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .limit(1);
      return row ?? null;
    },

    async byOrganisation(organisationId: string) {
      return db
        .select(connectionColumns)
        .from(smartClients)
        .innerJoin(organisations, eq(organisations.id, smartClients.organisationId))
        .where(eq(smartClients.organisationId, organisationId))
        .orderBy(asc(smartClients.name), asc(smartClients.id));
    },

    async byId(id: string, tx: Executor = db) {
      const [row] = await tx
        .select(connectionColumns)
        .from(smartClients)
        .innerJoin(organisations, eq(organisations.id, smartClients.organisationId))
        .where(eq(smartClients.id, id))
        .limit(1);
      return row ?? null;
    },

    async byIss(organisationId: string, iss: string) {
      const [row] = await db
        .select(connectionColumns)
        .from(smartClients)
        .innerJoin(organisations, eq(organisations.id, smartClients.organisationId))
        .where(and(eq(smartClients.organisationId, organisationId), eq(smartClients.iss, iss)))
        .limit(1);
      return row ?? null;
    },

    /** Adds a connection; null when the organisation already has one to that iss. */
    async insert(
      tx: Transaction,
      organisationId: string,
      values: ConnectionValues,
      userId: string,
    ) {
      const [row] = await tx
        .insert(smartClients)
        .values({ organisationId, ...valuesOf(values), updatedByUserId: userId })
        .onConflictDoNothing()
        .returning({ id: smartClients.id });
      return row ?? null;
    },

    /** Updates a connection; null when another of its organisation's connections has that iss. */
    async update(
      tx: Transaction,
      id: string,
      organisationId: string,
      values: ConnectionValues,
      userId: string,
    ) {
      const [clash] = await tx
        .select({ id: smartClients.id })
        .from(smartClients)
        .where(
          and(
            eq(smartClients.organisationId, organisationId),
            eq(smartClients.iss, values.iss),
            ne(smartClients.id, id),
          ),
        )
        .limit(1);
      if (clash) return null;
      const [row] = await tx
        .update(smartClients)
        .set({ ...valuesOf(values), updatedByUserId: userId, updatedAt: new Date() })
        .where(eq(smartClients.id, id))
        .returning({ id: smartClients.id });
      return row ?? null;
    },

    async remove(tx: Transaction, id: string) {
      await tx.delete(smartClients).where(eq(smartClients.id, id));
    },

    /** Ends every user's sign-in to a connection (its client or address changed). */
    async removeTokens(tx: Transaction, smartClientId: string) {
      return tx
        .delete(smartClientTokens)
        .where(eq(smartClientTokens.smartClientId, smartClientId))
        .returning({ userId: smartClientTokens.userId });
    },

    async removeToken(tx: Executor, smartClientId: string, userId: string) {
      await tx
        .delete(smartClientTokens)
        .where(
          and(
            eq(smartClientTokens.smartClientId, smartClientId),
            eq(smartClientTokens.userId, userId),
          ),
        );
    },

    async token(tx: Executor, smartClientId: string, userId: string) {
      const [row] = await tx
        .select(tokenColumns)
        .from(smartClientTokens)
        .where(
          and(
            eq(smartClientTokens.smartClientId, smartClientId),
            eq(smartClientTokens.userId, userId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The user's token rows on the organisation's connections. */
    async tokensOf(userId: string, organisationId: string) {
      return db
        .select(tokenColumns)
        .from(smartClientTokens)
        .innerJoin(smartClients, eq(smartClients.id, smartClientTokens.smartClientId))
        .where(
          and(
            eq(smartClientTokens.userId, userId),
            eq(smartClients.organisationId, organisationId),
          ),
        );
    },

    /** Writes one user's tokens on a connection (a new sign-in or a refresh replaces them). */
    async saveToken(
      tx: Transaction,
      values: SealedSmartTokens & {
        smartClientId: string;
        userId: string;
        fhirUser: string | null;
        scope: string | null;
        expiresAt: Date;
        canRefresh: boolean;
        newSignIn: boolean;
      },
    ) {
      const { newSignIn, ...row } = values;
      const now = new Date();
      await tx
        .insert(smartClientTokens)
        .values({ ...row, connectedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [smartClientTokens.smartClientId, smartClientTokens.userId],
          set: {
            keyId: row.keyId,
            iv: row.iv,
            ciphertext: row.ciphertext,
            authTag: row.authTag,
            fhirUser: row.fhirUser,
            scope: row.scope,
            expiresAt: row.expiresAt,
            canRefresh: row.canRefresh,
            updatedAt: now,
            ...(newSignIn ? { connectedAt: now } : {}),
          },
        });
    },

    async insertLaunch(tx: Transaction, values: typeof smartLaunches.$inferInsert) {
      await tx.insert(smartLaunches).values(values);
      // Launches nobody finished are of no use once expired.
      await tx.delete(smartLaunches).where(lt(smartLaunches.expiresAt, new Date()));
    },

    async launch(tx: Executor, state: string) {
      const [row] = await tx
        .select()
        .from(smartLaunches)
        .where(eq(smartLaunches.state, state))
        .limit(1);
      return row ?? null;
    },

    /** Takes the launch out so it is used once: null when another request took it first. */
    async claimLaunch(tx: Executor, state: string) {
      const [row] = await tx
        .delete(smartLaunches)
        .where(eq(smartLaunches.state, state))
        .returning();
      return row ?? null;
    },
  };
}

const valuesOf = (v: ConnectionValues) => ({
  name: v.name,
  iss: v.iss,
  clientId: v.clientId,
  authMethod: v.authMethod,
  scopes: [...v.scopes],
  configuration: v.configuration,
});
