import { useEffect, useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { SectionAlert } from '@pca/ui/primitives/section-alert.ts';
import {
  HpiiSearch,
  hpiiSearchMessages,
  type PractitionerSummary,
} from '@pca/contracts/practitioners.ts';
import { constants } from '@pca/contracts/constants.ts';
import { Button, H2, Text, TextField } from '@pca/ui';
import { ErrorSummary, FormNumberField, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { ApiError } from '#lib/http.ts';
import { useSearchHpii } from '../api/search-hpii.ts';
import { useSearchPractitioners } from '../api/search-practitioners.ts';

/**
 * The practitioner a new role is for: known to the portal (id), or matched by the HI Service (the HPI-I
 * with the names the user entered, which are all the portal then knows of them).
 */
export type ChosenPractitioner = {
  givenName: string;
  familyName: string;
  hpii: string | null;
  practitionerId: string | null;
};

/** Props of FindPractitioner. */
export type FindPractitionerProps = {
  /** Called with the practitioner the user chose. */
  onChoose: (practitioner: ChosenPractitioner) => void;
};

/** Why a search got no answer: too many searches (the API says how long to wait), or anything else. */
function searchFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 429)
    return {
      tone: 'warning' as const,
      title: 'Too many HPI-I searches',
      text: error.problem?.detail ?? 'Please wait a few minutes and try again.',
    };
  return { tone: 'error' as const, title: hpiiSearchMessages.error, text: null };
}

/**
 * Find by HPI-I (docs/decisions/055-hpii-lookup-and-managing-powers.md): the number with the family and
 * given names, as the HI Service's own search asks; the answer is match or no match, so the page shows
 * only what the user typed. Any edit makes the last answer stale, so it goes.
 */
function HpiiSearchForm({ onChoose }: FindPractitionerProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(HpiiSearch, {
    defaultValues: { hpii: '', familyName: '', givenName: '' },
  });
  const search = useSearchHpii();
  const { reset } = search;
  useEffect(() => {
    const subscription = form.watch(() => reset());
    return () => subscription.unsubscribe();
  }, [form, reset]);
  const searched = search.variables;
  const failure = search.isError ? searchFailure(search.error) : null;

  return (
    <Stack gap={1}>
      <H2>Find by HPI-I</H2>
      <Text as="p">
        Enter their HPI-I number with their names as the Healthcare Identifiers Service holds them.
        The search tells you only whether they match.
      </Text>
      <form
        noValidate
        aria-label="Find by HPI-I"
        onSubmit={form.handleSubmit((values) => search.mutate(values))}
      >
        <Stack gap={1}>
          <ErrorSummary form={form} fieldId={fieldId} />
          <FormNumberField
            control={form.control}
            name="hpii"
            fieldId={fieldId}
            label="HPI-I number"
            hint="Their 16-digit Healthcare Provider Identifier – Individual"
            required
            maxLength={constants.hpiiLength}
            maxWidth="md"
          />
          <FormTextField
            control={form.control}
            name="familyName"
            fieldId={fieldId}
            label="Family name"
            required
            maxLength={100}
            maxWidth="lg"
          />
          <FormTextField
            control={form.control}
            name="givenName"
            fieldId={fieldId}
            label="Given name"
            required
            maxLength={100}
            maxWidth="lg"
          />
          <div>
            <Button
              type="submit"
              variant="secondary"
              loading={search.isPending}
              loadingLabel="Searching"
            >
              Search HPI-I
            </Button>
          </div>
        </Stack>
      </form>
      <div aria-live="polite">
        {failure ? (
          <SectionAlert tone={failure.tone} title={failure.title}>
            {failure.text ? <Text as="p">{failure.text}</Text> : null}
          </SectionAlert>
        ) : search.data && searched && !search.data.match ? (
          <SectionAlert tone="error" title={hpiiSearchMessages.noMatchTitle}>
            <Text as="p">{hpiiSearchMessages.noMatch}</Text>
          </SectionAlert>
        ) : search.data && searched ? (
          <SectionAlert tone="success" title={hpiiSearchMessages.matchTitle}>
            <Text as="p">
              {hpiiSearchMessages.match(
                searched.hpii.trim(),
                `${searched.givenName.trim()} ${searched.familyName.trim()}`,
              )}
            </Text>
            <div style={{ marginTop: '0.5rem' }}>
              <Button
                size="sm"
                onClick={() =>
                  onChoose({
                    givenName: searched.givenName.trim(),
                    familyName: searched.familyName.trim(),
                    hpii: searched.hpii.trim(),
                    practitionerId: null,
                  })
                }
              >
                Choose {searched.givenName.trim()} {searched.familyName.trim()}
              </Button>
            </div>
          </SectionAlert>
        ) : null}
      </div>
    </Stack>
  );
}

/** Finds a practitioner by HPI-I and names through the HI Service, or by name among known practitioners. */
export function FindPractitioner({ onChoose }: FindPractitionerProps) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const search = useSearchPractitioners();

  const searchByName = () => {
    if (name.trim().length < 2) {
      setNameError('Enter at least 2 letters of the name');
      return;
    }
    setNameError(undefined);
    search.mutate(name.trim());
  };

  return (
    <Stack gap={2}>
      <HpiiSearchForm onChoose={onChoose} />

      <Stack gap={1}>
        <H2>Find by name</H2>
        <Flex gap={1} alignItems="flex-end" flexWrap="wrap">
          <TextField
            id="find-name"
            label="Practitioner name"
            hideOptionalLabel
            hint="Practitioners already working in your organisations"
            value={name}
            onValueChange={setName}
            message={nameError}
          />
          <Button
            variant="secondary"
            onClick={searchByName}
            loading={search.isPending}
            loadingLabel="Searching"
          >
            Search name
          </Button>
        </Flex>
        <div aria-live="polite">
          {search.isError ? (
            <SectionAlert tone="error" title="The search failed. Please try again." />
          ) : search.data && search.data.practitioners.length === 0 ? (
            <Text as="p">No practitioners found</Text>
          ) : search.data ? (
            <ul
              aria-label="Practitioners found"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {search.data.practitioners.map((p: PractitionerSummary) => (
                <li key={p.id} style={{ padding: '0.5rem 0' }}>
                  <Flex gap={1} alignItems="center" flexWrap="wrap">
                    <Text>
                      {p.familyName}, {p.givenName}
                      {p.hpiiIdentifier ? ` (HPI-I ${p.hpiiIdentifier})` : ''}
                    </Text>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Choose ${p.givenName} ${p.familyName}`}
                      onClick={() =>
                        onChoose({
                          givenName: p.givenName,
                          familyName: p.familyName,
                          hpii: null,
                          practitionerId: p.id,
                        })
                      }
                    >
                      Choose
                    </Button>
                  </Flex>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Stack>
    </Stack>
  );
}
