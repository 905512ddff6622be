import { Stack } from '@ag.ds-next/react/stack';
import { Button, Tooltip } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Tooltips page. */
export const tooltipGallery: GalleryEntry = {
  name: 'Tooltips',
  introduction: 'Shown on hover and keyboard focus; Escape hides them.',
};

/** Tooltips demo.  */
export function TooltipsExamples() {
  return (
    <>
      <Demo title="On a button">
        <div>
          <Tooltip content="Healthcare Provider Identifier – Individual">
            <Button variant="secondary">HPI-I</Button>
          </Tooltip>
        </div>
      </Demo>
      <Demo title="Placements">
        <Stack gap={1} alignItems="flex-start">
          <Tooltip content="Shown below" placement="bottom">
            <Button variant="tertiary">Bottom</Button>
          </Tooltip>
          <Tooltip content="Shown on the right" placement="right">
            <Button variant="tertiary">Right</Button>
          </Tooltip>
        </Stack>
      </Demo>
    </>
  );
}
