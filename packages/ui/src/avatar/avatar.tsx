import { initialsOf } from '@pca/contracts/initials.ts';
import { boxPalette } from '@ag.ds-next/react/core';

/** Avatar sizes. */
export const avatarSizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

/** One of the avatar sizes. */
export type AvatarSize = (typeof avatarSizes)[number];

/** Pixel side of each size. */
export const avatarPixels: Record<AvatarSize, number> = { xs: 24, sm: 32, md: 48, lg: 72, xl: 160 };

/** Props of Avatar. */
export type AvatarProps = {
  /** Given name (optional, as in docs/product/rules.md#entities). */
  givenName?: string | null;
  /** Family name. */
  familyName: string;
  /** Photo as a URL or data URL; without it an initials ball is drawn. */
  photo?: string | null;
  /** Size, md by default. */
  size?: AvatarSize;
  /** Hide from assistive technology when the name is already next to it. */
  decorative?: boolean;
};

/** A person's photo, or a ball with their initials (docs/product/rules.md#entities initials rule). */
export function Avatar({
  givenName,
  familyName,
  photo,
  size = 'md',
  decorative = false,
}: AvatarProps) {
  const px = avatarPixels[size];
  const name = [givenName, familyName].filter(Boolean).join(' ');
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name };
  if (photo) {
    return (
      <img
        src={photo}
        alt={decorative ? '' : name}
        width={px}
        height={px}
        data-size={size}
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'inline-block' }}
      />
    );
  }
  return (
    <span
      {...a11y}
      data-size={size}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: px,
        height: px,
        borderRadius: '50%',
        background: boxPalette.foregroundAction,
        color: boxPalette.backgroundBody,
        fontWeight: 700,
        fontSize: Math.max(10, Math.round(px * 0.4)),
        flexShrink: 0,
        userSelect: 'none',
      }}
    >
      <span aria-hidden="true">{initialsOf(givenName, familyName)}</span>
    </span>
  );
}
