import { ExpandingHelp, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Expanding help page. */
export const expandingHelpGallery: GalleryEntry = {
  name: 'Expanding help',
  introduction: 'Help that stays out of the way until asked for.',
};

/** Expanding help demo.  */
export function ExpandingHelpExamples() {
  return (
    <>
      <Demo title="Collapsed help">
        <ExpandingHelp label="What is an HPI-I?">
          <Text as="p">
            A Healthcare Provider Identifier – Individual is a 16-digit number that identifies you
            as a healthcare provider.
          </Text>
        </ExpandingHelp>
      </Demo>
    </>
  );
}
