import type { ReactNode } from 'react';
import { Flex } from '@ag.ds-next/react/flex';
import { tokens } from '@ag.ds-next/react/core';
import { toneStyles, type ColourSet } from '../tone/tone.ts';

/** Props of Chip. */
export type ChipProps = {
  /** Colour set: neutral, secondary, tertiary, warning, success or error. */
  tone?: ColourSet;
  /** The chip's text. */
  children: ReactNode;
  /** When given, a remove button is shown, named "Remove {label}". */
  onRemove?: () => void;
  /** Plain-text label used for the remove button's name. */
  label?: string;
};

/** A small rounded label in one of the portal's colour sets. */
export function Chip({ tone = 'neutral', children, onRemove, label }: ChipProps) {
  const style = toneStyles[tone];
  const removeName = `Remove ${label ?? (typeof children === 'string' ? children : '')}`.trim();
  return (
    <span
      data-tone={tone}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.25rem',
        padding: '0.125rem 0.75rem',
        borderRadius: '1rem',
        border: `${tokens.borderWidth.md}px solid ${style.border}`,
        background: style.background,
        fontSize: '0.875rem',
        lineHeight: 1.5,
      }}
    >
      {children}
      {onRemove ? (
        <button
          type="button"
          aria-label={removeName}
          onClick={onRemove}
          style={{
            border: 0,
            background: 'transparent',
            cursor: 'pointer',
            padding: 0,
            font: 'inherit',
            color: 'inherit',
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}

/** Props of ChipList. */
export type ChipListProps = {
  /** Accessible name of the list. */
  label?: string;
  /** The chips. */
  children: ReactNode[];
};

/** Chips laid out as a list, so screen readers announce how many there are. */
export function ChipList({ label, children }: ChipListProps) {
  return (
    <Flex
      as="ul"
      aria-label={label}
      gap={0.5}
      flexWrap="wrap"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {children.map((chip, index) => (
        <li key={index}>{chip}</li>
      ))}
    </Flex>
  );
}
