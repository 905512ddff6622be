import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { clientSystems, partnerServices } from '#db/schema/index.ts';
import type { SandboxClient } from '#lib/config.ts';
import { hashSecret, secretHint } from './secrets.ts';

/**
 * Makes the development partner sandbox's client system hold the secret `npm start` gave it this time
 * (docs/decisions/030-publishing-to-partners.md, "The partner sandbox"): registered on first start, given the
 * new secret's hash (and un-revoked) on the next. Development only: configuration refuses the variable in
 * production, where partners' client systems are registered by an operator.
 */
export async function provisionSandboxClient(db: Database, sandbox: SandboxClient): Promise<void> {
  const [partner] = await db
    .select({ id: partnerServices.id })
    .from(partnerServices)
    .where(eq(partnerServices.code, sandbox.partnerCode));
  if (!partner) throw new Error(`PARTNER_SANDBOX_CLIENT names no partner '${sandbox.partnerCode}'`);
  const values = {
    secretHash: await hashSecret(sandbox.secret),
    secretHint: secretHint(sandbox.secret),
    secretIssuedAt: new Date(),
    revokedAt: null,
  };
  await db
    .insert(clientSystems)
    .values({
      partnerServiceId: partner.id,
      name: 'Partner sandbox (development)',
      clientId: sandbox.clientId,
      ...values,
    })
    .onConflictDoUpdate({ target: clientSystems.clientId, set: values });
}
