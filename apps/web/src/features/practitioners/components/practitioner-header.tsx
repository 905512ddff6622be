import { Flex } from '@pca/ui/primitives/flex.ts';
import { boxPalette } from '@pca/ui/primitives/core.ts';
import type { PractitionerListItem } from '@pca/contracts/practitioners.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { headerInitials } from '../header-initials.ts';

/** "Family, Given" as the accordion header shows it. */
export const displayName = (p: Pick<PractitionerListItem, 'givenName' | 'familyName'>) =>
  p.givenName ? `${p.familyName}, ${p.givenName}` : p.familyName;

/** Props of PractitionerHeader. */
export type PractitionerHeaderProps = {
  /** The practitioner. */
  practitioner: PractitionerListItem;
};

/** Accordion header: photo or initials, 'Family, Given' and the HPI-I chip (docs/product/shell.md#practitioners). */
export function PractitionerHeader({ practitioner }: PractitionerHeaderProps) {
  const size = 40;
  return (
    <Flex as="span" alignItems="center" gap={1} flexWrap="wrap">
      {practitioner.photoData ? (
        <img
          src={practitioner.photoData}
          alt=""
          width={size}
          height={size}
          style={{ borderRadius: '50%', objectFit: 'cover' }}
        />
      ) : (
        <span
          aria-hidden="true"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: size,
            height: size,
            borderRadius: '50%',
            background: boxPalette.foregroundAction,
            color: boxPalette.backgroundBody,
            fontWeight: 700,
            fontSize: 16,
            flexShrink: 0,
          }}
        >
          {headerInitials(practitioner.givenName, practitioner.familyName)}
        </span>
      )}
      {/* AgDS styles accordion titles as links (underlined, link colour), but this row only opens and
          closes: an inline-block inside the flex item (flex items themselves are blockified and still
          inherit the underline) keeps the button's underline off the name, which reads as a heading
          beside the toggle's chevron. */}
      <span>
        <span
          data-testid="practitioner-name"
          style={{ display: 'inline-block', color: boxPalette.foregroundText }}
        >
          {displayName(practitioner)}
        </span>
      </span>
      {practitioner.hpiiIdentifier ? (
        // The wrapper keeps the accordion title's underline off the chip (an atomic inline box).
        <span>
          <Chip>HPI-I: {practitioner.hpiiIdentifier}</Chip>
        </span>
      ) : null}
    </Flex>
  );
}
