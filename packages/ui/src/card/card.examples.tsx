import { Columns } from '@ag.ds-next/react/columns';
import { Card, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Card page. */
export const cardGallery: GalleryEntry = {
  name: 'Card',
  introduction: 'Cards group related content. The selected card has a thicker border.',
};

/** Card demo: default, outlined, selected, clickable.  */
export function CardExamples() {
  return (
    <>
      <Demo title="Variants">
        <Columns as="ul" cols={{ xs: 1, md: 2 }} gap={1.5}>
          <Card as="li" title="Default card">
            <Text>With a shadow.</Text>
          </Card>
          <Card as="li" title="Outlined card" variant="outlined">
            <Text>A thin border.</Text>
          </Card>
          <Card as="li" title="Selected card" variant="selected">
            <Text>A thicker border shows it is selected.</Text>
          </Card>
          <Card
            as="li"
            title="Clickable card"
            href="/design-system/card"
            footer={<Text fontSize="sm">Updated 21 November 2026</Text>}
          >
            <Text>The whole card is a link.</Text>
          </Card>
        </Columns>
      </Demo>
    </>
  );
}
