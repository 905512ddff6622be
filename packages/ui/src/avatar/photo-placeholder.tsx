import { boxPalette } from '@ag.ds-next/react/core';
import { avatarPixels, type AvatarSize } from './avatar.tsx';

/** Props of PhotoPlaceholder. */
export type PhotoPlaceholderProps = {
  /** What the image says to assistive technology, e.g. "Jane Citizen has no photo". */
  label: string;
  /** An Avatar size, xl by default. */
  size?: AvatarSize;
};

/**
 * The placeholder image where a person has no photo yet, at an Avatar's size: a head-and-shoulders outline. The
 * profile's Basic information shows it (docs/product/features.md#profile); lists and cards show initials instead.
 */
export function PhotoPlaceholder({ label, size = 'xl' }: PhotoPlaceholderProps) {
  const px = avatarPixels[size];
  return (
    <svg
      role="img"
      aria-label={label}
      data-size={size}
      width={px}
      height={px}
      viewBox="0 0 64 64"
      style={{ display: 'inline-block', flexShrink: 0, borderRadius: '50%' }}
    >
      <circle cx="32" cy="32" r="32" style={{ fill: boxPalette.backgroundShadeAlt }} />
      <circle cx="32" cy="25" r="11" style={{ fill: boxPalette.foregroundMuted }} />
      <path
        d="M11 55c2-11 10-17 21-17s19 6 21 17a32 32 0 0 1-42 0z"
        style={{ fill: boxPalette.foregroundMuted }}
      />
    </svg>
  );
}
