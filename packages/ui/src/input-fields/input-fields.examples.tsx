import { FormStack } from '@ag.ds-next/react/form-stack';
import { Stack } from '@ag.ds-next/react/stack';
import {
  AutocompleteField,
  MultiCombobox,
  NumberField,
  SelectField,
  Text,
  TextField,
  TextareaField,
  type ComboboxOption,
} from '@pca/ui';
import { RichTextEditor } from './rich-text-editor.tsx';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Input fields page. */
export const inputFieldsGallery: GalleryEntry = {
  name: 'Input fields',
  introduction: 'Labelled fields with hints, errors and limits.',
};

/** Sample localities for the autocomplete demo (sample data only). */
const sampleLocalities: ComboboxOption[] = [
  'Adelaide SA 5000',
  'Alice Springs NT 0870',
  'Ballarat VIC 3350',
  'Brisbane City QLD 4000',
  'Canberra ACT 2600',
  'Darwin City NT 0800',
  'Geelong VIC 3220',
  'Hobart TAS 7000',
  'Melbourne VIC 3000',
  'Newcastle NSW 2300',
  'Perth WA 6000',
  'Surry Hills NSW 2010',
  'Sydney NSW 2000',
  'Townsville City QLD 4810',
  'Wollongong NSW 2500',
].map((label) => ({ value: label, label }));

/** Searches the sample localities after a short simulated delay, honouring cancellation. */
function searchLocalities(query: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const q = query.toLowerCase();
      resolve(sampleLocalities.filter((o) => o.label.toLowerCase().includes(q)));
    }, 150);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** Input fields demo.  */
export function InputFieldsExamples() {
  const [name, setName] = useState('');
  const [served, setServed] = useState<string[]>(['Surry Hills NSW 2010']);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [hpii, setHpii] = useState('');
  const [state, setState] = useState('');
  const [locality, setLocality] = useState<ComboboxOption | null>(null);
  const [notes, setNotes] = useState('');
  const [rich, setRich] = useState('');
  return (
    <>
      <Demo title="Text, email and phone">
        <FormStack>
          <TextField
            label="Given name"
            required
            value={name}
            onValueChange={setName}
            maxLength={100}
          />
          <TextField
            label="Email"
            type="email"
            hint="We will send a confirmation link"
            value={email}
            onValueChange={setEmail}
            maxLength={100}
          />
          <TextField
            label="Phone"
            type="tel"
            value={phone}
            onValueChange={setPhone}
            maxLength={100}
          />
          <TextField
            label="Email with an error"
            type="email"
            value="not-an-email"
            onValueChange={() => undefined}
            message="Enter an email address in the correct format, like name@example.com"
          />
          <TextField label="Disabled field" value="Cannot change" disabled />
        </FormStack>
      </Demo>
      <Demo title="Number with maximum length">
        <NumberField
          label="HPI-I"
          hint="16 digits"
          value={hpii}
          onValueChange={setHpii}
          maxLength={16}
        />
      </Demo>
      <Demo title="Select">
        <SelectField
          label="State or territory"
          value={state}
          onValueChange={setState}
          options={[
            { value: 'ACT', label: 'Australian Capital Territory' },
            { value: 'NSW', label: 'New South Wales' },
            { value: 'NT', label: 'Northern Territory' },
            { value: 'QLD', label: 'Queensland' },
            { value: 'SA', label: 'South Australia' },
            { value: 'TAS', label: 'Tasmania' },
            { value: 'VIC', label: 'Victoria' },
            { value: 'WA', label: 'Western Australia' },
          ]}
        />
      </Demo>
      <Demo title="Autocomplete (minimum 3 characters, 500 ms debounce)">
        <Stack gap={1}>
          <AutocompleteField
            label="Suburb"
            loadOptions={searchLocalities}
            value={locality}
            onChange={setLocality}
            minChars={3}
            debounceMs={500}
          />
          <Text as="p">{`Selected: ${locality?.label ?? 'none'}`}</Text>
        </Stack>
      </Demo>
      <Demo title="Several picked from a list">
        <MultiCombobox
          label="Suburbs served"
          hint="Type part of the name, then choose from the list"
          options={sampleLocalities}
          value={served}
          onChange={setServed}
        />
      </Demo>
      <Demo title="Textarea">
        <TextareaField label="Notes" value={notes} onValueChange={setNotes} maxLength={200} />
      </Demo>
      <Demo title="Rich text editor (maximum 500 characters)">
        <RichTextEditor
          label="Service description"
          hint="Bold, italic, underline and lists are allowed"
          maxLength={500}
          defaultValue="<p>We offer <strong>bulk-billed</strong> appointments.</p>"
          onChange={setRich}
        />
        <Text as="p" fontSize="sm">{`Sanitised output: ${rich.length} characters of HTML`}</Text>
      </Demo>
    </>
  );
}
