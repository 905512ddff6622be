import { delegationMessages, delegationTexts } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { ConsentList } from './consent-list.tsx';
import { ConsentTick } from './consent-tick.tsx';

/** Props of AssignConsentStep. */
export type AssignConsentStepProps = {
  /** Element id of the step's heading (the section's name). */
  headingId: string;
  /** The consent is ticked. */
  consented: boolean;
  onChange: (consented: boolean) => void;
  /** Assign was pressed: a missing tick shows its message. */
  showError: boolean;
};

/** Step 2 of assigning a delegate (docs/product/features.md#delegation): the consent list and its tick. */
export function AssignConsentStep({
  headingId,
  consented,
  onChange,
  showError,
}: AssignConsentStepProps) {
  return (
    <section aria-labelledby={headingId}>
      <Stack gap={1.5}>
        <H2 id={headingId}>2. Consent and delegate</H2>
        <ConsentList />
        <ConsentTick
          label={delegationTexts.consentAssign}
          message={delegationMessages.consentAssign}
          checked={consented}
          onChange={onChange}
          showError={showError}
        />
      </Stack>
    </section>
  );
}
