import { Text } from '@pca/ui/primitives/text.ts';
import { SkeletonText } from '@pca/ui/primitives/skeleton.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';

/** Props of ConsentList. */
export type ConsentListProps = {
  /** Text before the list. */
  intro?: string;
};

/**
 * The consent list of docs/product/features.md#feature-permissions, as the server holds it in force: the page
 * consents to the version it showed, so the words on screen are the words recorded.
 */
export function ConsentList({ intro = 'You give your delegate authority to:' }: ConsentListProps) {
  const consent = useDelegationConsent();
  if (consent.isError)
    return (
      <ApiErrorAlert
        error={consent.error}
        thing="the consent wording"
        onRetry={() => void consent.refetch()}
        logMessage="Delegation consent failed to load"
      />
    );
  return (
    <div>
      <Text as="p">{intro}</Text>
      {consent.data ? (
        <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
          {consent.data.items.map((item) => (
            <li key={item} style={{ padding: '0.125rem 0' }}>
              {item}
            </li>
          ))}
        </ul>
      ) : (
        // Five lines of the list's height, so nothing below moves when it arrives.
        <div aria-busy="true" aria-label="Loading the consent list" style={{ marginTop: '0.5rem' }}>
          {[0, 1, 2, 3, 4].map((n) => (
            <SkeletonText key={n} width="80%" />
          ))}
        </div>
      )}
    </div>
  );
}
