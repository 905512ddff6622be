import { Stack } from '@ag.ds-next/react/stack';
import { Alert, Button, colourSets, Text, type Tone } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Alerts page. */
export const alertGallery: GalleryEntry = {
  name: 'Alerts',
  introduction:
    'Alerts in the colour sets neutral, secondary, tertiary, warning, success and error, plus info.',
};

const alertTones: Tone[] = [...colourSets, 'info'];

/** Alerts demo: every colour set, dismissible.  */
export function AlertsExamples() {
  const [dismissed, setDismissed] = useState<Tone[]>([]);
  return (
    <>
      <Demo title="Colour sets">
        <Stack gap={1}>
          {alertTones.map((tone) => (
            <Alert key={tone} tone={tone} title={`This is a ${tone} alert`}>
              <Text as="p">Sample description for the {tone} colour set.</Text>
            </Alert>
          ))}
        </Stack>
      </Demo>
      <Demo title="Dismissible">
        <Stack gap={1}>
          {alertTones
            .filter((tone) => !dismissed.includes(tone))
            .map((tone) => (
              <Alert
                key={tone}
                tone={tone}
                title={`Dismissible ${tone} alert`}
                onClose={() => setDismissed((d) => [...d, tone])}
              />
            ))}
          {dismissed.length > 0 ? (
            <div>
              <Button variant="secondary" onClick={() => setDismissed([])}>
                Show dismissed alerts again
              </Button>
            </div>
          ) : null}
        </Stack>
      </Demo>
    </>
  );
}
