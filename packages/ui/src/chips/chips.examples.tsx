import { Chip, ChipList, colourSets } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Chips page. */
export const chipsGallery: GalleryEntry = {
  name: 'Chips',
  introduction:
    'Small labels in the colour sets neutral, secondary, tertiary, warning, success and error.',
};

/** Chips demo: colour sets and removable chips.  */
export function ChipsExamples() {
  const [chips, setChips] = useState(['Cardiology', 'General practice', 'Telehealth']);
  return (
    <>
      <Demo title="Colour sets">
        <ChipList label="Colour sets">
          {colourSets.map((tone) => (
            <Chip key={tone} tone={tone}>
              {tone}
            </Chip>
          ))}
        </ChipList>
      </Demo>
      <Demo title="Removable">
        <ChipList label="Specialties">
          {chips.map((chip) => (
            <Chip
              key={chip}
              tone="tertiary"
              onRemove={() => setChips((c) => c.filter((x) => x !== chip))}
            >
              {chip}
            </Chip>
          ))}
        </ChipList>
      </Demo>
    </>
  );
}
