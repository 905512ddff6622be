import { useState } from 'react';
import { terminologyValueSets, type TerminologyConcept, type UnmatchedTerm } from '@pca/contracts';
import { Button } from '@pca/ui/button/button.tsx';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useOutcomeAlert } from '#lib/outcome-alert.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useTerminologyConcepts } from '#lib/terminology-concepts.ts';
import { useMapTerm, useUnmatchedTerms } from '../api/terminology.ts';

const count = (n: number) => `${n.toLocaleString('en-AU')} ${n === 1 ? 'record' : 'records'}`;

/** One unmatched text: pick the concept it means and map it. */
function MapControl({
  term,
  concepts,
  onMapped,
}: {
  term: UnmatchedTerm;
  concepts: TerminologyConcept[];
  onMapped: (display: string) => void;
}) {
  const [conceptId, setConceptId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const map = useMapTerm();
  const label = `Code for “${term.text}”`;
  return (
    <Flex gap={0.5} alignItems="flex-end" flexWrap="wrap">
      <SelectField
        label={label}
        required
        maxWidth="md"
        value={conceptId}
        message={error}
        options={concepts.map((c) => ({ value: c.id, label: `${c.display} (${c.code})` }))}
        onValueChange={setConceptId}
      />
      <Button
        variant="secondary"
        loading={map.isPending}
        aria-label={`Map “${term.text}”`}
        onClick={() => {
          if (!conceptId) {
            setError('Select the code this text means');
            return;
          }
          setError(undefined);
          map.mutate(
            { valueSet: term.valueSet, text: term.text, conceptId },
            {
              onSuccess: () => onMapped(concepts.find((c) => c.id === conceptId)?.display ?? ''),
              onError: (e) =>
                setError(
                  describeApiErrorText(e, {
                    thing: 'the mapping',
                    action: 'save',
                    askWhom: 'a Provider Connect Australia operator',
                  }),
                ),
            },
          );
        }}
      >
        Map
      </Button>
    </Flex>
  );
}

/**
 * Terminology: unmatched (PcaOperator, docs/product/terminology.md): the service types and practitioner role
 * types in use that match no SNOMED CT-AU concept, most used first; mapping one codes every record with that
 * text for partners at once.
 */
export function UnmatchedPage() {
  const query = useUnmatchedTerms();
  const serviceTypes = useTerminologyConcepts('service-type');
  const roles = useTerminologyConcepts('practitioner-role');
  const { report, alert } = useOutcomeAlert();
  const conceptsOf = (term: UnmatchedTerm) =>
    (term.valueSet === 'service-type' ? serviceTypes.data : roles.data)?.concepts ?? [];

  const columns: DataTableColumn<UnmatchedTerm>[] = [
    { key: 'text', header: 'Text', render: (u) => u.text },
    { key: 'count', header: 'Used by', render: (u) => count(u.count) },
    {
      key: 'map',
      header: 'Map to a code',
      render: (u) => (
        <MapControl
          term={u}
          concepts={conceptsOf(u)}
          onMapped={(display) =>
            report({
              tone: 'success',
              title: `“${u.text}” is mapped to ${display}`,
              detail: `Partners now receive its code on ${count(u.count)}.`,
            })
          }
        />
      ),
    },
  ];

  return (
    <Stack gap={1.5}>
      <H1>Terminology: unmatched</H1>
      <Text as="p">
        Partners receive each healthcare service type and practitioner role with its SNOMED CT-AU
        code. These texts match no code yet, so partners receive the text alone. Map each to the
        code it means: every record with that text is coded at once.
      </Text>
      {alert}
      <QueryView
        query={query}
        loading={<PageLoading label="Loading unmatched texts" minHeight="8rem" />}
        thing="the unmatched texts"
        askWhom="a Provider Connect Australia operator"
      >
        {({ terms, matched }) => (
          <Stack gap={2}>
            {(['service-type', 'practitioner-role'] as const).map((valueSet) => {
              const rows = terms.filter((t) => t.valueSet === valueSet);
              const heading = `${terminologyValueSets[valueSet].label}s`;
              return (
                <Stack key={valueSet} gap={1}>
                  <H2>{heading}</H2>
                  <Text as="p">
                    {count(matched[valueSet] ?? 0)} coded;{' '}
                    {rows.length === 0
                      ? 'every text in use matches a code.'
                      : `${rows.length.toLocaleString('en-AU')} ${rows.length === 1 ? 'text' : 'texts'} unmatched.`}
                  </Text>
                  {rows.length > 0 ? (
                    <ResponsiveTable
                      caption={`Unmatched ${heading.toLowerCase()}`}
                      label={`Unmatched ${heading.toLowerCase()}`}
                      columns={columns}
                      rows={rows}
                      rowKey={(u) => `${u.valueSet}/${u.text}`}
                    />
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export { UnmatchedPage as Component };
