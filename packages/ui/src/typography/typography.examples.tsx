import { Stack } from '@ag.ds-next/react/stack';
import { H3, Prose, Text, TextLink } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Typography page. */
export const typographyGallery: GalleryEntry = {
  name: 'Typography',
  introduction: 'Headings, body text, links and long-form prose from AgDS.',
};

/** Typography demo.  */
export function TypographyExamples() {
  return (
    <>
      <Demo title="Headings">
        <Stack gap={1}>
          <H3>Level three heading</H3>
          <Text as="p">
            Headings follow the page outline: one level one per page, then two, three and so on.
          </Text>
        </Stack>
      </Demo>
      <Demo title="Text">
        <Stack gap={0.5}>
          <Text as="p" fontSize="lg">
            Large text for introductions.
          </Text>
          <Text as="p">Body text for most content.</Text>
          <Text as="p" fontSize="sm" color="muted">
            Small muted text for secondary details.
          </Text>
          <Text as="p" fontWeight="bold">
            Bold text for emphasis.
          </Text>
          <Text as="p">
            A <TextLink href="/design-system/typography">text link</TextLink> inside a sentence.
          </Text>
        </Stack>
      </Demo>
      <Demo title="Prose">
        <Prose>
          <p>Prose styles long-form content written in HTML, such as terms of use.</p>
          <ul>
            <li>Lists are spaced for reading.</li>
            <li>Links and emphasis are styled.</li>
          </ul>
        </Prose>
      </Demo>
      <Demo title="Page title">
        <Text as="p">Every page starts with a level-one heading, as at the top of this page.</Text>
      </Demo>
    </>
  );
}
