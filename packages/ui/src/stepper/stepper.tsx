import { VisuallyHidden } from '@ag.ds-next/react/a11y';
import { CheckIcon } from '@ag.ds-next/react/icon';
import { boxPalette } from '@ag.ds-next/react/core';

/** Props of Stepper. */
export type StepperProps = {
  /** Step labels in order. */
  steps: string[];
  /** Index of the current step (0-based); earlier steps are done. Use steps.length when all are done. */
  activeIndex: number;
  /** horizontal (default) or vertical. */
  orientation?: 'horizontal' | 'vertical';
  /** Accessible name of the step list. */
  label?: string;
};

/** Status of a step relative to the current one. */
export function stepStatus(index: number, activeIndex: number): 'done' | 'current' | 'todo' {
  if (index < activeIndex) return 'done';
  return index === activeIndex ? 'current' : 'todo';
}

const statusText = { done: 'completed', current: 'current step', todo: 'not started' } as const;

/** A linear progress stepper for wizards: done steps show a tick, the current one is marked aria-current="step". */
export function Stepper({
  steps,
  activeIndex,
  orientation = 'horizontal',
  label = 'Progress',
}: StepperProps) {
  const vertical = orientation === 'vertical';
  return (
    <ol
      aria-label={label}
      data-orientation={orientation}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: 'wrap',
        gap: vertical ? '1rem' : '1.5rem',
      }}
    >
      {steps.map((step, index) => {
        const status = stepStatus(index, activeIndex);
        const filled = status !== 'todo';
        return (
          <li
            key={step}
            aria-current={status === 'current' ? 'step' : undefined}
            data-status={status}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: '0.5rem',
              fontWeight: status === 'current' ? 700 : 400,
            }}
          >
            <span
              aria-hidden="true"
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: 32,
                height: 32,
                borderRadius: '50%',
                border: `2px solid ${filled ? boxPalette.foregroundAction : boxPalette.border}`,
                background:
                  status === 'done' ? boxPalette.foregroundAction : boxPalette.backgroundBody,
                color: status === 'done' ? boxPalette.backgroundBody : boxPalette.foregroundText,
                flexShrink: 0,
              }}
            >
              {status === 'done' ? (
                <CheckIcon size="sm" weight="bold" style={{ color: 'inherit' }} />
              ) : (
                index + 1
              )}
            </span>
            <span>
              {step}
              <VisuallyHidden>{` (${statusText[status]})`}</VisuallyHidden>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
