import { Flex } from '@ag.ds-next/react/flex';
import { Logo } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Logo page. */
export const logoGallery: GalleryEntry = {
  name: 'Logo',
  introduction: 'The Provider Connect Australia mark.',
};

/** Logo demo.  */
export function LogoExamples() {
  return (
    <>
      <Demo title="Sizes">
        <Flex gap={2} alignItems="flex-end">
          <Logo height={32} />
          <Logo height={48} />
          <Logo height={96} />
        </Flex>
      </Demo>
    </>
  );
}
