import type { DelegateCandidate } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { AutocompleteField } from '@pca/ui/input-fields/autocomplete-field.tsx';
import { DelegateCard } from './delegate-card.tsx';

/** Props of ChooseConnection. */
export type ChooseConnectionProps = {
  /** The caller's connections (practice or business managers linked to them); undefined while loading. */
  users: DelegateCandidate[] | undefined;
  /** The connections could not be loaded. */
  loadFailed: boolean;
  /** The connection chosen, if any. */
  connection: DelegateCandidate | null;
  /** Called with the connection chosen, or null when the card's close control removes it. */
  onChange: (connection: DelegateCandidate | null) => void;
};

/**
 * Step 1 by connections (docs/product/features.md#delegation): a type-ahead that filters the connections by full
 * name, leaving out the one already chosen, which shows in a card with a close control.
 */
export function ChooseConnection({
  users,
  loadFailed,
  connection,
  onChange,
}: ChooseConnectionProps) {
  const list = users ?? [];
  return (
    <Stack gap={1}>
      <AutocompleteField
        label="Type a name"
        required
        hint={
          loadFailed
            ? 'Your connections could not be loaded. Try again later, or invite someone'
            : users && list.length === 0
              ? 'You have no connections who are not already your delegates: invite someone instead'
              : 'Practice or business managers linked to you'
        }
        minChars={1}
        debounceMs={200}
        value={null}
        loadOptions={async (query) => {
          const q = query.trim().toLowerCase();
          return list
            .filter((u) => u.id !== connection?.id)
            .filter((u) => `${u.givenName} ${u.familyName}`.toLowerCase().includes(q))
            .map((u) => ({ value: u.id, label: `${u.givenName} ${u.familyName}` }));
        }}
        onChange={(option) => {
          // Typing again does not drop the chosen person: only the card's close control does.
          if (option) onChange(list.find((u) => u.id === option.value) ?? null);
        }}
      />
      {connection ? <DelegateCard user={connection} onRemove={() => onChange(null)} /> : null}
    </Stack>
  );
}
