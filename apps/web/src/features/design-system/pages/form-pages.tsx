import { useState } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { FormStack } from '@ag.ds-next/react/form-stack';
import {
  AutocompleteField,
  Checkbox,
  CheckboxGroup,
  NumberField,
  RadioGroup,
  RichTextEditor,
  SelectField,
  Text,
  TextField,
  TextareaField,
  TimePicker,
  Toggle,
  type ComboboxOption,
} from '@pca/ui';
import { GalleryPage, Demo } from '../gallery-page.tsx';

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

/** Input fields demo. */
export function InputFieldsPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [hpii, setHpii] = useState('');
  const [state, setState] = useState('');
  const [locality, setLocality] = useState<ComboboxOption | null>(null);
  const [notes, setNotes] = useState('');
  const [rich, setRich] = useState('');
  return (
    <GalleryPage name="Input fields" introduction="Labelled fields with hints, errors and limits.">
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
    </GalleryPage>
  );
}

/** Checkbox demo. */
export function CheckboxPage() {
  const [agree, setAgree] = useState(false);
  const [methods, setMethods] = useState<string[]>(['email']);
  return (
    <GalleryPage name="Checkbox" introduction="Single checkboxes and groups.">
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
    </GalleryPage>
  );
}

/** Radio demo. */
export function RadioPage() {
  const [type, setType] = useState<string | undefined>('si');
  const [inline, setInline] = useState<string | undefined>(undefined);
  return (
    <GalleryPage name="Radio" introduction="Choose one option. Arrow keys move between options.">
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
    </GalleryPage>
  );
}

/** Toggle demo. */
export function TogglePage() {
  const [helper, setHelper] = useState(true);
  const [small, setSmall] = useState(false);
  return (
    <GalleryPage name="Toggle" introduction="On/off switches. Space toggles them.">
      <Demo title="Sizes and states">
        <Stack gap={1}>
          <Toggle label="Show the setup helper" checked={helper} onChange={setHelper} />
          <Toggle label="Email me about new tasks" size="sm" checked={small} onChange={setSmall} />
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

/** Time picker demo. */
export function TimePickerPage() {
  const [open, setOpen] = useState<string | null>('09:00');
  const [close, setClose] = useState<string | null>('');
  const [lunch, setLunch] = useState<string | null>('');
  return (
    <GalleryPage
      name="Time picker"
      introduction="Type a time or choose one. Options are every 1800 seconds from 00:00 to 23:59."
    >
      <Demo title="Default interval and range">
        <TimePicker label="Opening time" value={open ?? ''} onChange={setOpen} />
        <Text as="p">{`Value: ${open === null ? 'not a valid time' : open || 'empty'}`}</Text>
      </Demo>
      <Demo title="Required">
        <TimePicker label="Closing time" required value={close ?? ''} onChange={setClose} />
      </Demo>
      <Demo title="Minimum and maximum, 15-minute interval">
        <TimePicker
          label="Lunch break starts"
          hint="Between 11:00 am and 2:00 pm"
          min="11:00"
          max="14:00"
          intervalSeconds={900}
          value={lunch ?? ''}
          onChange={setLunch}
        />
      </Demo>
    </GalleryPage>
  );
}
