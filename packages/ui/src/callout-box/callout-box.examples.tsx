import { Stack } from '@ag.ds-next/react/stack';
import { CalloutBox } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Callout box page. */
export const calloutBoxGallery: GalleryEntry = {
  name: 'Callout box',
  introduction: 'Draws attention to related content.',
};

/** Callout box demo.  */
export function CalloutBoxExamples() {
  return (
    <>
      <Demo title="Tones and variants">
        <Stack gap={1}>
          <CalloutBox title="Before you start">
            You will need your HPI-I and AHPRA registration number.
          </CalloutBox>
          <CalloutBox tone="info" title="Did you know?">
            Delegates can keep your profile up to date for you.
          </CalloutBox>
          <CalloutBox variant="compact" title="Compact">
            Less padding for tight spaces.
          </CalloutBox>
        </Stack>
      </Demo>
    </>
  );
}
