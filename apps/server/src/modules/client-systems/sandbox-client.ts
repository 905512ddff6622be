import type { Database } from '#db/client.ts';
import type { SandboxClient } from '#lib/config.ts';
import { clientSystemsRepository } from './repository.ts';
import { hashSecret, secretHint } from './secrets.ts';

/**
 * Makes the development partner sandbox's client system hold the secret `npm start` gave it this time
 * (docs/decisions/030-publishing-to-partners.md, "The partner sandbox"): registered on first start, given the
 * new secret's hash (and un-revoked) on the next. Development only: configuration refuses the variable in
 * production, where partners' client systems are registered by an operator.
 */
export async function provisionSandboxClient(db: Database, sandbox: SandboxClient): Promise<void> {
  const repository = clientSystemsRepository(db);
  const partnerServiceId = await repository.partnerServiceIdByCode(sandbox.partnerCode);
  if (!partnerServiceId)
    throw new Error(`PARTNER_SANDBOX_CLIENT names no partner '${sandbox.partnerCode}'`);
  const values = {
    secretHash: await hashSecret(sandbox.secret),
    secretHint: secretHint(sandbox.secret),
    secretIssuedAt: new Date(),
    revokedAt: null,
  };
  await repository.upsertByClientId(
    {
      partnerServiceId,
      name: 'Partner sandbox (development)',
      clientId: sandbox.clientId,
      ...values,
    },
    values,
  );
}
