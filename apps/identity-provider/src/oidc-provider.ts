import type OidcProvider from 'oidc-provider';
import { withoutKnownWarnings } from './known-warnings.ts';

// Loaded here rather than imported statically: oidc-provider prints its runtime warning while it
// loads, and that one is explained instead (known-warnings.ts).
const loaded = await withoutKnownWarnings(() => import('oidc-provider'));

/** oidc-provider's Provider class. */
export const Provider = loaded.default;
/** An oidc-provider Provider instance. */
export type Provider = OidcProvider;
/** oidc-provider's error classes. */
export const errors = loaded.errors;
