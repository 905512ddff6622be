import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  smartClientProblemTypes,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRunProgress,
  type SmartClient,
} from '@pca/contracts';
import { organisationHref, pages } from '@pca/contracts/pages.ts';
import { practitionerRoleImportMessages as messages } from '@pca/contracts/practitioner-role-import-paths.ts';
import {
  classifyRoles,
  defaultChosen,
  statusCounts,
  suggestedMapping,
} from '@pca/contracts/practitioner-role-import-rows.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { ApiError } from '#lib/http.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useFieldId } from '#lib/forms/form-kit.tsx';
import { CLINICAL_SYSTEMS_TAB } from '#lib/smart-clients/clinical-systems-tab.tsx';
import { useSmartClient, useStartLaunch } from '#lib/smart-clients/smart-clients-api.ts';
import { useFocusWhenShown } from '#lib/focus.ts';
import {
  cancelRun,
  readNextPage,
  startRun,
  useImportPreview,
  useImportRoles,
} from '../api/practitioner-role-import.ts';
import { ImportRows } from '../components/import-rows.tsx';
import { SourceMapping } from '../components/source-mapping.tsx';

type Reading =
  | { step: 'idle' }
  | { step: 'reading'; progress: ImportRunProgress | null }
  | { step: 'cancelled' }
  | { step: 'failed'; error: unknown }
  | { step: 'read'; runId: string };

/** "Read 3 pages, 300 of 500 roles" while reading. */
function progressText(p: ImportRunProgress | null) {
  if (!p) return 'Connecting to the clinical system';
  const base = messages.reading(p.pagesRead, p.rolesRead);
  return p.total !== null ? `${base} of ${p.total}` : base;
}

/** Goes back where the manager came from, or to the dashboard when the page was opened first. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(pages.welcome.dashboard.href()));
  };
}

/** The API refused because the connection is not there for this user (unknown, removed, or not theirs). */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
/** The API refused because this user has no live sign-in to the clinical system. */
const needsSignIn = (error: unknown) =>
  error instanceof ApiError && error.problem?.type === smartClientProblemTypes.reconnect;

/**
 * The user manages the connection but is not signed in to the clinical system (never, or the sign-in ended):
 * reading would only be refused, so the page offers the connection instead (docs/product/practitioner-role-import.md).
 */
function NotSignedIn({ connection: c }: { connection: SmartClient }) {
  const launch = useStartLaunch();
  const back = useBack();
  return (
    <Stack gap={1.5}>
      <Alert tone="warning" title={messages.notSignedIn(c.name)}>
        <Text as="p">{messages.notSignedInDetail(c.name)}</Text>
      </Alert>
      {launch.error ? (
        <ApiErrorAlert
          error={launch.error}
          thing={c.name}
          logMessage="Practitioner role import: connecting failed"
        />
      ) : null}
      <ButtonGroup>
        <Button onClick={() => launch.mutate(c.id)} loading={launch.isPending || launch.isSuccess}>
          {`Connect to ${c.name}`}
        </Button>
        <Button variant="secondary" onClick={back}>
          Back
        </Button>
      </ButtonGroup>
      <TextLink
        href={organisationHref(c.organisationType, c.organisationId, { tab: CLINICAL_SYSTEMS_TAB })}
      >
        Go to the business&apos;s clinical systems
      </TextLink>
    </Stack>
  );
}

/**
 * /smart-client/practitioner-role-import/{id} (docs/product/practitioner-role-import.md): the connection is loaded
 * first, so a connection that does not exist for this user says so before anything is offered, and a manager not
 * signed in to the clinical system is offered the connection; then the import.
 */
export function PractitionerRoleImportPage() {
  const { id: connectionId = '' } = useParams();
  const connection = useSmartClient(connectionId);
  return (
    <Stack gap={2}>
      <H1>{messages.title}</H1>
      <QueryView
        query={connection}
        loading={<Loading message="Loading the clinical system" />}
        thing="this clinical system connection"
        logMessage="Practitioner role import: connection failed to load"
      >
        {(c) => (c.signIn?.live ? <ImportRoles connection={c} /> : <NotSignedIn connection={c} />)}
      </QueryView>
    </Stack>
  );
}

/**
 * Read the clinical system's practitioner roles a page at a time (progress, Cancel), match its services to the
 * organisation's, choose among new / changed / unchanged / unmatched rows, and import the chosen in one go.
 */
function ImportRoles({ connection }: { connection: SmartClient }) {
  const connectionId = connection.id;
  const fieldId = useFieldId();
  const [reading, setReading] = useState<Reading>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const runId = reading.step === 'read' ? reading.runId : null;
  const preview = useImportPreview(runId);
  const [result, setResult] = useState<ImportResult | null>(null);
  const back = useBack();
  // Cancel leaves with the progress it sat under: focus goes to the message that says reading stopped.
  const cancelledRef = useFocusWhenShown(reading.step === 'cancelled' ? reading : null);

  // Reading stops when the page goes away.
  useEffect(() => () => abort.current?.abort(), []);

  const resultRef = useFocusWhenShown(result);

  async function read() {
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setReading({ step: 'reading', progress: null });
    let progress: ImportRunProgress | null = null;
    try {
      progress = await startRun(connectionId, controller.signal);
      setReading({ step: 'reading', progress });
      while (!progress.done) {
        if (controller.signal.aborted) break;
        progress = await readNextPage(progress.runId, controller.signal);
        setReading({ step: 'reading', progress });
      }
      if (controller.signal.aborted) throw new DOMException('Cancelled', 'AbortError');
      setReading({ step: 'read', runId: progress.runId });
    } catch (error) {
      if (controller.signal.aborted) {
        if (progress) void cancelRun(progress.runId);
        setReading({ step: 'cancelled' });
      } else setReading({ step: 'failed', error });
    }
  }

  // Reading again cannot help when the connection is gone (404) or the user must sign in again (409).
  const failedFor =
    reading.step === 'failed'
      ? isNotFound(reading.error)
        ? 'gone'
        : needsSignIn(reading.error)
          ? 'sign-in'
          : 'other'
      : null;
  if (failedFor === 'gone' && reading.step === 'failed')
    return (
      <ApiErrorAlert
        error={reading.error}
        thing="this clinical system connection"
        logMessage="Practitioner role import: reading failed"
      />
    );
  if (failedFor === 'sign-in') return <NotSignedIn connection={connection} />;

  return (
    <Stack gap={2}>
      {result ? (
        <div ref={resultRef}>
          <Alert tone="success" title={messages.successTitle} focusable>
            <Text as="p">{messages.success(result.created, result.updated)}</Text>
            <TextLink href={pages.practitioners.list.href()}>See your practitioners</TextLink>
          </Alert>
        </div>
      ) : null}

      {reading.step === 'idle' || reading.step === 'cancelled' || reading.step === 'failed' ? (
        <Stack gap={1.5}>
          <Text as="p">{messages.intro(connection.name)}</Text>
          {reading.step === 'cancelled' ? (
            <div ref={cancelledRef}>
              <Alert tone="info" title={messages.cancelled} focusable />
            </div>
          ) : null}
          {reading.step === 'failed' ? (
            <>
              <ApiErrorAlert
                error={reading.error}
                thing="this clinical system connection"
                logMessage="Practitioner role import: reading failed"
              />
              {/* A clinical system that failed is named, with what it did wrong (the 502's detail). */}
              {reading.error instanceof ApiError &&
              reading.error.status === 502 &&
              reading.error.problem?.detail ? (
                <Text as="p">{reading.error.problem.detail}</Text>
              ) : null}
            </>
          ) : null}
          <ButtonGroup>
            <Button onClick={() => void read()}>
              {result || reading.step !== 'idle' ? 'Read the roles again' : messages.start}
            </Button>
            <Button variant="secondary" onClick={back}>
              Back
            </Button>
          </ButtonGroup>
        </Stack>
      ) : null}

      {reading.step === 'reading' ? (
        <Stack gap={1.5}>
          <Loading message={progressText(reading.progress)} />
          {reading.progress?.total ? (
            <progress
              aria-label="Roles read"
              max={reading.progress.total}
              value={reading.progress.rolesRead}
              style={{ width: '100%', maxWidth: '32rem' }}
            />
          ) : null}
          <ButtonGroup>
            <Button variant="secondary" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          </ButtonGroup>
        </Stack>
      ) : null}

      {reading.step === 'read' ? (
        <QueryView
          query={preview}
          loading={<Loading message="Comparing the roles with Provider Connect" />}
          thing="the preview of the import"
          logMessage="Practitioner role import: preview failed"
        >
          {(p) => (
            <ImportPreviewForm
              key={p.runId}
              preview={p}
              idPrefix={fieldId('source')}
              onImported={(answer) => {
                setResult(answer);
                setReading({ step: 'idle' });
              }}
              onCancel={() => {
                void cancelRun(p.runId);
                setReading({ step: 'cancelled' });
              }}
            />
          )}
        </QueryView>
      ) : null}
    </Stack>
  );
}

/** Props of ImportPreviewForm. */
type ImportPreviewFormProps = {
  preview: ImportPreview;
  idPrefix: string;
  onImported: (result: ImportResult) => void;
  onCancel: () => void;
};

/**
 * The preview of one run: the service matches, the rows classified under them (again whenever a match
 * changes), the choice — every new and changed row to start with — and Import.
 */
function ImportPreviewForm({ preview: p, idPrefix, onImported, onCancel }: ImportPreviewFormProps) {
  const importer = useImportRoles(p.runId);
  const [mapping, setMapping] = useState<ImportMapping>(() => suggestedMapping(p.sources));
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(defaultChosen(classifyRoles(p.roles, p.existing, mapping, p.today))),
  );
  const rows = useMemo(() => classifyRoles(p.roles, p.existing, mapping, p.today), [p, mapping]);
  const counts = statusCounts(rows);
  // Reading ends by taking away the progress and its Cancel button: focus goes to what was read.
  const summaryRef = useFocusWhenShown(p.runId);
  // A new match brings its rows in chosen, as they would have been had it been found at the start.
  const remap = (next: ImportMapping) => {
    const before = new Set(defaultChosen(rows));
    const after = defaultChosen(classifyRoles(p.roles, p.existing, next, p.today));
    setChosen((old) => new Set([...old, ...after.filter((id) => !before.has(id))]));
    setMapping(next);
  };
  // Only what can still be imported counts as chosen (a new match can make a chosen row unmatched).
  const importable = rows.filter(
    (r) => chosen.has(r.role.cisId) && (r.status === 'new' || r.status === 'changed'),
  );
  const importNow = () => {
    if (!importable.length) return;
    importer.mutate(
      { mapping, chosen: importable.map((r) => r.role.cisId) },
      { onSuccess: onImported },
    );
  };

  return (
    <Stack gap={2}>
      <div ref={summaryRef} tabIndex={-1}>
        <Text as="p">
          {`${p.roles.length} ${p.roles.length === 1 ? 'role' : 'roles'} read from ${p.connection.name} for ${p.organisation.name}: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged and ${counts.unmatched} unmatched.`}
        </Text>
      </div>
      {p.roles.length === 0 ? (
        <div>
          <Alert tone="info" title={messages.noRoles} />
        </div>
      ) : (
        <>
          <SourceMapping
            sources={p.sources}
            services={p.services}
            mapping={mapping}
            onMappingChange={remap}
            idPrefix={idPrefix}
          />
          <Stack gap={1}>
            <H2>Choose the roles to import</H2>
            <Text as="p">
              New and changed roles are chosen. Unchanged roles need nothing; unmatched roles say
              why they cannot be imported.
            </Text>
            <ImportRows
              rows={rows}
              services={p.services}
              chosen={chosen}
              onChosenChange={setChosen}
            />
          </Stack>
        </>
      )}
      {importer.isError ? (
        <ApiErrorAlert
          error={importer.error}
          thing="the chosen roles"
          action="save"
          logMessage="Practitioner role import: import failed"
        />
      ) : null}
      {importer.isPending ? <Loading message={messages.importing(importable.length)} /> : null}
      <ButtonGroup>
        <Button
          disabled={importable.length === 0 || importer.isPending}
          loading={importer.isPending}
          loadingLabel={messages.importing(importable.length)}
          onClick={importNow}
        >
          {importable.length
            ? `Import ${importable.length} ${importable.length === 1 ? 'role' : 'roles'}`
            : messages.nothingChosen}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </ButtonGroup>
    </Stack>
  );
}

export { PractitionerRoleImportPage as Component };
