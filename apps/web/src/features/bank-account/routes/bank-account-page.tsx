import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { BankAccountView, MaskedBankAccount } from '@pca/contracts/bank-account.ts';
import { bankAccountMessages as messages } from '@pca/contracts/bank-account-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@pca/ui/primitives/summary-list.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { QueryView } from '#lib/query-view.tsx';
import { ApiError } from '#lib/http.ts';
import { useCurrentUser } from '#lib/current-user.ts';
import { formatDate } from '#lib/dates.ts';
import {
  useBankAccount,
  useSaveBankAccount,
  useShareBankAccount,
  useWithdrawShare,
} from '../api/bank-account.ts';
import { BankAccountForm } from '../components/bank-account-form.tsx';
import { PayerSharing } from '../components/payer-sharing.tsx';
import { SectionLoading } from '#lib/section-loading.tsx';
import { firstHeadingOrField, useFocusAfterRender, useFocusWhenShown } from '#lib/focus.ts';

/** The saved account: the BSB in full, the account number masked (docs/product/bank-account.md). */
function SavedAccount({ account }: { account: MaskedBankAccount }) {
  const rows: Array<[string, string]> = [
    [messages.accountNameLabel, account.accountName],
    [messages.bsbLabel, account.bsb],
    [messages.accountNumberLabel, account.accountNumber],
  ];
  return (
    <SummaryList>
      {rows.map(([term, description]) => (
        <SummaryListItem key={term}>
          <SummaryListItemTerm>{term}</SummaryListItemTerm>
          <SummaryListItemDescription>{description}</SummaryListItemDescription>
        </SummaryListItem>
      ))}
    </SummaryList>
  );
}

/**
 * A practitioner's bank account (`/bank-account/add-edit/{practitionerId}`, docs/product/bank-account.md): add it,
 * see it masked, replace it with Edit, and share it with payer organisations by consent, withdrawn at any time.
 */
export function BankAccountPage() {
  const { practitionerId = '' } = useParams();
  const query = useBankAccount(practitionerId);
  const managed = useCurrentUser().data?.managingPractitioner;
  // For a delegate managing this practitioner, a 404 can only mean the delegation's consent leaves bank details
  // out (docs/decisions/058-bank-account.md): say that, rather than that the page does not exist.
  const withoutConsent =
    managed?.id === practitionerId && query.error instanceof ApiError && query.error.status === 404;
  // A delegate reads about the practitioner they manage, the page's answer or not (no consent: no answer).
  const about = query.data?.managing
    ? query.data.practitioner
    : managed?.id === practitionerId
      ? managed
      : null;
  const intro = about
    ? messages.introManaging(`${about.givenName} ${about.familyName}`)
    : messages.intro;

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{messages.title}</H1>
        <Text as="p">{intro}</Text>
      </Stack>
      {withoutConsent ? (
        <PageAlert tone="warning" title={messages.noDelegateConsentTitle}>
          <Text as="p">
            {messages.noDelegateConsent(`${managed.givenName} ${managed.familyName}`)}
          </Text>
        </PageAlert>
      ) : (
        <QueryView
          query={query}
          loading={<SectionLoading message={messages.loading} />}
          thing="this bank account"
          logMessage="Bank account failed to load"
        >
          {(view) => <BankAccountContent practitionerId={practitionerId} view={view} />}
        </QueryView>
      )}
    </Stack>
  );
}

function BankAccountContent({
  practitionerId,
  view,
}: {
  practitionerId: string;
  view: BankAccountView;
}) {
  const save = useSaveBankAccount(practitionerId);
  const share = useShareBankAccount(practitionerId);
  const withdraw = useWithdrawShare(practitionerId);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const statusRef = useFocusWhenShown(status);
  const { account } = view;
  // Edit and the form's Cancel each replace the button pressed: focus goes to the form's heading, and back to
  // Edit. (A save focuses the success message above.)
  const focusAfterRender = useFocusAfterRender();
  const sectionRef = useRef<HTMLElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);

  return (
    <Stack gap={2}>
      {status ? (
        <div ref={statusRef}>
          <Alert tone="success" title="Success" onClose={() => setStatus(null)} focusable>
            <Text as="p">{status}</Text>
          </Alert>
        </div>
      ) : null}
      <section aria-labelledby="bank-account-details" ref={sectionRef}>
        {account && !editing ? (
          <Stack gap={1}>
            <H2 id="bank-account-details">Account details</H2>
            <SavedAccount account={account} />
            <Text as="p" fontSize="sm" color="muted">
              {messages.lastUpdated(formatDate(account.updatedAt, 'medium'))}
            </Text>
            <div>
              <Button
                ref={editRef}
                variant="secondary"
                onClick={() => {
                  setStatus(null);
                  save.reset();
                  focusAfterRender(() => firstHeadingOrField(sectionRef.current));
                  setEditing(true);
                }}
              >
                {messages.edit}
              </Button>
            </div>
          </Stack>
        ) : (
          <Stack gap={1}>
            <span id="bank-account-details" hidden>
              Account details
            </span>
            <BankAccountForm
              replacing={Boolean(account)}
              saving={save.isPending}
              serverError={save.error}
              onSave={(values) =>
                save.mutate(values, {
                  onSuccess: () => {
                    setEditing(false);
                    setStatus(messages.saved);
                  },
                })
              }
              onCancel={() => {
                focusAfterRender(() => editRef.current);
                setEditing(false);
              }}
            />
          </Stack>
        )}
      </section>
      <section aria-labelledby="bank-account-sharing">
        <Stack gap={1.5}>
          <Stack gap={1}>
            <H2 id="bank-account-sharing">{messages.sharingTitle}</H2>
            <Text as="p">{messages.sharingIntro}</Text>
          </Stack>
          {view.payers.length === 0 ? <Text as="p">{messages.noPayers}</Text> : null}
          {view.payers.map((payer) => (
            <PayerSharing
              key={payer.partnerServiceId}
              payer={payer}
              hasAccount={Boolean(account)}
              sharing={
                share.isPending && share.variables?.partnerServiceId === payer.partnerServiceId
              }
              shareError={
                share.variables?.partnerServiceId === payer.partnerServiceId ? share.error : null
              }
              withdrawing={withdraw.isPending && withdraw.variables === payer.partnerServiceId}
              withdrawError={withdraw.variables === payer.partnerServiceId ? withdraw.error : null}
              onShare={(p, done) =>
                share.mutate(
                  {
                    partnerServiceId: p.partnerServiceId,
                    consentVersion: p.consent.version,
                    consent: true,
                  },
                  {
                    onSuccess: () => {
                      done();
                      setStatus(messages.sharedWith(p.name));
                    },
                  },
                )
              }
              onWithdraw={(p) =>
                withdraw.mutate(p.partnerServiceId, {
                  onSuccess: () => setStatus(messages.withdrawn(p.name)),
                })
              }
            />
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

export { BankAccountPage as Component };
