import { Footer, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Footer page. */
export const footerGallery: GalleryEntry = {
  name: 'Footer',
  introduction: 'The site footer with links, acknowledgement of country and copyright.',
};

/** Footer demo.  */
export function FooterExamples() {
  return (
    <>
      <Demo title="Footer with links">
        <Footer
          navLabel="Sample footer"
          year={2026}
          links={[
            { label: 'Privacy', href: '/design-system/footer' },
            { label: 'Accessibility', href: '/design-system/footer' },
            { label: 'Give feedback', href: '/design-system/footer' },
          ]}
        >
          <Text as="p">Need help? Call 1800 000 000.</Text>
        </Footer>
      </Demo>
    </>
  );
}
