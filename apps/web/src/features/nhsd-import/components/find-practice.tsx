import { useEffect, useRef, useState } from 'react';
import {
  NhsdFindRequest,
  type LocalityCompletion,
  type NhsdAppliesTo,
  type NhsdOrganisationName,
} from '@pca/contracts';
import { nhsdConstants, nhsdMessages } from '@pca/contracts/nhsd-import-paths.ts';
import { AutocompleteField } from '@pca/ui/input-fields/autocomplete-field.tsx';
import type { ComboboxOption } from '@pca/ui/input-fields/combobox.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ErrorSummary, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { searchCoverageAreas, useFindServices } from '../api/nhsd-import.ts';
import {
  chosenAreaOf,
  nhsdErrorText,
  type ChosenArea,
  type SearchAnswer,
} from '../wizard-state.ts';

/** Props of FindPractice. */
export type FindPracticeProps = {
  appliesTo: NhsdAppliesTo;
  area: ChosenArea | null;
  onArea: (area: ChosenArea | null) => void;
  /** The last search's answer, for the practice-or-business autocomplete (si). */
  search: SearchAnswer | null;
  onSearched: (search: SearchAnswer) => void;
  practice: NhsdOrganisationName | null;
  onPractice: (practice: NhsdOrganisationName | null) => void;
  /** Called as a search starts (the page clears its success alert). */
  onSearchStart: () => void;
};

const practiceOption = (p: NhsdOrganisationName): ComboboxOption => ({
  value: JSON.stringify([p.organisationName, p.addressText]),
  label: `${p.organisationName}, ${p.addressText}`,
});

/**
 * Step 2, find the practice (docs/product/features.md#nhsd-import): a suburb or postcode (si, one coverage area
 * at a time, chosen from completions after 3 characters and 500 ms) or a practice or business name of at least 3
 * characters (home, virtual), then 'Find practice or business'. A search that finds nothing puts its message on
 * the field; after a physical search, a practice-or-business autocomplete narrows the results.
 */
export function FindPractice({
  appliesTo,
  area,
  onArea,
  search,
  onSearched,
  practice,
  onPractice,
  onSearchStart,
}: FindPracticeProps) {
  const fieldId = useFieldId();
  const find = useFindServices();
  const form = useSchemaForm(NhsdFindRequest, {
    defaultValues: { appliesTo, name: '', suburb: '', postcode: '', state: '' },
    reValidateMode: 'onSubmit',
  });
  const [nameTouched, setNameTouched] = useState(false);
  // Each answer starts the practice-or-business autocomplete again.
  const [answers, setAnswers] = useState(0);
  const name = form.watch('name') ?? '';
  const physical = appliesTo === 'si';
  const searching = find.isPending;
  const canSearch = !searching && (physical ? area !== null : name.trim().length >= 3);

  // Completions by id, so a chosen option gives back its locality.
  const completions = useRef(new Map<string, LocalityCompletion>());
  // The autocomplete starts again empty once an area is chosen (the area shows as a chip below it).
  const [areaFieldKey, setAreaFieldKey] = useState(0);
  const areaInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (areaFieldKey > 0) areaInput.current?.focus();
  }, [areaFieldKey]);

  const chooseArea = (value: ChosenArea | null) => {
    onArea(value);
    form.setValue('suburb', value?.suburb ?? '');
    form.setValue('postcode', value?.postcode ?? '');
    form.setValue('state', (value?.state ?? '') as never);
    form.clearErrors();
  };

  const submit = form.handleSubmit((values) => {
    onSearchStart();
    find.mutate(
      {
        appliesTo,
        name: physical ? '' : values.name.trim(),
        suburb: physical ? values.suburb : '',
        postcode: physical ? values.postcode : '',
        state: physical ? values.state : '',
      },
      {
        onSuccess: (result) => {
          onSearched({ appliesTo, result });
          setAnswers((n) => n + 1);
          if (result.services.length === 0)
            form.setError(physical ? 'suburb' : 'name', {
              message: physical ? nhsdMessages.addressNotFound : nhsdMessages.nameNotFound,
            });
        },
      },
    );
  });

  const nameMessage =
    form.formState.errors.name?.message ??
    (nameTouched && name.trim().length > 0 && name.trim().length < nhsdConstants.minSearchChars
      ? nhsdMessages.nameTooShort
      : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Find practice or business"
    >
      <Stack gap={1.5}>
        <ErrorSummary
          form={form}
          fieldId={fieldId}

          serverError={find.error}
          message={
            find.isError
              ? nhsdErrorText(find.error, nhsdMessages.searchError, 'NHSD services')
              : null
          }
        />
        {physical ? (
          <Stack gap={0.75}>
            <AutocompleteField
              key={areaFieldKey}
              id={fieldId('suburb')}
              ref={areaInput}
              label="Suburb or postcode"
              hint="Choose one suburb or postcode"
              required
              minChars={nhsdConstants.minSearchChars}
              debounceMs={nhsdConstants.autocompleteDebounceMs}
              message={form.formState.errors.suburb?.message}
              value={null}
              onChange={(option) => {
                const chosen = option ? completions.current.get(option.value) : undefined;
                if (!chosen) return;
                chooseArea(chosenAreaOf(chosen));
                setAreaFieldKey((k) => k + 1);
              }}
              loadOptions={async (q, signal) => {
                const found = await searchCoverageAreas(q, area?.id ?? null, signal);
                for (const l of found) completions.current.set(l.id, l);
                return found.map((l) => ({ value: l.id, label: l.fullLocation }));
              }}
            />
            {area ? (
              <Stack gap={0.25}>
                <Text as="p" fontSize="sm" color="muted">
                  Coverage area
                </Text>
                <div>
                  <Chip
                    tone="secondary"
                    label={area.fullLocation}
                    onRemove={() => {
                      chooseArea(null);
                      areaInput.current?.focus();
                    }}
                  >
                    {area.fullLocation}
                  </Chip>
                </div>
              </Stack>
            ) : null}
          </Stack>
        ) : (
          <FormTextField
            control={form.control}
            name="name"
            fieldId={fieldId}
            label="Practice or business name"
            hint="At least 3 characters"
            required
            maxLength={200}
            onValueChange={() => {
              if (form.formState.errors.name) form.clearErrors('name');
            }}
            onBlur={() => setNameTouched(true)}
            message={nameMessage}
          />
        )}
        <div>
          <Button type="submit" disabled={!canSearch} loading={searching} loadingLabel="Searching">
            Find practice or business
          </Button>
        </div>
        {physical && search && search.result.organisationNames.length > 0 ? (
          <AutocompleteField
            key={answers}
            id={fieldId('practice')}
            label="Practice or business"
            hint="Narrow the results to one practice or business found"
            minChars={nhsdConstants.minOrganisationNameChars}
            debounceMs={0}
            value={practice ? practiceOption(practice) : null}
            onChange={(option) => {
              if (!option) {
                if (practice) onPractice(null);
                return;
              }
              const [organisationName = '', addressText = ''] = JSON.parse(
                option.value,
              ) as string[];
              onPractice({ organisationName, addressText });
            }}
            loadOptions={(q) => {
              const text = q.toLowerCase();
              return Promise.resolve(
                search.result.organisationNames
                  .filter((p) =>
                    `${p.organisationName} ${p.addressText}`.toLowerCase().includes(text),
                  )
                  .map(practiceOption),
              );
            }}
          />
        ) : null}
      </Stack>
    </form>
  );
}
