import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { delegationTexts } from '@pca/contracts/delegation-rules.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';

/**
 * The practitioner's answer from the details-update mail (docs/product/features.md#delegation): accept=true accepts,
 * any other value declines. Records it once, then shows the outcome on the delegates list.
 */
export function DetailsUpdateResponsePage() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const accept = query.get('accept') === 'true';
  const navigate = useNavigate();
  const respond = useDelegationChange(delegationChanges.respondToDetailsUpdate);
  const { mutate } = respond;
  // One answer per visit, also under React's development double effects.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(
      { id, body: { acceptDetailsUpdate: accept, delegateInvitationId: id } },
      {
        onSuccess: (answer) =>
          void navigate(pages.delegates.list.href(), {
            replace: true,
            state: {
              outcome: answer.authorisationUpdated ? 'detailsUpdated' : 'detailsDeclined',
              givenName: answer.givenName,
              email: answer.email,
            },
          }),
      },
    );
  }, [id, accept, mutate, navigate]);

  return (
    <Stack gap={2}>
      <H1>Delegate details update</H1>
      {respond.isError ? (
        <Stack gap={1}>
          <ApiErrorAlert
            error={respond.error}
            thing="your response to the details update"
            logMessage="Details-update response failed"
          />
          <div>
            <ButtonLink variant="secondary" href={pages.delegates.list.href()}>
              Go to your delegates
            </ButtonLink>
          </div>
        </Stack>
      ) : (
        <Loading message={delegationTexts.detailsUpdateSpinner} />
      )}
    </Stack>
  );
}

export { DetailsUpdateResponsePage as Component };
