import { Text, TimePicker } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Time picker page. */
export const timePickerGallery: GalleryEntry = {
  name: 'Time picker',
  introduction: 'Type a time or choose one. Options are every 1800 seconds from 00:00 to 23:59.',
};

/** Time picker demo.  */
export function TimePickerExamples() {
  const [open, setOpen] = useState<string | null>('09:00');
  const [close, setClose] = useState<string | null>('');
  const [lunch, setLunch] = useState<string | null>('');
  return (
    <>
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
    </>
  );
}
