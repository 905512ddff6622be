import { Button, ButtonGroup, ButtonLink, Loading, Text } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Buttons page. */
export const buttonGallery: GalleryEntry = {
  name: 'Buttons',
  introduction: 'Buttons for actions, and links styled as buttons for navigation.',
};

/** Buttons demo: variants, sizes, states, and the loading indicator.  */
export function ButtonsExamples() {
  const [count, setCount] = useState(0);
  return (
    <>
      <Demo title="Variants">
        <ButtonGroup>
          <Button onClick={() => setCount((c) => c + 1)}>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="tertiary">Tertiary</Button>
          <Button variant="text">Text</Button>
        </ButtonGroup>
        <Text as="p" aria-live="polite">{`Primary pressed ${count} times`}</Text>
      </Demo>
      <Demo title="Sizes">
        <ButtonGroup>
          <Button size="sm">Small</Button>
          <Button size="md">Medium</Button>
        </ButtonGroup>
      </Demo>
      <Demo title="States">
        <ButtonGroup>
          <Button disabled>Disabled</Button>
          <Button loading loadingLabel="Saving">
            Save
          </Button>
          <ButtonLink href="/design-system/home" variant="secondary">
            Link as button
          </ButtonLink>
        </ButtonGroup>
      </Demo>
      <Demo title="Loading with a message">
        <Loading message="Loading practitioners" />
      </Demo>
    </>
  );
}
