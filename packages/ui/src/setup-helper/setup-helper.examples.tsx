import { Stack } from '@ag.ds-next/react/stack';
import { SetupHelper, SetupHelperTile, setupHelperStates } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Setup helper page. */
export const setupHelperGallery: GalleryEntry = {
  name: 'Setup helper',
  introduction: 'Tiles guide a new user through setting up their account.',
};

/** Setup-helper demo: the five tile states.  */
export function SetupHelperExamples() {
  return (
    <>
      <Demo title="Tile states">
        <SetupHelper
          label="Set up your account"
          tiles={[
            {
              title: 'Confirm your email',
              description: 'State: complete',
              state: 'complete',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Add your HPI-I',
              description: 'State: partial',
              state: 'partial',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Add your photo',
              description: 'State: incomplete',
              state: 'incomplete',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Invite a delegate',
              description: 'State: default',
              state: 'default',
              href: '/design-system/setup-helper',
            },
            { title: 'Publish your details', description: 'State: inactive', state: 'inactive' },
          ]}
        />
      </Demo>
      <Demo title="Single tiles">
        <Stack gap={1}>
          {setupHelperStates.map((state) => (
            <SetupHelperTile
              key={state}
              title={`Tile in the ${state} state`}
              state={state}
              href={state === 'inactive' ? undefined : '/design-system/setup-helper'}
            />
          ))}
        </Stack>
      </Demo>
    </>
  );
}
