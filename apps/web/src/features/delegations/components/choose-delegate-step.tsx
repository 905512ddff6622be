import type { ReactNode } from 'react';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';
import { StepSection } from './step-section.tsx';

/** How the delegate is found: among the caller's connections, or by inviting someone. */
export type DelegateType = 'connections' | 'invite';

/** Props of ChooseDelegateStep. */
export type ChooseDelegateStepProps = {
  /** Element id of the step's heading (the section's name). */
  headingId: string;
  /** The choice made (connections by default). */
  type: DelegateType;
  onTypeChange: (type: DelegateType) => void;
  /** The chosen way's fields: the connections type-ahead, or the invite forms. */
  children: ReactNode;
};

/**
 * Step 1 of assigning a delegate (docs/product/features.md#delegation): a required choice between 'From your
 * connections' and 'Invite someone', then that way's fields.
 */
export function ChooseDelegateStep({
  headingId,
  type,
  onTypeChange,
  children,
}: ChooseDelegateStepProps) {
  return (
    <StepSection id={headingId} heading="1. Choose a delegate" gap={1.5}>
      <Flex gap={0.5} alignItems="flex-start">
        <RadioGroup
          name="delegate-type"
          label="How do you want to find your delegate?"
          required
          options={[
            { value: 'connections', label: 'From your connections' },
            { value: 'invite', label: 'Invite someone' },
          ]}
          value={type}
          onChange={(value) => onTypeChange(value as DelegateType)}
        />
        <Tooltip content="Search for practice or business managers linked to you">
          <button
            type="button"
            aria-label="About connections"
            style={{
              minWidth: 24,
              minHeight: 24,
              borderRadius: '50%',
              border: '1px solid currentColor',
              background: 'transparent',
              font: 'inherit',
              cursor: 'help',
            }}
          >
            ?
          </button>
        </Tooltip>
      </Flex>
      {children}
    </StepSection>
  );
}
