import type { AddressInfo } from 'node:net';
import { DEFAULT_GRACE_MS, gracefulClose } from '@pca/dev-services';
import { buildSandboxApp } from './app.ts';
import { onlineFormTokenVerifier } from './online-form-token.ts';
import { portalClient } from './portal-client.ts';

// The partner sandbox (docs/decisions/030-publishing-to-partners.md, "The partner sandbox"): a small web site
// that plays a partner service such as MediFund against the portal's partner API, so a developer (and the
// journeys) can see publication work from the partner's side: what is published to it, a suggested change
// and its outcome, and the online form a task can point to. Development only; it keeps nothing.

export interface SandboxOptions {
  port: number;
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  /** The partner's name on its pages. */
  partnerName: string;
  /** The sandbox's own address as a browser reaches it (its online form's address); by default where it listens. */
  publicUrl?: string;
}

/** Starts the sandbox on 127.0.0.1; resolves with its address and a graceful close. */
export async function startPartnerSandbox(options: SandboxOptions) {
  const portal = portalClient(options);
  // The online form's default address names the port the sandbox was given, known once it listens.
  let publicUrl = options.publicUrl;
  const app = buildSandboxApp({
    portal,
    partnerName: options.partnerName,
    publicUrl: () => publicUrl!,
    verifyOnlineFormToken: onlineFormTokenVerifier(options.portalUrl, portal),
  });
  const close = gracefulClose(app.server, () => app.close());
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  publicUrl ??= url;
  return { url, close: (graceMs = DEFAULT_GRACE_MS) => close(graceMs) };
}
