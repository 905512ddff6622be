import { pages } from '@pca/contracts/pages.ts';
import { lazy, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { PractitionerListItem } from '@pca/contracts/practitioners.ts';
import { Accordion, AccordionItem, AccordionItemContent } from '@pca/ui/primitives/accordion.ts';
import { Columns, Column } from '@pca/ui/primitives/columns.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { constants } from '@pca/contracts/constants.ts';
import { liveOrganisations } from '@pca/contracts/capabilities.ts';
import type { OrganisationNode } from '@pca/contracts/organisations.ts';
import type { IsActiveFilter } from '@pca/contracts/practitioners.ts';
import { practitionerEmptyMessages } from '@pca/contracts/practitioners-paths.ts';
// Design-system components by path, not the @pca/ui index, which brings every component's chunk along
// (docs/decisions/006-signed-out-javascript-budget.md).
import { Text } from '@pca/ui/primitives/text.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { SelectField, TextField } from '@pca/ui/input-fields/text-field.tsx';
import { useCapabilities } from '#lib/capabilities.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useServiceOfferings } from '../api/get-service-offerings.ts';
import { PractitionerHeader } from '../components/practitioner-header.tsx';
import { PractitionersHeading } from '../components/practitioners-heading.tsx';
import { useStagedCount } from '#lib/staged.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';

const ALL = '';
/** Rows committed with the list when it first appears (about a phone's screen). */
const FIRST_ROWS = 5;

/** Publisher organisations of the filter: live participating organisations (publishers, when any are). */
function filterOrganisations(roots: OrganisationNode[]): OrganisationNode[] {
  const live = roots.filter(
    (o) => o.type === 'ParticipatingOrganisation' && liveOrganisations([o]).length > 0,
  );
  const publishers = live.filter((o) => o.isPublisher);
  return publishers.length ? publishers : live;
}

type Filters = { organisationId: string | null; isActive: IsActiveFilter; name: string };

// A practitioner's roles table (with the AgDS table, chips and the actions menu) is code only an opened row
// needs: it loads when the pointer or focus first reaches the list, or when a row opens, not with the page
// (docs/decisions/018-critical-path-javascript.md).
const loadOfferingsTable = () => import('../components/offerings-table.tsx');
const OfferingsTable = lazy(async () => ({
  default: (await loadOfferingsTable()).OfferingsTable,
}));
const preloadOfferingsTable = () => void loadOfferingsTable();
// What the add or edit page did, said when it returns here: its code loads only then.
const RoleOutcome = lazy(async () => ({
  default: (await import('../components/role-outcome.tsx')).RoleOutcome,
}));

/** The Practitioners page (docs/product/shell.md#practitioners): filters, an accordion of practitioners a page at a time. */
/**
 * One practitioner of the accordion. AgDS renders a closed item's body too (hidden by its height), so
 * twenty closed rows meant twenty offerings tables built on every page of results: the page's longest
 * task. The table is built when the row is first opened and kept after (docs/decisions/018).
 */
function PractitionerItem({ practitioner }: { practitioner: PractitionerListItem }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <AccordionItem
      title={<PractitionerHeader practitioner={practitioner} />}
      titleHeadingTag="h2"
      isOpen={open}
      onToggle={() => {
        setOpen(!open);
        setOpened(true);
      }}
    >
      <AccordionItemContent>
        {opened ? (
          <Suspense fallback={<Loading message="Loading roles" size="sm" />}>
            <OfferingsTable practitioner={practitioner} />
          </Suspense>
        ) : null}
      </AccordionItemContent>
    </AccordionItem>
  );
}

/**
 * The accordion of a page of practitioners. When it first appears, the rows a phone shows first are
 * committed, and the rest of the page's rows in a commit of their own right after (lib/staged.tsx).
 */
function PractitionerList({
  practitioners,
  busy,
  children,
}: {
  practitioners: PractitionerListItem[];
  busy: boolean;
  /** What follows the rows (the range and the pages): shown once every row is, so it never moves down. */
  children: ReactNode;
}) {
  const shown = useStagedCount(practitioners.length, FIRST_ROWS);
  const complete = shown === practitioners.length;
  return (
    <Stack
      gap={1}
      aria-busy={busy || !complete}
      onPointerOver={preloadOfferingsTable}
      onFocus={preloadOfferingsTable}
    >
      <Accordion>
        {practitioners.slice(0, shown).map((practitioner) => (
          <PractitionerItem key={practitioner.id} practitioner={practitioner} />
        ))}
      </Accordion>
      {complete ? children : null}
    </Stack>
  );
}

export function PractitionersPage() {
  const caps = useCapabilities();
  // The outcome belongs to its history entry: a new entry reads its own.
  const { state: returnedWith, key: entry } = useLocation();
  const organisations = useMemo(
    () => (caps.status === 'ready' ? filterOrganisations(caps.organisations.organisations) : []),
    [caps],
  );
  const [filters, setFilters] = useState<Filters>({
    organisationId: null,
    isActive: 'all',
    name: '',
  });
  // The page belongs to one settled filter: a new filter starts again at page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  // 'All' is offered only for more than one publisher organisation (docs/product/shell.md#practitioners), and then
  // starts selected; otherwise the first organisation does.
  const offersAll = organisations.length > 1 && organisations.every((o) => o.isPublisher);
  const organisationOf = (f: Filters) =>
    f.organisationId ?? (offersAll ? ALL : (organisations[0]?.id ?? ALL));
  const organisationId = organisationOf(filters);
  // Only what the user changes waits for the debounce; the default organisation applies at once.
  const settledFilters = useDebouncedValue(filters, constants.filterDebounceMs);
  const settled = {
    organisationId: organisationOf(settledFilters),
    isActive: settledFilters.isActive,
    name: settledFilters.name,
  };
  const filterKey = JSON.stringify(settled);
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const ready = caps.status === 'ready';
  const offerings = useServiceOfferings({ ...settled, page }, ready);

  // An answer arrives as a store update, which React renders synchronously: the accordion of a page of
  // practitioners is built from a deferred copy instead, in an interruptible background render, while
  // the update itself only keeps what is shown (docs/decisions/018-critical-path-javascript.md).
  const data = useDeferredValue(offerings.data);
  const canAdd =
    caps.status === 'ready' &&
    caps.capabilities.managePractitioners &&
    Boolean(data?.hasActiveManageableService);
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const hasOtherFilters = settled.isActive !== 'all' || settled.name.trim() !== '';

  // The heading and the filter form render at once, where they will stay, while the permissions load
  // (they once appeared only then and pushed the page down); only the list waits (no layout shift).
  const pending = caps.status === 'pending';

  return (
    <Stack gap={2}>
      <PractitionersHeading
        action={
          canAdd ? (
            <ButtonLink href={pages.practitioners.addRole.href()}>Add practitioner</ButtonLink>
          ) : null
        }
      />
      {returnedWith ? (
        <Suspense fallback={null}>
          <RoleOutcome key={entry} />
        </Suspense>
      ) : null}

      <Columns
        as="form"
        role="search"
        aria-label="Filter practitioners"
        onSubmit={(e) => e.preventDefault()}
      >
        <Column columnSpan={{ xs: 12, md: 4 }}>
          <SelectField
            label="Select Organisation"
            hideOptionalLabel
            maxWidth="xl"
            // A filter always has a value: no empty 'Please select' choice (docs/product/shell.md#practitioners lists the options).
            placeholder={
              pending ? 'Loading..' : organisations.length === 0 ? 'No organisations' : ''
            }
            options={[
              ...(offersAll ? [{ value: ALL, label: 'All' }] : []),
              ...organisations.map((o) => ({ value: o.id, label: o.businessName ?? o.name })),
            ]}
            value={organisationId}
            onValueChange={(value) => setFilters((f) => ({ ...f, organisationId: value }))}
          />
        </Column>
        <Column columnSpan={{ xs: 12, md: 3 }}>
          <SelectField
            label="Is active"
            hideOptionalLabel
            maxWidth="xl"
            placeholder=""
            options={[
              { value: 'all', label: 'All' },
              { value: 'true', label: 'Active' },
              { value: 'false', label: 'Inactive' },
            ]}
            value={filters.isActive}
            onValueChange={(value) =>
              setFilters((f) => ({ ...f, isActive: value as IsActiveFilter }))
            }
          />
        </Column>
        <Column columnSpan={{ xs: 12, md: 5 }}>
          <TextField
            label="Filter by name"
            hideOptionalLabel
            maxWidth="xl"
            maxLength={100}
            value={filters.name}
            onValueChange={(value) => setFilters((f) => ({ ...f, name: value }))}
          />
        </Column>
      </Columns>

      {offerings.isError || caps.status === 'error' ? (
        // A load failure is logged and the error state shown; a refusal says who can grant access.
        <ApiErrorAlert
          error={caps.status === 'error' ? caps.error : offerings.error}
          thing="the practitioners"
          onRetry={() => void offerings.refetch()}
          logMessage="Practitioners failed to load"
        />
      ) : !data ? (
        <Loading message="Loading practitioners" />
      ) : data.total === 0 ? (
        <Text as="p" role="status">
          {data.organisationHasPractitioners && hasOtherFilters
            ? practitionerEmptyMessages.noneFound
            : practitionerEmptyMessages.noneInOrganisation}
        </Text>
      ) : (
        <Stack gap={1}>
          <Text as="p" role="status">
            {itemRangeText(data.page, data.pageSize, data.total, 'practitioners')}
          </Text>
          <PractitionerList
            practitioners={data.practitioners}
            busy={offerings.isFetching || data !== offerings.data}
          >
            <Paginator
              page={data.page}
              totalPages={totalPages}
              onPageChange={setPage}
              label="Practitioner pages"
            />
          </PractitionerList>
        </Stack>
      )}
    </Stack>
  );
}

export { PractitionersPage as Component };
