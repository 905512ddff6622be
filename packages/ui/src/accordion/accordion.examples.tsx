import { Accordion, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Accordion page. */
export const accordionGallery: GalleryEntry = {
  name: 'Accordion',
  introduction: 'Stacked sections that expand and collapse. Use Enter or Space on a section title.',
};

/** Accordion demo.  */
export function AccordionExamples() {
  return (
    <>
      <Demo title="Closed and initially open sections">
        <Accordion
          sections={[
            {
              title: 'What is Provider Connect Australia?',
              content: <Text as="p">A single place to keep your practice details up to date.</Text>,
            },
            {
              title: 'Who can use it?',
              content: (
                <Text as="p">Practitioners, their delegates and organisation managers.</Text>
              ),
              initiallyOpen: true,
            },
            {
              title: 'How is my information shared?',
              content: <Text as="p">Only with partners you choose to publish to.</Text>,
            },
          ]}
        />
      </Demo>
    </>
  );
}
