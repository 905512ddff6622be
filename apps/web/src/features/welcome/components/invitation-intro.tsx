import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { H3 } from '@pca/ui/primitives/heading.ts';
import type { DelegateInvitation } from '@pca/contracts';

/** The inviting practitioner's name as the invitee sees it: their preferred name when they have one. */
export const inviterName = (i: DelegateInvitation) =>
  i.inviter.preferredName ?? `${i.inviter.givenName} ${i.inviter.familyName}`;

/** Who invited the user and what they consent to: the top of both invitation dialogs. */
export function InvitationIntro({ invitation }: { invitation: DelegateInvitation }) {
  return (
    <>
      <Text as="p" fontSize="md">
        <strong>{inviterName(invitation)}</strong> has invited you to be their delegate.
      </Text>
      <Stack gap={0.5}>
        <H3>As their delegate you will be able to</H3>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {invitation.consents.map((c) => (
            <li key={c}>
              <Text>{c}</Text>
            </li>
          ))}
        </ul>
        <Text as="p" color="muted" fontSize="sm">
          Organisations must request personal contact details before it&apos;s shared by delegates.
        </Text>
      </Stack>
    </>
  );
}

/** The delegation consent tick of both invitation dialogs. */
export const delegationConsent = (invitation: DelegateInvitation) =>
  ({
    name: 'acceptDelegation',
    legend: 'Delegation',
    label: `I agree to act as a delegate for ${inviterName(invitation)}`,
  }) as const;
