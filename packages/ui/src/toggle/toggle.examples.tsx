import { Stack } from '@ag.ds-next/react/stack';
import { Toggle } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Toggle page. */
export const toggleGallery: GalleryEntry = {
  name: 'Toggle',
  introduction: 'On/off switches. Space toggles them.',
};

/** Toggle demo.  */
export function ToggleExamples() {
  const [helper, setHelper] = useState(true);
  const [small, setSmall] = useState(false);
  return (
    <>
      <Demo title="Sizes and states">
        <Stack gap={1}>
          <Toggle label="Show the setup helper" checked={helper} onChange={setHelper} />
          <Toggle label="Email me about new tasks" size="sm" checked={small} onChange={setSmall} />
        </Stack>
      </Demo>
    </>
  );
}
