import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { organisationHref } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Alert, Chip, Tabs, type TabItem } from '@pca/ui';
import type { CreatedEntity, OrganisationDetail } from '@pca/contracts';
import type { FieldValues } from 'react-hook-form';
import type { EntityFormProps } from './entity-form.tsx';
import { ApiErrorAlert } from '../errors/api-error-alert.tsx';
import { useOrganisation } from './get-organisation.ts';
import { tabIndexFor } from './tab-query.ts';
import { firstHeadingOrField, useFocusAfterRender } from '../focus.ts';

// The page pieces the organisation, location and healthcare service pages share.

/** A loading blanket over a block tall enough to be seen. */
export function PageLoading({ label, minHeight = '12rem' }: { label: string; minHeight?: string }) {
  return (
    <div style={{ position: 'relative', minHeight }}>
      <LoadingBlanket label={label} />
    </div>
  );
}

/** Why a location, healthcare service or organisation could not be loaded, for `noun` in lower case. */
export function EntityLoadError({
  error,
  noun,
  onRetry,
}: {
  error: unknown;
  noun: string;
  /** Loads it again, offered where that can help (a failure, not a refusal). */
  onRetry: () => void;
}) {
  return <ApiErrorAlert error={error} thing={`this ${noun}`} onRetry={onRetry} />;
}

/** Shown on an add page reached without ?organisationId=, for `noun` in lower case. */
function ChooseOrganisationFirst({ heading, noun }: { heading: string; noun: string }) {
  return (
    <Stack gap={1.5}>
      <H1>{heading}</H1>
      <PageAlert tone="error" title="Choose the organisation first">
        <Text as="p">{`Add a ${noun} from its organisation’s page.`}</Text>
      </PageAlert>
    </Stack>
  );
}

/** Props of EntityHeader. */
export type EntityHeaderProps = {
  /** The page's heading. */
  title: string;
  /** The entity's name, under the heading. */
  name: string;
  /** Status chips beside the name. */
  chips: ReactNode;
  /** Anything under the name. */
  children?: ReactNode;
};

/** The page heading with the entity's name and status chips. */
export function EntityHeader({ title, name, chips, children }: EntityHeaderProps) {
  return (
    <Stack gap={0.5}>
      <H1>{title}</H1>
      <Flex gap={1} alignItems="center" flexWrap="wrap">
        <Text as="p" fontSize="lg" fontWeight="bold">
          {name}
        </Text>
        {chips}
      </Flex>
      {children}
    </Stack>
  );
}

/** The Active or Inactive chip. */
export function ActiveChip({ isActive }: { isActive: boolean }) {
  return <Chip tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Active' : 'Inactive'}</Chip>;
}

/** Tabs whose selection is the `tab` query (the tab's label), replaced in history on change. */
export function QueryTabs({ items }: { items: TabItem[] }) {
  const [search, setSearch] = useSearchParams();
  return (
    <Tabs
      items={items}
      activeIndex={tabIndexFor(
        items.map((t) => t.label),
        search.get('tab'),
      )}
      onChange={(index) =>
        setSearch(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('tab', items[index]!.label);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}

/** What the page gives an entity's add or edit form besides its heading and values. */
export type EntityFormState<T extends FieldValues> = Pick<
  EntityFormProps<T>,
  'onSubmit' | 'onCancel' | 'saving' | 'serverError'
>;

/** The mutation a form saves its values with (TanStack Query's result), answering `R`. */
type SaveMutation<T, R> = Pick<UseMutationResult<R, Error, T>, 'mutate' | 'isPending' | 'error'>;

/**
 * An add form under `organisation` saving with `mutation`: on to the added entity's page (`viewHref` of its id) once
 * saved, or back to the organisation on Cancel.
 */
export function useAddFormState<T extends FieldValues>(
  organisation: OrganisationDetail,
  mutation: SaveMutation<T, CreatedEntity>,
  viewHref: (id: string) => string,
): EntityFormState<T> {
  const navigate = useNavigate();
  return {
    saving: mutation.isPending,
    serverError: mutation.error,
    onCancel: () => void navigate(organisationHref(organisation.type, organisation.id)),
    onSubmit: (values) =>
      mutation.mutate(values, { onSuccess: ({ id }) => void navigate(viewHref(id)) }),
  };
}

/** Props of EditableDetails. */
export type EditableDetailsProps<T extends FieldValues> = {
  /** The read-only summary. */
  summary: ReactNode;
  /** Whether the caller may edit (shows the edit button). */
  canEdit: boolean;
  /** The edit button's label. */
  editLabel: string;
  /** The alert's title after a save. */
  savedTitle: string;
  /** The mutation that saves the edit; the last save's error is cleared as editing starts. */
  mutation: SaveMutation<T, unknown> & Pick<UseMutationResult<unknown, Error, T>, 'reset'>;
  /** The edit form, given its saving state, its submit (back to the summary once saved) and its Cancel. */
  renderForm: (state: EntityFormState<T>) => ReactNode;
};

/** A details tab: the summary with an edit button, or the edit form; a saved alert after a save. */
export function EditableDetails<T extends FieldValues>({
  summary,
  canEdit,
  editLabel,
  savedTitle,
  mutation,
  renderForm,
}: EditableDetailsProps<T>) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // The form and the summary take each other's place, with the button that was pressed: focus goes to the form's
  // heading as it opens, back to the edit button on Cancel, and to the saved message after a save.
  // (By id, not ref: the form's handlers are made while rendering, where a ref may not be read.)
  const focusAfterRender = useFocusAfterRender();
  const baseId = useId();
  const formId = `${baseId}-form`;
  const editId = `${baseId}-edit`;
  const savedId = `${baseId}-saved`;
  const inside = (id: string, selector: string) =>
    document.getElementById(id)?.querySelector<HTMLElement>(selector);
  if (editing)
    return (
      <div id={formId}>
        {renderForm({
          saving: mutation.isPending,
          serverError: mutation.error,
          onCancel: () => {
            focusAfterRender(() => inside(editId, 'button'));
            setEditing(false);
          },
          onSubmit: (values) =>
            mutation.mutate(values, {
              onSuccess: () => {
                focusAfterRender(() => inside(savedId, '[tabindex="-1"]'));
                setEditing(false);
                setSaved(true);
              },
            }),
        })}
      </div>
    );
  return (
    <Stack gap={1.5}>
      {saved ? (
        <div id={savedId}>
          <Alert tone="success" title={savedTitle} onClose={() => setSaved(false)} focusable />
        </div>
      ) : null}
      {summary}
      {canEdit ? (
        <div id={editId}>
          <Button
            variant="secondary"
            onClick={() => {
              mutation.reset();
              setSaved(false);
              focusAfterRender(() => firstHeadingOrField(document.getElementById(formId)));
              setEditing(true);
            }}
          >
            {editLabel}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/** The add page under an organisation: the heading, then the organisation loading, why it failed, no permission, or the form. */
function AddToOrganisation({
  heading,
  noun,
  organisationId,
  Form,
}: {
  heading: string;
  noun: string;
  organisationId: string;
  Form: ComponentType<{ organisation: OrganisationDetail }>;
}) {
  const organisation = useOrganisation(organisationId);
  return (
    <Stack gap={1.5}>
      <H1>{heading}</H1>
      {organisation.isPending ? (
        <PageLoading label="Loading organisation" />
      ) : organisation.isError ? (
        <EntityLoadError
          error={organisation.error}
          noun={noun}
          onRetry={() => void organisation.refetch()}
        />
      ) : !organisation.data.canEdit ? (
        <PageAlert tone="error" title={`You do not have permission to add a ${noun} here`} />
      ) : (
        <>
          <Text as="p">{`For ${organisation.data.name}.`}</Text>
          <Form organisation={organisation.data} />
        </>
      )}
    </Stack>
  );
}

/** Props of AddOrViewRoute. */
export type AddOrViewRouteProps = {
  /** The add page's heading. */
  addHeading: string;
  /** What is added, in lower case. */
  noun: string;
  /** The add form for the (loaded, editable) organisation. */
  Add: ComponentType<{ organisation: OrganisationDetail }>;
  /** The view page of the entity (keyed by id, so another id starts afresh). */
  View: ComponentType<{ id: string }>;
};

/** `/…/add?organisationId=` renders the add page (or asks to choose the organisation first); `/…/:id` renders `View`. */
export function AddOrViewRoute({ addHeading, noun, Add, View }: AddOrViewRouteProps) {
  // '/…/add' is its own route (no id param); every other path of the section carries an id.
  const { id } = useParams();
  const [search] = useSearchParams();
  if (id) return <View key={id} id={id} />;
  const organisationId = search.get('organisationId');
  if (!organisationId) return <ChooseOrganisationFirst heading={addHeading} noun={noun} />;
  return (
    <AddToOrganisation
      heading={addHeading}
      noun={noun}
      organisationId={organisationId}
      Form={Add}
    />
  );
}

/** Props of EntityView. */
export type EntityViewProps<T> = {
  /** The page's heading. */
  title: string;
  /** What is shown, in lower case (for the loading and error messages). */
  noun: string;
  /** The entity's query. */
  query: UseQueryResult<T>;
  /** The tabs of the loaded entity. */
  tabs: (entity: T) => TabItem[];
};

/** A location's or healthcare service's page: loading, why it failed, or its heading, status and tabs. */
export function EntityView<T extends { name: string; isActive: boolean }>({
  title,
  noun,
  query,
  tabs,
}: EntityViewProps<T>) {
  if (query.isPending) return <PageLoading label={`Loading ${noun}`} />;
  if (query.isError)
    return (
      <Stack gap={1.5}>
        <H1>{title}</H1>
        <EntityLoadError error={query.error} noun={noun} onRetry={() => void query.refetch()} />
      </Stack>
    );
  const entity = query.data;
  return (
    <Stack gap={1.5}>
      <EntityHeader
        title={title}
        name={entity.name}
        chips={<ActiveChip isActive={entity.isActive} />}
      />
      <QueryTabs items={tabs(entity)} />
    </Stack>
  );
}
