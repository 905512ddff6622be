import { useEffect, useState } from 'react';
import type {
  PartnerPublicationSummary,
  PublishedEntityType,
} from '@pca/contracts/publications-overview.ts';
import {
  publicationsOverviewMessages as messages,
  publishedEntityTypes,
} from '@pca/contracts/publications-overview-paths.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { QueryView } from '#lib/query-view.tsx';
import {
  downloadPublicationsCsv,
  PAGE_SIZE,
  usePublicationsOverview,
  usePublishedEntities,
} from '../api/publications-overview.ts';
import { EntitiesTable } from '../components/entities-table.tsx';
import { PartnersTable } from '../components/partners-table.tsx';

const typeOptions = [
  { value: '', label: 'All' },
  ...Object.entries(publishedEntityTypes).map(([value, { plural }]) => ({ value, label: plural })),
];

/** What one partner receives: filtered by kind, a page at a time, and the whole as a CSV file. */
function PartnerEntities({ partner }: { partner: PartnerPublicationSummary }) {
  const [type, setType] = useState<PublishedEntityType | ''>('');
  const [page, setPage] = useState(1);
  const entities = usePublishedEntities(partner.id, type, page);
  const [download, setDownload] = useState<{ busy: boolean; error: unknown }>({
    busy: false,
    error: null,
  });

  async function onDownload() {
    setDownload({ busy: true, error: null });
    try {
      await downloadPublicationsCsv(partner.id, type);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error });
    }
  }

  return (
    <Stack gap={1.5} as="section" aria-labelledby="published-entities-heading">
      <H2 id="published-entities-heading" tabIndex={-1}>
        {`Published to ${partner.name}`}
      </H2>
      <SelectField
        label="Show"
        hideOptionalLabel
        maxWidth="xl"
        placeholder=""
        options={typeOptions}
        value={type}
        onValueChange={(value) => {
          setType(value as PublishedEntityType | '');
          setPage(1);
        }}
      />
      <ButtonGroup>
        <Button
          variant="secondary"
          onClick={() => void onDownload()}
          loading={download.busy}
          loadingLabel="Preparing the file"
        >
          Download CSV
        </Button>
      </ButtonGroup>
      {download.error ? (
        <ApiErrorAlert
          error={download.error}
          thing="the publications file"
          onRetry={() => void onDownload()}
          logMessage="Publications CSV failed to download"
        />
      ) : null}
      <QueryView
        query={entities}
        thing="what is published"
        logMessage="Published entities failed to load"
        loading={<Loading message="Loading what is published" />}
      >
        {(result) =>
          result.total === 0 ? (
            <Text as="p" role="status">
              {type ? messages.noneOfType : messages.nothingPublished}
            </Text>
          ) : (
            <Stack gap={1} aria-busy={entities.isFetching}>
              <Text as="p" role="status">
                {itemRangeText(result.page, PAGE_SIZE, result.total, 'entities')}
              </Text>
              <EntitiesTable partner={partner.name} items={result.items} />
              <Paginator
                page={result.page}
                totalPages={Math.ceil(result.total / PAGE_SIZE)}
                onPageChange={setPage}
                label={`Pages of what is published to ${partner.name}`}
              />
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

/**
 * Publications (docs/product/publications-overview.md): for the agency's operator, what is published to
 * each partner service — counts as the partner API serves them, the last change and who made it — and,
 * for one partner, the entities themselves, each linked to its page, and a CSV of them.
 */
export function PublicationsOverviewPage() {
  const overview = usePublicationsOverview();
  const [selected, setSelected] = useState<PartnerPublicationSummary | null>(null);

  // The entities appear below the table: move focus to their heading so it is announced.
  useEffect(() => {
    if (selected) document.getElementById('published-entities-heading')?.focus();
  }, [selected]);

  return (
    <Stack gap={2}>
      <H1>Publications</H1>
      <Text as="p">
        What each partner service receives from the portal, counted as the partner reads it through
        the partner API: what businesses publish at each level, and what practitioners publish
        themselves.
      </Text>
      <QueryView
        query={overview}
        thing="the publications"
        logMessage="Publications overview failed to load"
        loading={<Loading message="Loading the publications" />}
      >
        {({ partners }) => (
          <PartnersTable
            partners={partners}
            selected={selected?.id ?? null}
            onSelect={setSelected}
          />
        )}
      </QueryView>
      {selected ? <PartnerEntities key={selected.id} partner={selected} /> : null}
    </Stack>
  );
}

export { PublicationsOverviewPage as Component };
