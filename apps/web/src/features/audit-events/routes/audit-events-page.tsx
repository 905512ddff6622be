import { useState } from 'react';
import {
  auditEntityTypes,
  type AuditEntityFilter,
  type AuditEventsPage as Page,
} from '@pca/contracts/audit-events.ts';
import { auditEventsMessages } from '@pca/contracts/audit-events-paths.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Columns, Column } from '@pca/ui/primitives/columns.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextInput } from '@pca/ui/primitives/text-input.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { QueryView } from '#lib/query-view.tsx';
import {
  downloadAuditCsv,
  noFilters,
  useAuditActors,
  useAuditEvents,
  type AuditFilters,
} from '../api/audit-events.ts';
import { AuditEventsTable } from '../components/audit-events-table.tsx';

const ANY = '';
const entityOptions = [
  { value: ANY, label: 'All' },
  ...Object.entries(auditEntityTypes)
    .map(([value, { label }]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-AU')),
];

/** What the page says the trail holds: the caller's own, or the practitioner they manage. */
function introOf(trail: Page['trailOf'] | undefined): string {
  if (trail?.kind === 'managed')
    return `Changes to ${trail.name}'s details, made by them and by their delegates. Everything is recorded as it happens and cannot be changed.`;
  return 'Changes you made, changes your delegates made for you, and changes to the businesses you manage. Everything is recorded as it happens and cannot be changed.';
}

/**
 * The audit-events page (docs/product/audit-events.md): the caller's trail newest first, filtered by
 * days, entity and person, a page at a time (Newer / Older follow the API's cursor), and the filtered
 * trail as a CSV file.
 */
export function AuditEventsPage() {
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  // The cursors of the pages before the one shown: Older pushes, Newer pops.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const datesInOrder = !filters.from || !filters.to || filters.from <= filters.to;
  const events = useAuditEvents(filters, cursor, datesInOrder);
  const actors = useAuditActors();
  const [download, setDownload] = useState<{ busy: boolean; error: unknown }>({
    busy: false,
    error: null,
  });

  const change = (next: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setCursors([null]);
  };
  const filtered = Object.values(filters).some(Boolean);

  async function onDownload() {
    setDownload({ busy: true, error: null });
    try {
      await downloadAuditCsv(filters);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error });
    }
  }

  return (
    <Stack gap={2}>
      <H1>Audit events</H1>
      <Text as="p">{introOf(events.data?.trailOf)}</Text>

      <Columns
        as="form"
        role="search"
        aria-label="Filter audit events"
        onSubmit={(e) => e.preventDefault()}
      >
        <Column columnSpan={{ xs: 12, sm: 6, lg: 3 }}>
          <TextInput
            type="date"
            label="From"
            hideOptionalLabel
            maxWidth="xl"
            value={filters.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </Column>
        <Column columnSpan={{ xs: 12, sm: 6, lg: 3 }}>
          <TextInput
            type="date"
            label="To"
            hideOptionalLabel
            maxWidth="xl"
            value={filters.to}
            invalid={!datesInOrder}
            message={datesInOrder ? undefined : auditEventsMessages.dateOrder}
            onChange={(e) => change({ to: e.target.value })}
          />
        </Column>
        <Column columnSpan={{ xs: 12, sm: 6, lg: 3 }}>
          <SelectField
            label="Entity"
            hideOptionalLabel
            maxWidth="xl"
            placeholder=""
            options={entityOptions}
            value={filters.entity}
            onValueChange={(value) => change({ entity: value as AuditEntityFilter | '' })}
          />
        </Column>
        <Column columnSpan={{ xs: 12, sm: 6, lg: 3 }}>
          <SelectField
            label="Changed by"
            hideOptionalLabel
            maxWidth="xl"
            placeholder={actors.isPending ? 'Loading..' : ''}
            options={[
              { value: ANY, label: 'Anyone' },
              ...(actors.data?.actors ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            value={filters.actor}
            onValueChange={(value) => change({ actor: value })}
          />
        </Column>
      </Columns>

      <ButtonGroup>
        <Button
          variant="secondary"
          onClick={() => void onDownload()}
          loading={download.busy}
          loadingLabel="Preparing the file"
          disabled={!datesInOrder}
        >
          Download CSV
        </Button>
        {filtered ? (
          <Button variant="tertiary" onClick={() => change(noFilters)}>
            Clear filters
          </Button>
        ) : null}
      </ButtonGroup>
      {download.error ? (
        <ApiErrorAlert
          error={download.error}
          thing="the audit events file"
          onRetry={() => void onDownload()}
          logMessage="Audit events CSV failed to download"
        />
      ) : null}

      {datesInOrder ? (
        <QueryView
          query={events}
          thing="the audit events"
          logMessage="Audit events failed to load"
          loading={<Loading message="Loading audit events" />}
        >
          {(page) =>
            page.items.length === 0 && cursors.length === 1 ? (
              <Text as="p" role="status">
                {filtered ? auditEventsMessages.noneMatch : auditEventsMessages.emptyTrail}
              </Text>
            ) : (
              <Stack gap={1} aria-busy={events.isFetching}>
                <Text as="p" role="status">
                  {`Page ${cursors.length}: ${page.items.length} ${page.items.length === 1 ? 'event' : 'events'}, newest first`}
                </Text>
                <AuditEventsTable items={page.items} />
                {cursors.length > 1 || page.nextCursor ? (
                  <ButtonGroup>
                    <Button
                      variant="tertiary"
                      disabled={cursors.length === 1}
                      onClick={() => setCursors((c) => c.slice(0, -1))}
                    >
                      Newer
                    </Button>
                    <Button
                      variant="tertiary"
                      disabled={!page.nextCursor}
                      onClick={() => setCursors((c) => [...c, page.nextCursor])}
                    >
                      Older
                    </Button>
                  </ButtonGroup>
                ) : null}
              </Stack>
            )
          }
        </QueryView>
      ) : null}
    </Stack>
  );
}

export { AuditEventsPage as Component };
