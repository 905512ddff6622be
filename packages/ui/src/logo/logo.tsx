import { boxPalette } from '@ag.ds-next/react/core';

/** Props of Logo. */
export type LogoProps = {
  /** Height in px; width follows the aspect ratio. */
  height?: number;
  /** Hide from assistive technology when a visible product name sits beside it. */
  decorative?: boolean;
};

/** The Provider Connect Australia mark: a connected-nodes glyph and the product's initials. */
export function Logo({ height = 48, decorative = false }: LogoProps) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': 'Provider Connect Australia' };
  return (
    <svg
      {...a11y}
      height={height}
      viewBox="0 0 120 48"
      xmlns="http://www.w3.org/2000/svg"
      style={{ display: 'block' }}
    >
      <g fill="none" stroke={boxPalette.foregroundAction} strokeWidth="3">
        <circle cx="12" cy="24" r="7" />
        <circle cx="36" cy="12" r="7" />
        <circle cx="36" cy="36" r="7" />
        <path d="M18 21 L30 14 M18 27 L30 34 M36 19 L36 29" />
      </g>
      <text
        x="52"
        y="33"
        fill={boxPalette.foregroundText}
        fontFamily="inherit"
        fontSize="24"
        fontWeight="700"
      >
        PCA
      </text>
    </svg>
  );
}
