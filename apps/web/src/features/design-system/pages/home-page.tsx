import { Columns } from '@pca/ui/primitives/columns.ts';
import { Card, Text, TextLink } from '@pca/ui';
import { GalleryPage } from '../gallery-page.tsx';
import { galleryBase, galleryPages } from '../gallery-pages.ts';

/** The gallery's home page. */
export function HomePage() {
  return (
    <GalleryPage
      name="Home"
      title="Welcome to the PCA Design System"
      introduction="Every screen of Provider Connect Australia is built from these components, which compose the Australian Government Design System (AgDS). Each page shows every state and variant with sample data."
    >
      <Columns as="ul" cols={{ xs: 1, md: 3 }} gap={1.5}>
        {galleryPages
          .filter((page) => page.path !== 'home')
          .map((page) => (
            <Card
              key={page.path}
              as="li"
              title={page.name}
              href={`${galleryBase}/${page.path}`}
              headingLevel="h2"
            >
              <Text>{`See the ${page.name.toLowerCase()} component.`}</Text>
            </Card>
          ))}
      </Columns>
      <Text as="p">
        Source:{' '}
        <TextLink href="https://design-system.agriculture.gov.au">
          Agriculture Design System
        </TextLink>
      </Text>
    </GalleryPage>
  );
}
