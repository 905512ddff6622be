import { RadioGroup } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Radio page. */
export const radioGallery: GalleryEntry = {
  name: 'Radio',
  introduction: 'Choose one option. Arrow keys move between options.',
};

/** Radio demo.  */
export function RadioExamples() {
  const [type, setType] = useState<string | undefined>('si');
  const [inline, setInline] = useState<string | undefined>(undefined);
  return (
    <>
      <Demo title="Stacked">
        <RadioGroup
          label="Business type"
          name="businessType"
          options={[
            { value: 'si', label: 'Site' },
            { value: 'home', label: 'Home visits' },
            { value: 'virtual', label: 'Virtual' },
          ]}
          value={type}
          onChange={setType}
        />
      </Demo>
      <Demo title="Inline with an error">
        <RadioGroup
          label="Are you a practitioner?"
          name="isPractitioner"
          block={false}
          required
          message={inline ? undefined : 'Select yes or no'}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          value={inline}
          onChange={setInline}
        />
      </Demo>
    </>
  );
}
