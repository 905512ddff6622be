import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { useConfig } from '#lib/config.tsx';

/** tel: URIs take digits and a leading '+' only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Tells an inactive user to contact support to reactivate the account (docs/product/features.md#inactive-user). */
export function InactiveUserPage() {
  const { support } = useConfig();
  return (
    <Stack gap={1.5}>
      <H1>Your account is inactive</H1>
      <PageAlert tone="warning" title="Your account has been made inactive">
        <Text as="p">
          To reactivate your account, please contact support by email at{' '}
          <TextLink href={`mailto:${support.email}`}>{support.email}</TextLink> or by phone on{' '}
          <TextLink href={telHref(support.phone)}>{support.phone}</TextLink>.
        </Text>
      </PageAlert>
    </Stack>
  );
}

export { InactiveUserPage as Component };
