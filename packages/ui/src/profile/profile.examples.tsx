import { Button, Profile } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Profile page. */
export const profileGallery: GalleryEntry = {
  name: 'Profile',
  introduction: "A person's avatar, name and details.",
};

/** Profile demo.  */
export function ProfileExamples() {
  return (
    <>
      <Demo title="With details">
        <Profile
          givenName="Amelia"
          familyName="Nguyen"
          subtitle="General practitioner"
          details={[
            { label: 'Email', value: 'amelia.nguyen@example.com' },
            { label: 'Phone', value: '0400 000 000' },
            { label: 'HPI-I', value: '8003 6100 0000 0000' },
          ]}
          actions={<Button variant="secondary">Edit profile</Button>}
        />
      </Demo>
      <Demo title="Family name only">
        <Profile familyName="Papadopoulos" headingLevel="h3" />
      </Demo>
    </>
  );
}
