import type { CurrentUser } from '@pca/contracts';

/** The name the dashboard greets: the managed practitioner's when managing someone (docs/product/shell.md#welcome). */
export function greetingName(
  user: Pick<CurrentUser, 'givenName' | 'managingPractitioner'>,
): string {
  return user.managingPractitioner?.givenName ?? user.givenName;
}
