import { pages } from '@pca/contracts/pages.ts';
import { useState } from 'react';
import type { ManagedPractitioner } from '@pca/contracts';
import { delegationTexts } from '@pca/contracts/delegations.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { SkeletonBox } from '@pca/ui/primitives/skeleton.ts';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { Button, ButtonLink } from '@pca/ui/button/button.tsx';
import { Card } from '@pca/ui/card/card.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { ExpandingHelp } from '@pca/ui/expanding-help/expanding-help.tsx';
import { CardGrid } from '#lib/card-grid.tsx';
import { useCurrentUser } from '#lib/current-user.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useManagedPractitioners } from '../api/get-managed-practitioners.ts';
import { ManageAccountDialog } from '../components/manage-account-dialog.tsx';
import { fullName } from '../full-name.ts';

/**
 * Height of one practitioner card with its Manage button (measured: 201 px at 1280 and 390 px wide), so the loading
 * state takes the room the cards will (no layout shift), and an empty list or an error keeps at least one card's room.
 */
const CARD_HEIGHT = '12.5625rem';

/** The cards while the list loads: two placeholders of a card's size, hidden from assistive technology. */
function CardsLoading() {
  return (
    <div data-testid="manage-accounts-loading">
      <div role="status" aria-live="polite">
        <VisuallyHidden>Loading your managed accounts..</VisuallyHidden>
      </div>
      <CardGrid>
        {[0, 1].map((i) => (
          <li key={i} aria-hidden>
            <SkeletonBox height={CARD_HEIGHT} />
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

/** Props of PractitionerCard. */
type PractitionerCardProps = {
  practitioner: ManagedPractitioner;
  /** Whether this is the account the delegate is managing now. */
  managing: boolean;
  onManage: () => void;
};

/**
 * One practitioner: photo or initials, full name and Manage (docs/product/features.md#delegation). The account managed
 * now is outlined with a thicker border and a 'Managing' chip; its Manage is there but disabled, since managing it
 * again would change nothing.
 */
function PractitionerCard({ practitioner, managing, onManage }: PractitionerCardProps) {
  const name = fullName(practitioner);
  return (
    <Card
      as="li"
      variant={managing ? 'selected' : 'outlined'}
      footer={
        // Every card's button reads 'Manage'; its name says whose account (the visible word starts it).
        <Button
          size="sm"
          variant="secondary"
          onClick={onManage}
          disabled={managing}
          aria-label={`Manage ${name}`}
        >
          Manage
        </Button>
      }
    >
      <Flex gap={1} alignItems="center">
        <Avatar
          givenName={practitioner.givenName}
          familyName={practitioner.familyName}
          photo={practitioner.userPhotoData}
          size="lg"
          decorative
        />
        <Stack gap={0.5} alignItems="flex-start" style={{ minWidth: 0 }}>
          <H2 style={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>{name}</H2>
          {managing ? <Chip tone="success">Managing</Chip> : null}
        </Stack>
      </Flex>
    </Card>
  );
}

/** Managed accounts (docs/product/features.md#delegation): the practitioners who delegated to the user, one to manage. */
export function ManageAccountsPage() {
  const practitioners = useManagedPractitioners();
  const { data: user } = useCurrentUser();
  const [next, setNext] = useState<ManagedPractitioner | null>(null);
  const managingId = user?.managingPractitioner?.id ?? null;

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Managed accounts</H1>
        <Text as="p" fontSize="md">
          As a delegate you act for a user who has delegated their authority to you. Choose whose
          account to manage.
        </Text>
        <ExpandingHelp label="What can you do as a delegate?">
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {delegationTexts.delegateCan.map((can) => (
              <li key={can}>
                <Text>{can}</Text>
              </li>
            ))}
          </ul>
        </ExpandingHelp>
      </Stack>
      <div style={{ minHeight: CARD_HEIGHT }}>
        {/* A list already shown stays while it is asked again (a failed refetch keeps it). */}
        {practitioners.data ? (
          practitioners.data.practitioners.length === 0 ? (
            <Text as="p">{delegationTexts.manageAccountsEmpty}</Text>
          ) : (
            <CardGrid>
              {practitioners.data.practitioners.map((practitioner) => (
                <PractitionerCard
                  key={practitioner.id}
                  practitioner={practitioner}
                  managing={practitioner.id === managingId}
                  onManage={() => setNext(practitioner)}
                />
              ))}
            </CardGrid>
          )
        ) : practitioners.isError ? (
          <ApiErrorAlert
            error={practitioners.error}
            thing="your managed accounts"
            onRetry={() => void practitioners.refetch()}
            logMessage="Managed accounts failed to load"
          />
        ) : (
          <CardsLoading />
        )}
      </div>
      <div>
        <ButtonLink variant="secondary" href={pages.welcome.dashboard.href()}>
          Go back
        </ButtonLink>
      </div>
      {next && user ? (
        <ManageAccountDialog
          current={user.managingPractitioner ?? null}
          self={user}
          next={next}
          onClose={() => setNext(null)}
        />
      ) : null}
    </Stack>
  );
}

export { ManageAccountsPage as Component };
