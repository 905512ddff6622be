import { useParams, useSearchParams } from 'react-router';
import type { PractitionerProfile } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@pca/ui/primitives/summary-list.ts';
import { Card } from '@pca/ui/card/card.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { pages } from '@pca/contracts/pages.ts';
import { useCurrentUser } from '#lib/current-user.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { usePractitionerProfile } from '../api/get-profile.ts';
import { RegistrationsTable } from '../components/registrations-table.tsx';
import { safePreviousPath } from '../email-status.ts';

/** One row of a card's summary list; a missing value reads 'Not given'. */
function Row({ term, value }: { term: string; value: string | null }) {
  return (
    <SummaryListItem>
      <SummaryListItemTerm>{term}</SummaryListItemTerm>
      <SummaryListItemDescription>{value || 'Not given'}</SummaryListItemDescription>
    </SummaryListItem>
  );
}

function Cards({ practitioner: p }: { practitioner: PractitionerProfile }) {
  // A delegate managing the practitioner reaches their bank account from here: the profile menu offers it only
  // to practitioners for themselves (docs/product/shell.md#layout), and the page itself decides whether the delegation's consent
  // covers bank details (docs/decisions/058-bank-account.md).
  const managing = useCurrentUser().data?.managingPractitioner?.id === p.id;
  return (
    <Stack gap={1.5}>
      <Card title="Profile details" headingLevel="h2">
        <SummaryList>
          <Row term="Full name" value={`${p.givenName} ${p.familyName}`} />
          {p.preferredName ? <Row term="Preferred name" value={p.preferredName} /> : null}
          <Row term="Provider-login ID" value={p.authIdentifier} />
          <Row term="Email" value={p.email} />
          <Row term="Phone" value={p.phone} />
        </SummaryList>
      </Card>
      <Card title="Identifiers" headingLevel="h2">
        <Stack gap={1}>
          <SummaryList>
            <Row term="HPI-I number" value={p.hpii} />
          </SummaryList>
          {p.registrations.length ? <RegistrationsTable rows={p.registrations} /> : null}
        </Stack>
      </Card>
      <Card title="Personal contact details" headingLevel="h2">
        <SummaryList>
          <Row term="Email" value={p.personalEmail} />
          <Row term="Phone" value={p.personalPhone} />
        </SummaryList>
      </Card>
      {managing ? (
        <Card title="Bank account" headingLevel="h2">
          <Text as="p">
            Where payer organisations such as health funds pay {p.givenName}&apos;s claims, and
            which of them it is shared with.{' '}
            <TextLink href={pages.profile.bankAccount.href({ practitionerId: p.id })}>
              {p.givenName}&apos;s bank account
            </TextLink>
          </Text>
        </Card>
      ) : null}
    </Stack>
  );
}

/** The practitioner profile read view `/practitioner-profile/{id}` (docs/product/features.md#profile). */
export function PractitionerProfilePage() {
  const { id = '' } = useParams();
  const query = usePractitionerProfile(id);
  // The page that sent the user here, when it said so: a Back link leads there (portal paths only).
  const previousPath = safePreviousPath(useSearchParams()[0].get('previousPath'));
  return (
    <Stack gap={2}>
      <H1>Practitioner profile</H1>
      <QueryView
        query={query}
        loading={<Loading message="Loading the practitioner profile" />}
        thing="this practitioner profile"
      >
        {(practitioner) => <Cards practitioner={practitioner} />}
      </QueryView>
      {previousPath ? (
        <div>
          <ButtonLink variant="secondary" href={previousPath}>
            Back
          </ButtonLink>
        </div>
      ) : null}
    </Stack>
  );
}

export { PractitionerProfilePage as Component };
