import { VisuallyHidden } from '@ag.ds-next/react/a11y';
import { CheckIcon } from '@ag.ds-next/react/icon';
import { boxPalette } from '@ag.ds-next/react/core';
import { Stack } from '@ag.ds-next/react/stack';
import type { ReactNode } from 'react';
import { H2 } from '@ag.ds-next/react/heading';

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
export function stepStatus(index: number, activeIndex: number): StepStatus {
  if (index < activeIndex) return 'done';
  return index === activeIndex ? 'current' : 'todo';
}

/** The state of one step. */
export type StepStatus = 'done' | 'current' | 'todo';

const statusText = { done: 'completed', current: 'current step', todo: 'not started' } as const;

/** The numbered circle of a step (a tick once done); decorative, the step's text carries its state. */
function StepMarker({ status, number }: { status: StepStatus; number: number }) {
  const filled = status !== 'todo';
  return (
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
        background: status === 'done' ? boxPalette.foregroundAction : boxPalette.backgroundBody,
        color: status === 'done' ? boxPalette.backgroundBody : boxPalette.foregroundText,
        fontWeight: 700,
        flexShrink: 0,
      }}
    >
      {status === 'done' ? (
        <CheckIcon size="sm" weight="bold" style={{ color: 'inherit' }} />
      ) : (
        number
      )}
    </span>
  );
}

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
            <StepMarker status={status} number={index + 1} />
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

/** One step of a VerticalStepper: its heading and the form or content the step asks for. */
export type VerticalStep = {
  /** Element id of the step's heading (the step's section is labelled by it). */
  id: string;
  title: string;
  content: ReactNode;
};

/** Props of VerticalStepper. */
export type VerticalStepperProps = {
  steps: VerticalStep[];
  /** Index of the current step (0-based); earlier steps are done. Use steps.length when all are done. */
  activeIndex: number;
  /** Accessible name of the step list. */
  label: string;
};

/**
 * A vertical linear stepper whose steps hold their content (a wizard on one page): each step is a numbered
 * circle on a line joining the steps, with the step's heading (its state for screen readers) and its content
 * beside the line.
 */
export function VerticalStepper({ steps, activeIndex, label }: VerticalStepperProps) {
  return (
    <ol aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {steps.map((step, index) => {
        const status = stepStatus(index, activeIndex);
        const last = index === steps.length - 1;
        return (
          <li
            key={step.id}
            aria-current={status === 'current' ? 'step' : undefined}
            data-status={status}
            style={{ display: 'flex', gap: '0.75rem', minWidth: 0 }}
          >
            <div
              aria-hidden="true"
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                flexShrink: 0,
              }}
            >
              <StepMarker status={status} number={index + 1} />
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
            <section
              aria-labelledby={step.id}
              style={{ flexGrow: 1, minWidth: 0, paddingBottom: '2rem' }}
            >
              <Stack gap={1}>
                <H2 id={step.id}>
                  {step.title}
                  <VisuallyHidden>{` (${statusText[status]})`}</VisuallyHidden>
                </H2>
                {step.content}
              </Stack>
            </section>
          </li>
        );
      })}
    </ol>
  );
}
