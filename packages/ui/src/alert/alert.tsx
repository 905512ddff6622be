import type { ReactNode } from 'react';
import { Box } from '@ag.ds-next/react/box';
import { Flex } from '@ag.ds-next/react/flex';
import { Text } from '@ag.ds-next/react/text';
import { Button } from '@ag.ds-next/react/button';
import { VisuallyHidden } from '@ag.ds-next/react/a11y';
import {
  AlertFilledIcon,
  CloseIcon,
  InfoFilledIcon,
  SuccessFilledIcon,
  WarningFilledIcon,
} from '@ag.ds-next/react/icon';
import { toneStyles, type Tone } from '../tone/tone.ts';

/** Props of Alert. */
export type AlertProps = {
  /** Colour set: neutral, secondary, tertiary, warning, success, error or info. */
  tone: Tone;
  /** Short bold title. */
  title: string;
  /** Optional description below the title. */
  children?: ReactNode;
  /** When given, a Close button is shown that calls it. */
  onClose?: () => void;
  /** The close button's word where the specification names another (e.g. 'Dismiss'); 'Close' by default. */
  closeLabel?: string;
  /** Element id, e.g. to focus the alert after an action. */
  id?: string;
  /** Focusable (tabIndex -1) so callers can move focus to it. */
  focusable?: boolean;
};

const toneLabel: Record<Tone, string> = {
  neutral: 'Note',
  secondary: 'Note',
  tertiary: 'Note',
  info: 'Information',
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
};

function ToneIcon({ tone }: { tone: Tone }) {
  switch (tone) {
    case 'success':
      return <SuccessFilledIcon color="success" />;
    case 'warning':
      return <WarningFilledIcon color="warning" />;
    case 'error':
      return <AlertFilledIcon color="error" />;
    case 'info':
      return <InfoFilledIcon color="info" />;
    default:
      return <InfoFilledIcon color="text" />;
  }
}

/** A section alert in one of the portal's colour sets; errors and warnings are announced assertively. */
export function Alert({
  tone,
  title,
  children,
  onClose,
  closeLabel = 'Close',
  id,
  focusable,
}: AlertProps) {
  const style = toneStyles[tone];
  return (
    <Box
      id={id}
      tabIndex={focusable ? -1 : undefined}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-tone={tone}
      padding={1}
      rounded
      style={{
        background: style.background,
        borderLeft: `8px solid ${style.border}`,
        borderTop: `1px solid ${style.border}`,
        borderRight: `1px solid ${style.border}`,
        borderBottom: `1px solid ${style.border}`,
      }}
    >
      <Flex gap={0.75} alignItems="flex-start" justifyContent="space-between">
        {/* minWidth 0 lets the flex children shrink below their text's longest word, and overflowWrap
            breaks a long unbroken title or body (a file name) so the Close button stays in view. */}
        <Flex gap={0.75} alignItems="flex-start" style={{ minWidth: 0 }}>
          <ToneIcon tone={tone} />
          <Box data-alert-text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text as="p" fontWeight="bold">
              <VisuallyHidden>{`${toneLabel[tone]}: `}</VisuallyHidden>
              {title}
            </Text>
            {children ? <Box paddingTop={0.25}>{children}</Box> : null}
          </Box>
        </Flex>
        {onClose ? (
          <Button variant="text" iconAfter={CloseIcon} onClick={onClose}>
            {closeLabel}
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}
