import { Flex } from '@pca/ui/primitives/flex.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import type { DelegateCandidate } from '@pca/contracts';

/** Props of DelegateCard. */
export type DelegateCardProps = {
  /** The person chosen or found. */
  user: Pick<DelegateCandidate, 'givenName' | 'familyName' | 'email' | 'userPhotoData'>;
  /** When given, a close control removes the choice. */
  onRemove?: () => void;
};

/** The chosen delegate: photo or initials, name and email, with a close control (docs/product/features.md#delegation). */
export function DelegateCard({ user, onRemove }: DelegateCardProps) {
  const name = `${user.givenName} ${user.familyName}`;
  return (
    <div
      data-testid="delegate-card"
      style={{
        border: '1px solid #bdbdbd',
        borderRadius: 4,
        padding: '1rem',
        maxWidth: '32rem',
      }}
    >
      <Flex gap={1} alignItems="center" justifyContent="space-between">
        <Flex gap={1} alignItems="center">
          <Avatar
            givenName={user.givenName}
            familyName={user.familyName}
            photo={user.userPhotoData}
            size="md"
            decorative
          />
          <div style={{ minWidth: 0 }}>
            <Text as="p" fontWeight="bold">
              {name}
            </Text>
            {user.email ? (
              <Text as="p" color="muted" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            ) : null}
          </div>
        </Flex>
        {onRemove ? (
          <Button variant="tertiary" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
            Close
          </Button>
        ) : null}
      </Flex>
    </div>
  );
}
