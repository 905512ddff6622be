import { Stack } from '@ag.ds-next/react/stack';
import { Checkbox, CheckboxGroup } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Checkbox page. */
export const checkboxGallery: GalleryEntry = {
  name: 'Checkbox',
  introduction: 'Single checkboxes and groups.',
};

/** Checkbox demo.  */
export function CheckboxExamples() {
  const [agree, setAgree] = useState(false);
  const [methods, setMethods] = useState<string[]>(['email']);
  return (
    <>
      <Demo title="Single">
        <Stack gap={1}>
          <Checkbox checked={agree} onCheckedChange={setAgree}>
            I agree to the terms of use
          </Checkbox>
          <Checkbox checked disabled>
            Disabled and checked
          </Checkbox>
          <Checkbox indeterminate checked={false}>
            Indeterminate
          </Checkbox>
          <Checkbox invalid>Invalid</Checkbox>
        </Stack>
      </Demo>
      <Demo title="Group">
        <CheckboxGroup
          label="Contact methods"
          hint="Choose all that apply"
          options={[
            { value: 'email', label: 'Email' },
            { value: 'phone', label: 'Phone' },
            { value: 'post', label: 'Post', disabled: true },
          ]}
          value={methods}
          onChange={setMethods}
        />
      </Demo>
      <Demo title="Group with an error">
        <CheckboxGroup
          label="Services offered"
          message="Choose at least one service"
          options={[
            { value: 'gp', label: 'General practice' },
            { value: 'tele', label: 'Telehealth' },
          ]}
          value={[]}
          onChange={() => undefined}
        />
      </Demo>
    </>
  );
}
