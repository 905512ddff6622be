import { Stack } from '@ag.ds-next/react/stack';
import { Divider, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Divider page. */
export const dividerGallery: GalleryEntry = {
  name: 'Divider',
  introduction: 'Separates groups of content.',
};

/** Divider demo.  */
export function DividerExamples() {
  return (
    <>
      <Demo title="Plain and with text">
        <Stack gap={1}>
          <Text as="p">Above the divider.</Text>
          <Divider />
          <Text as="p">Below the divider.</Text>
          <Divider text="or" />
          <Text as="p">After a divider with text.</Text>
        </Stack>
      </Demo>
    </>
  );
}
