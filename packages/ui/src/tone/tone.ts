import { boxPalette } from '@ag.ds-next/react/core';

/** The colour sets shared by alerts and chips (docs/product/features.md#feature-constants); alerts also use `info`. */
export const colourSets = [
  'neutral',
  'secondary',
  'tertiary',
  'warning',
  'success',
  'error',
] as const;

/** One of the shared colour sets. */
export type ColourSet = (typeof colourSets)[number];

/** A colour set or `info` (alerts only). */
export type Tone = ColourSet | 'info';

/** Background and border of a tone; text always stays `foregroundText` so contrast is AgDS's. */
export type ToneStyle = { background: string; border: string };

/** Maps each tone to AgDS palette variables (so light and dark palettes both keep their contrast). */
export const toneStyles: Record<Tone, ToneStyle> = {
  neutral: { background: boxPalette.backgroundShade, border: boxPalette.border },
  secondary: { background: boxPalette.backgroundShadeAlt, border: boxPalette.foregroundMuted },
  tertiary: { background: boxPalette.backgroundBody, border: boxPalette.foregroundAction },
  info: { background: boxPalette.systemInfoMuted, border: boxPalette.systemInfo },
  success: { background: boxPalette.systemSuccessMuted, border: boxPalette.systemSuccess },
  warning: { background: boxPalette.systemWarningMuted, border: boxPalette.systemWarning },
  error: { background: boxPalette.systemErrorMuted, border: boxPalette.systemError },
};
