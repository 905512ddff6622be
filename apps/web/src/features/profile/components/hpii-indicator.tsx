import { profileMessages } from '@pca/contracts';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';
import { LoadingDots } from '@pca/ui/primitives/loading.ts';
import { AlertFilledIcon, SuccessFilledIcon } from '@pca/ui/primitives/icon.ts';

/** The HPI-I's state (docs/product/features.md#profile, rule 4.9). */
export type HpiiState = 'validating' | 'valid' | 'notRetrievable';

const labels: Record<HpiiState, string> = {
  validating: profileMessages.hpiiValidating,
  valid: profileMessages.hpiiValid,
  notRetrievable: profileMessages.hpiiNotRetrievable,
};

/** The icon beside the HPI-I with its tooltip; focusable so keyboard users reach the tooltip too. */
export function HpiiIndicator({ state }: { state: HpiiState }) {
  const label = labels[state];
  return (
    <Tooltip content={label}>
      <span
        tabIndex={0}
        role="img"
        aria-label={label}
        data-state={state}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          minWidth: '1.5rem',
          minHeight: '1.5rem',
        }}
      >
        {state === 'validating' ? (
          <LoadingDots size="sm" />
        ) : state === 'valid' ? (
          <SuccessFilledIcon color="success" />
        ) : (
          <AlertFilledIcon color="error" />
        )}
      </span>
    </Tooltip>
  );
}
