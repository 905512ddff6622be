import { z } from 'zod';

/**
 * The configuration values the server does not take from its settings, shared with the web build, which
 * prerenders pages showing them (docs/decisions/076-prerendered-shell.md).
 */
export const runtimeDefaults = {
  productName: 'Provider Connect Australia',
  identityProvider: { name: 'Provider Digital Access (PRODA)' },
} as const;

/** Runtime configuration served by the API and loaded by the SPA before it renders (docs/product/architecture.md#the-system). */
export const RuntimeConfig = z.object({
  productName: z.string(),
  version: z.string(),
  buildDate: z.string(),
  support: z.object({ email: z.string(), phone: z.string() }),
  links: z.object({ learnMore: z.string().url(), detailedSteps: z.string().url() }),
  features: z.object({
    vcfcImportAllowed: z.boolean(),
    hiServiceCertificate: z.boolean(),
    healthConnectPublication: z.boolean(),
  }),
  apiBase: z.object({ systemOfRecord: z.string(), participation: z.string() }),
  identityProvider: z.object({ name: z.string() }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
