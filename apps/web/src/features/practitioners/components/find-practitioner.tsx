import { useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { SectionAlert } from '@pca/ui/primitives/section-alert.ts';
import { hiServiceMessages, type PractitionerSummary } from '@pca/contracts/practitioners.ts';
import { constants } from '@pca/contracts/constants.ts';
import { Button, H2, NumberField, Text, TextField } from '@pca/ui';
import { useLookupHpii } from '../api/lookup-hpii.ts';
import { useSearchPractitioners } from '../api/search-practitioners.ts';

const constantsHpiiLength = constants.hpiiLength;

/** The practitioner a new role is for: known to the portal (id) or confirmed by the HI Service (HPI-I). */
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

/** Finds a practitioner by HPI-I through the HI Service, or by name among known practitioners. */
export function FindPractitioner({ onChoose }: FindPractitionerProps) {
  const [hpii, setHpii] = useState('');
  const [hpiiError, setHpiiError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const lookup = useLookupHpii();
  const search = useSearchPractitioners();

  const lookUp = () => {
    if (hpii.length !== constantsHpiiLength) {
      setHpiiError('Enter the 16-digit HPI-I');
      return;
    }
    setHpiiError(undefined);
    lookup.mutate(hpii);
  };
  const searchByName = () => {
    if (name.trim().length < 2) {
      setNameError('Enter at least 2 letters of the name');
      return;
    }
    setNameError(undefined);
    search.mutate(name.trim());
  };
  const found = lookup.data;

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H2>Find by HPI-I</H2>
        <Flex gap={1} alignItems="flex-end" flexWrap="wrap">
          <NumberField
            id="find-hpii"
            label="HPI-I"
            hideOptionalLabel
            hint="The practitioner's 16-digit Healthcare Provider Identifier – Individual"
            maxLength={constantsHpiiLength}
            value={hpii}
            onValueChange={setHpii}
            message={hpiiError}
          />
          <Button
            variant="secondary"
            onClick={lookUp}
            loading={lookup.isPending}
            loadingLabel="Searching"
          >
            Search HPI-I
          </Button>
        </Flex>
        <div aria-live="polite">
          {lookup.isError ? (
            <SectionAlert
              tone="error"
              title="The HI Service could not be reached. Please try again."
            />
          ) : found && found.status !== 'SUCCESS' ? (
            <SectionAlert tone="error" title={hiServiceMessages[found.status]} />
          ) : found ? (
            <SectionAlert tone="success" title={`Found ${found.familyName}, ${found.givenName}`}>
              <Text as="p">
                HPI-I {found.hpii} is active in the Healthcare Identifiers Service.
              </Text>
              <div style={{ marginTop: '0.5rem' }}>
                <Button
                  size="sm"
                  onClick={() =>
                    onChoose({
                      givenName: found.givenName ?? '',
                      familyName: found.familyName ?? '',
                      hpii: found.practitionerId ? null : found.hpii,
                      practitionerId: found.practitionerId,
                    })
                  }
                >
                  Choose {found.givenName} {found.familyName}
                </Button>
              </div>
            </SectionAlert>
          ) : null}
        </div>
      </Stack>

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
