import type { ReactNode } from 'react';
import { Flex } from '@ag.ds-next/react/flex';
import { Stack } from '@ag.ds-next/react/stack';
import { Text } from '@ag.ds-next/react/text';
import { TextLink } from '@ag.ds-next/react/text-link';
import { boxPalette, tokens } from '@ag.ds-next/react/core';
import {
  ProgressDoingIcon,
  ProgressTodoIcon,
  SuccessFilledIcon,
  WarningFilledIcon,
  ProgressBlockedIcon,
} from '@ag.ds-next/react/icon';

/** Setup-helper tile states (docs/product/features.md#design-system-gallery). */
export const setupHelperStates = [
  'default',
  'incomplete',
  'complete',
  'inactive',
  'partial',
] as const;

/** One of the setup-helper tile states. */
export type SetupHelperState = (typeof setupHelperStates)[number];

/** What each state tells a screen reader, and which icon shows it. */
const stateInfo: Record<SetupHelperState, { label: string; icon: ReactNode; border: string }> = {
  default: {
    label: 'Not started',
    icon: <ProgressTodoIcon color="muted" />,
    border: boxPalette.border,
  },
  incomplete: {
    label: 'Incomplete',
    icon: <WarningFilledIcon color="warning" />,
    border: boxPalette.systemWarning,
  },
  complete: {
    label: 'Complete',
    icon: <SuccessFilledIcon color="success" />,
    border: boxPalette.systemSuccess,
  },
  inactive: {
    label: 'Not available yet',
    icon: <ProgressBlockedIcon color="muted" />,
    border: boxPalette.borderMuted,
  },
  partial: {
    label: 'In progress',
    icon: <ProgressDoingIcon color="action" />,
    border: boxPalette.foregroundAction,
  },
};

/** Props of SetupHelperTile. */
export type SetupHelperTileProps = {
  /** Step title (the link text). */
  title: string;
  /** One-line description. */
  description?: string;
  /** default, incomplete, complete, inactive or partial. */
  state: SetupHelperState;
  /** Where the step is done; inactive tiles do not link. */
  href?: string;
  /** Step number shown before the title. */
  step?: number;
};

/** One tile of the "set up your account" helper, showing the step's state by icon, border and text. */
export function SetupHelperTile({ title, description, state, href, step }: SetupHelperTileProps) {
  const info = stateInfo[state];
  const inactive = state === 'inactive';
  const label = step === undefined ? title : `${step}. ${title}`;
  return (
    <div
      data-state={state}
      style={{
        border: `${state === 'default' ? 1 : 2}px solid ${info.border}`,
        borderLeftWidth: 6,
        borderRadius: tokens.borderRadius,
        padding: '1rem',
        background: inactive ? boxPalette.backgroundShade : boxPalette.backgroundBody,
      }}
    >
      <Flex gap={0.75} alignItems="flex-start">
        {info.icon}
        <Stack gap={0.25}>
          <Text fontWeight="bold" color={inactive ? 'muted' : 'text'}>
            {href && !inactive ? <TextLink href={href}>{label}</TextLink> : label}
          </Text>
          {description ? (
            <Text color="muted" fontSize="sm">
              {description}
            </Text>
          ) : null}
          <Text fontSize="sm" color={inactive ? 'muted' : 'text'}>{`Status: ${info.label}`}</Text>
        </Stack>
      </Flex>
    </div>
  );
}

/** Props of SetupHelper. */
export type SetupHelperProps = {
  /** Accessible name of the tile list. */
  label: string;
  /** Tiles in step order. */
  tiles: Omit<SetupHelperTileProps, 'step'>[];
};

/** The setup helper: an ordered list of numbered tiles. */
export function SetupHelper({ label, tiles }: SetupHelperProps) {
  return (
    <ol
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '1rem' }}
    >
      {tiles.map((tile, index) => (
        <li key={tile.title}>
          <SetupHelperTile {...tile} step={index + 1} />
        </li>
      ))}
    </ol>
  );
}
