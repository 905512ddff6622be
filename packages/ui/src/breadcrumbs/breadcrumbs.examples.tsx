import { Breadcrumbs } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Breadcrumbs page. */
export const breadcrumbsGallery: GalleryEntry = {
  name: 'Breadcrumbs',
  introduction: 'Where the current page sits in the portal.',
};

/** Breadcrumbs demo.  */
export function BreadcrumbsExamples() {
  return (
    <>
      <Demo title="Three levels">
        <Breadcrumbs
          links={[
            { label: 'Home', href: '/design-system/home' },
            { label: 'Delegates', href: '/design-system/breadcrumbs' },
            { label: 'Assign a delegate' },
          ]}
        />
      </Demo>
    </>
  );
}
