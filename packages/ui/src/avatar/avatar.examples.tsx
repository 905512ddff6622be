import { Flex } from '@ag.ds-next/react/flex';
import { Stack } from '@ag.ds-next/react/stack';
import { Avatar, avatarSizes, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Avatar page. */
export const avatarGallery: GalleryEntry = {
  name: 'Avatar',
  introduction:
    "A person's photo, or a ball with their initials (first letter of the given name and of the family name).",
};

const people = [
  { givenName: 'Amelia', familyName: 'Nguyen' },
  { givenName: 'Oliver', familyName: 'Smith' },
  { givenName: null, familyName: 'Papadopoulos' },
];

/** A neutral grey silhouette, so the photo demo needs no external image. */
const samplePhoto =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#cfd8e3"/><circle cx="32" cy="24" r="12" fill="#6b7a8f"/><rect x="12" y="40" width="40" height="24" rx="12" fill="#6b7a8f"/></svg>',
  );

/** Avatar demo: sizes xs to xl, initials balls and a photo.  */
export function AvatarExamples() {
  return (
    <>
      <Demo title="Sizes">
        <Flex
          as="ul"
          gap={1.5}
          alignItems="flex-end"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {avatarSizes.map((size) => (
            <li key={size}>
              <Stack gap={0.5} alignItems="center">
                <Avatar givenName="Amelia" familyName="Nguyen" size={size} />
                <Text fontSize="sm">{size}</Text>
              </Stack>
            </li>
          ))}
        </Flex>
      </Demo>
      <Demo title="Initials balls">
        <Flex gap={1}>
          {people.map((p) => (
            <Avatar
              key={p.familyName}
              givenName={p.givenName}
              familyName={p.familyName}
              size="lg"
            />
          ))}
        </Flex>
      </Demo>
      <Demo title="Photo">
        <Flex gap={1} alignItems="flex-end">
          {avatarSizes.map((size) => (
            <Avatar
              key={size}
              givenName="Oliver"
              familyName="Smith"
              photo={samplePhoto}
              size={size}
            />
          ))}
        </Flex>
      </Demo>
    </>
  );
}
