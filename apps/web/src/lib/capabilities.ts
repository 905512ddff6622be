// The rules come from their own module, not the package index, so no zod schemas ride along.
import {
  capabilitiesOf,
  capabilityInputOf,
  menuVisibility,
  type Capabilities,
  type CapabilityInput,
} from '@pca/contracts/capabilities.ts';
import type { CurrentUser, MyOrganisations, RuntimeConfig } from '@pca/contracts';
import { useConfig } from './config.tsx';
import { useCurrentUser } from './current-user.ts';
import { useMyOrganisations } from './my-organisations.ts';

/** The inputs of the shared capability rules: the user, their participating organisation roots, flags. */
export function capabilityInput(
  user: CurrentUser,
  organisations: MyOrganisations,
  config: Pick<RuntimeConfig, 'features'>,
): CapabilityInput {
  return capabilityInputOf(user, organisations.organisations, config.features);
}

/** What useCapabilities() answers: nothing until the user and organisations are loaded. */
export type CapabilitiesResult =
  | { status: 'pending'; user: CurrentUser | undefined }
  | { status: 'error'; user: CurrentUser | undefined; error: unknown }
  | {
      status: 'ready';
      user: CurrentUser;
      organisations: MyOrganisations;
      capabilities: Capabilities;
      menu: ReturnType<typeof menuVisibility>;
      input: CapabilityInput;
    };

/**
 * The signed-in user's capabilities and menu visibility (docs/product/rules.md#permissions), computed by the same pure
 * rules the server enforces. The server still decides every request; this only shapes the UI.
 */
export function useCapabilities(): CapabilitiesResult {
  const config = useConfig();
  const user = useCurrentUser();
  const organisations = useMyOrganisations();
  if (user.isError || organisations.isError)
    return { status: 'error', user: user.data, error: user.error ?? organisations.error };
  if (!user.data || !organisations.data) return { status: 'pending', user: user.data };
  const input = capabilityInput(user.data, organisations.data, config);
  return {
    status: 'ready',
    user: user.data,
    organisations: organisations.data,
    capabilities: capabilitiesOf(input),
    menu: menuVisibility(input),
    input,
  };
}
