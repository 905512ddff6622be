import type { ReactNode } from 'react';
import { boxPalette } from '@pca/ui/primitives/core.ts';
import { CheckIcon } from '@pca/ui/primitives/icon.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';

/** The state of one step of the vertical stepper. */
export type StepStatus = 'done' | 'current' | 'todo';

const statusText = { done: 'completed', current: 'current step', todo: 'not started' } as const;

/** Props of WizardStep. */
export type WizardStepProps = {
  /** 1-based step number. */
  number: number;
  /** The step's title (its heading). */
  title: string;
  status: StepStatus;
  /** Whether a line joins this step to the next one. */
  last?: boolean;
  /** Element id of the heading. */
  id: string;
  children: ReactNode;
};

/**
 * One step of the wizard's vertical linear stepper: a numbered circle (a tick once done) on a line joining the
 * steps, the step's heading with its state for screen readers, and the step's content beside the line.
 */
export function WizardStep({ number, title, status, last = false, id, children }: WizardStepProps) {
  const filled = status !== 'todo';
  return (
    <li
      aria-current={status === 'current' ? 'step' : undefined}
      data-status={status}
      style={{ display: 'flex', gap: '0.75rem', minWidth: 0 }}
    >
      <div
        aria-hidden="true"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0 }}
      >
        <span
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 32,
            height: 32,
            borderRadius: '50%',
            border: `2px solid ${filled ? boxPalette.foregroundAction : boxPalette.border}`,
            background: status === 'done' ? boxPalette.foregroundAction : boxPalette.backgroundBody,
            color: status === 'done' ? boxPalette.backgroundBody : boxPalette.foregroundText,
            fontWeight: 700,
          }}
        >
          {status === 'done' ? (
            <CheckIcon size="sm" weight="bold" style={{ color: 'inherit' }} />
          ) : (
            number
          )}
        </span>
        {last ? null : (
          <span
            style={{
              flexGrow: 1,
              width: 2,
              minHeight: '1.5rem',
              marginTop: '0.25rem',
              background: status === 'done' ? boxPalette.foregroundAction : boxPalette.border,
            }}
          />
        )}
      </div>
      <section aria-labelledby={id} style={{ flexGrow: 1, minWidth: 0, paddingBottom: '2rem' }}>
        <Stack gap={1}>
          <H2 id={id}>
            {title}
            <VisuallyHidden>{` (${statusText[status]})`}</VisuallyHidden>
          </H2>
          {children}
        </Stack>
      </section>
    </li>
  );
}
