import type {
  ClientSystem,
  ClientSystemList,
  IssuedClientSecret,
  RegisterClientSystem,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ConflictError, NotFoundError, ValidationError } from '#platform/errors.ts';
import { clientSystemsRepository, type ClientSystemRow } from './repository.ts';
import { generateClientId, generateSecret, hashSecret, secretHint } from './secrets.ts';

/** A client system as the operator sees it: never the secret or its hash. */
const view = (r: ClientSystemRow): ClientSystem => ({
  id: r.id,
  name: r.name,
  partnerServiceId: r.partnerServiceId,
  partnerServiceName: r.partnerServiceName,
  clientId: r.clientId,
  secretHint: r.secretHint,
  secretIssuedAt: r.secretIssuedAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** A new secret: the secret itself (answered once) and what is stored of it. */
async function newSecret() {
  const secret = generateSecret();
  return {
    secret,
    stored: {
      secretHash: await hashSecret(secret),
      secretHint: secretHint(secret),
      // Set here rather than by the database so tokens can name it to the millisecond (partner-tokens.ts).
      secretIssuedAt: new Date(),
    },
  };
}

async function active(repository: ReturnType<typeof clientSystemsRepository>, id: string) {
  const row = await repository.byId(id, true);
  if (!row) throw new NotFoundError('The client system does not exist.');
  if (row.revokedAt) throw new ConflictError('This client system is revoked.');
  return row;
}

/** Client systems (PcaOperator): list, register, rotate a secret, revoke. */
export function clientSystemsService(db: Database) {
  const repository = clientSystemsRepository(db);

  /** Every client system, newest first, and the partner services to register one for. */
  async function listClientSystems(): Promise<ClientSystemList> {
    const [rows, partners] = await Promise.all([repository.list(), repository.partnerServices()]);
    return { clientSystems: rows.map(view), partnerServices: partners };
  }

  /** Registers a partner's client system; answers its client id and secret, the only time the secret is seen. */
  async function registerClientSystem(
    operatorId: string,
    input: RegisterClientSystem,
    requestId: string,
  ): Promise<IssuedClientSecret> {
    const partner = await repository.partnerService(input.partnerServiceId);
    if (!partner)
      throw new ValidationError(
        [{ field: 'partnerServiceId', message: 'Select a partner service' }],
        'The partner service does not exist.',
      );
    const { secret, stored } = await newSecret();
    const clientId = generateClientId(partner.code);
    const row = await db.transaction(async (tx) => {
      const repository = clientSystemsRepository(tx);
      const id = await repository.insert({
        partnerServiceId: partner.id,
        name: input.name,
        clientId,
        ...stored,
        createdByUserId: operatorId,
      });
      // The secret and its hash stay out of the audit trail: the hint says which secret it was.
      await appendAudit(tx, {
        actorUserId: operatorId,
        action: 'client-system.registered',
        entityType: 'ClientSystem',
        entityId: id,
        changedFields: {
          name: input.name,
          partnerService: partner.code,
          clientId,
          secretHint: stored.secretHint,
        },
        requestId,
      });
      return (await repository.byId(id))!;
    });
    return { clientSystem: view(row), clientId, clientSecret: secret };
  }

  /** Issues a new secret: the old one, and every token issued with it, stop working at once. */
  async function rotateClientSecret(
    operatorId: string,
    id: string,
    requestId: string,
  ): Promise<IssuedClientSecret> {
    const { secret, stored } = await newSecret();
    const row = await db.transaction(async (tx) => {
      const repository = clientSystemsRepository(tx);
      const before = await active(repository, id);
      await repository.update(id, stored);
      await appendAudit(tx, {
        actorUserId: operatorId,
        action: 'client-system.secret-rotated',
        entityType: 'ClientSystem',
        entityId: id,
        changedFields: { secretHint: { from: before.secretHint, to: stored.secretHint } },
        requestId,
      });
      return (await repository.byId(id))!;
    });
    return { clientSystem: view(row), clientId: row.clientId, clientSecret: secret };
  }

  /** Revokes a client system: its secret and every token issued to it stop working. */
  async function revokeClientSystem(
    operatorId: string,
    id: string,
    requestId: string,
  ): Promise<ClientSystem> {
    const row = await db.transaction(async (tx) => {
      const repository = clientSystemsRepository(tx);
      await active(repository, id);
      const revokedAt = new Date();
      await repository.update(id, { revokedAt });
      await appendAudit(tx, {
        actorUserId: operatorId,
        action: 'client-system.revoked',
        entityType: 'ClientSystem',
        entityId: id,
        changedFields: { revokedAt: { from: null, to: revokedAt.toISOString() } },
        requestId,
      });
      return (await repository.byId(id))!;
    });
    return view(row);
  }

  return { listClientSystems, registerClientSystem, rotateClientSecret, revokeClientSystem };
}
