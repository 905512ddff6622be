import { Header, TextLink } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Header page. */
export const headerGallery: GalleryEntry = {
  name: 'Header',
  introduction: 'The site header with the product logo.',
};

/** Header demo.  */
export function HeaderExamples() {
  return (
    <>
      <Demo title="Default">
        <Header href="/design-system/header" />
      </Demo>
      <Demo title="With a badge and right content">
        <Header
          background="body"
          href="/design-system/header"
          badgeLabel="Beta"
          rightContent={<TextLink href="/design-system/header">Sign out</TextLink>}
        />
      </Demo>
    </>
  );
}
