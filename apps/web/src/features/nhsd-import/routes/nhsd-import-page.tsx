import { useEffect, useMemo, useReducer, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { NhsdAppliesTo, NhsdImportRequest } from '@pca/contracts';
import { nhsdMessages } from '@pca/contracts/nhsd-import-paths.ts';
import { organisationHref, pages, registerBusinessHref } from '@pca/contracts/pages.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useConfig } from '#lib/config.tsx';
import { useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import {
  useImportLocations,
  useImportOrganisations,
  useImportServices,
  useNhsdBanner,
  usePartnerServices,
  usePublicationPreferences,
  useValidateImport,
} from '../api/nhsd-import.ts';
import { Destination } from '../components/destination.tsx';
import { FindPractice } from '../components/find-practice.tsx';
import { LeaveGuard } from '../components/leave-guard.tsx';
import {
  Publication,
  PublicationForm,
  publicationChoices,
  publicationDefaults,
  publicationNeeds,
  subscriptionsOf,
} from '../components/publication.tsx';
import { ServicesTable } from '../components/services-table.tsx';
import { VerticalStepper } from '@pca/ui/stepper/stepper.tsx';
import {
  defaultLocation,
  defaultOrganisation,
  initialWizardState,
  isDuplicateTypeError,
  locationsFor,
  nhsdErrorText,
  organisationChoices,
  pseudoLocationId,
  servicesShown,
  wizardReducer,
} from '../wizard-state.ts';
import { useFocusWhenShown } from '#lib/focus.ts';

const businessTypes: Array<{ value: NhsdAppliesTo; label: string }> = [
  { value: 'si', label: 'Physical: the practice or business has a street address' },
  { value: 'home', label: 'Mobile: the service visits people where they are' },
  { value: 'virtual', label: 'Virtual: the service is delivered by telehealth' },
];

/** What the success alert says about the last import. */
type Imported = { count: number; locationName: string; locationId: string };

/**
 * /nhsd-import, 'Importing services from NHSD' (docs/product/features.md#nhsd-import, docs/decisions/029-nhsd-import-wizard.md):
 * a vertical linear stepper — business type, find the practice, select services, where they import to, and
 * publication to national directories when the organisation has no preferences yet — then 'Import now' once the
 * import has validated. Query: organisationId, or locationId with orgId.
 */
export function NhsdImportPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const queryLocationId = query.get('locationId');
  const queryOrganisationId = queryLocationId ? query.get('orgId') : query.get('organisationId');
  const config = useConfig();
  const fieldId = useFieldId();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [imported, setImported] = useState<Imported | null>(null);

  const banner = useNhsdBanner();
  const organisations = useImportOrganisations();
  const choices = useMemo(
    () => organisationChoices(organisations.data?.organisations ?? []),
    [organisations.data],
  );

  const shown = servicesShown(state);
  const found = state.search !== null && state.search.result.services.length > 0;
  const selectedServices = shown.filter((s) => state.selected.includes(s.nhsdResourceIdentifier));
  const servicesChosen = selectedServices.length > 0;

  // Step 4: the organisation and location, chosen or by the auto-selection rules.
  const organisationId = servicesChosen
    ? (state.organisationId ?? defaultOrganisation(choices, queryOrganisationId))
    : '';
  const locations = useImportLocations(organisationId);
  const offered = useMemo(
    () => locationsFor(state.appliesTo, locations.data?.items ?? []),
    [state.appliesTo, locations.data],
  );
  const locationId =
    organisationId === ''
      ? ''
      : (state.locationId ??
        (locations.data
          ? defaultLocation(
              offered,
              queryLocationId,
              state.appliesTo === 'si' ? (selectedServices[0]?.addressText ?? null) : null,
            )
          : ''));

  const request: NhsdImportRequest | null =
    servicesChosen && organisationId && locationId
      ? {
          importIds: selectedServices.map((s) => s.nhsdResourceIdentifier),
          organisationId,
          ...(locationId === pseudoLocationId ? {} : { locationId }),
          nhsdSubscriptions: [],
        }
      : null;
  const validation = useValidateImport(request);
  const duplicate =
    request !== null && validation.isError && isDuplicateTypeError(validation.error);
  useEffect(() => {
    if (duplicate) dispatch({ type: 'duplicateType' });
  }, [duplicate]);

  // Step 5 (docs/decisions/056-publications-need-current-acceptance.md): what the services would inherit at
  // this destination, and the directories the organisation lacks a current preference for or inherited
  // publications on an older statement, to choose and accept here. Shown when there is any of them.
  const destinationLocationId = locationId === pseudoLocationId ? '' : locationId;
  const preferences = usePublicationPreferences(organisationId, destinationLocationId);
  const healthConnectFlag = config.features.healthConnectPublication;
  const needs = preferences.data ? publicationNeeds(preferences.data, healthConnectFlag) : null;
  const inherited = preferences.data?.inherited ?? [];
  const directoriesNeeded = Boolean(needs && (needs.nationalDirectory || needs.healthConnect));
  const partners = usePartnerServices(organisationId, directoriesNeeded);
  const partnerItems = partners.data?.items;
  const asked = useMemo(() => {
    const status = preferences.data;
    if (!status || (directoriesNeeded && !partnerItems)) return undefined;
    return publicationChoices(
      partnerItems ?? [],
      publicationNeeds(status, healthConnectFlag),
      status.inherited,
    );
  }, [preferences.data, partnerItems, directoriesNeeded, healthConnectFlag]);
  const publicationShown =
    preferences.data !== undefined &&
    (directoriesNeeded || inherited.length > 0 || (asked?.length ?? 0) > 0);
  const publication = useSchemaForm(PublicationForm, { defaultValues: { entries: {} } });
  useEffect(() => {
    if (asked) publication.reset(publicationDefaults(asked));
    // The form starts again for each destination's choices.
  }, [asked, publication]);

  const importer = useImportServices();
  const publicationBusy =
    organisationId !== '' && (preferences.isPending || (directoriesNeeded && partners.isPending));
  const canImport =
    request !== null && validation.isSuccess && !publicationBusy && !importer.isPending;

  const runImport = (subscriptions: NhsdImportRequest['nhsdSubscriptions']) => {
    if (!request) return;
    importer.mutate(
      { ...request, nhsdSubscriptions: subscriptions },
      {
        onSuccess: (result) => {
          setImported({
            count: result.healthcareServiceIds.length,
            locationName: result.locationName,
            locationId: result.locationId,
          });
          dispatch({ type: 'imported' });
        },
        onError: (error) => {
          if (isDuplicateTypeError(error)) dispatch({ type: 'duplicateType' });
        },
      },
    );
  };
  const importNow = () => {
    if (!canImport) return;
    if (asked?.length)
      void publication.handleSubmit((values) => runImport(subscriptionsOf(values, asked)))();
    else runImport([]);
  };

  const successRef = useFocusWhenShown(imported);

  const cancel = () => {
    if (queryLocationId) return void navigate(pages.locations.view.href({ id: queryLocationId }));
    if (queryOrganisationId) {
      const type =
        choices.find((c) => c.id === queryOrganisationId)?.type ?? 'ParticipatingOrganisation';
      return void navigate(organisationHref(type, queryOrganisationId));
    }
    // React Router numbers the entries it made; at the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    return void (index > 0 ? navigate(-1) : navigate(pages.welcome.dashboard.href()));
  };

  const maintenance = banner.isError || banner.data?.maintenance === true;
  const steps: Array<{ title: string; done: boolean; content: React.ReactNode }> = [
    {
      title: 'Select practice or business type',
      done: state.search !== null,
      content: (
        <RadioGroup
          name="business-type"
          label="Where does the practice or business operate from?"
          required
          options={businessTypes}
          value={state.appliesTo}
          onChange={(value) => {
            setImported(null);
            dispatch({ type: 'businessType', appliesTo: value as NhsdAppliesTo });
          }}
        />
      ),
    },
    {
      title: 'Find the practice',
      done: found,
      content: (
        <FindPractice
          key={state.generation}
          appliesTo={state.appliesTo}
          area={state.area}
          onArea={(area) => dispatch({ type: 'area', area })}
          search={state.search}
          onSearched={(search) => dispatch({ type: 'searched', search })}
          practice={state.practice}
          onPractice={(practice) => dispatch({ type: 'practice', practice })}
          onSearchStart={() => setImported(null)}
        />
      ),
    },
    {
      title: 'Select services to import',
      done: servicesChosen,
      content: (
        <ServicesTable
          appliesTo={state.search?.appliesTo ?? state.appliesTo}
          services={found ? shown : null}
          selected={state.selected}
          onSelectionChange={(selected) => dispatch({ type: 'selection', selected })}
        />
      ),
    },
    {
      title: 'Where should the services import to',
      done: validation.isSuccess && request !== null,
      content: servicesChosen ? (
        <Destination
          appliesTo={state.appliesTo}
          idPrefix={fieldId('destination')}
          organisations={choices}
          organisationId={organisationId}
          onOrganisation={(id) => dispatch({ type: 'organisation', organisationId: id })}
          locations={locations.data ? offered : undefined}
          locationsError={locations.error}
          locationId={locationId}
          onLocation={(id) => dispatch({ type: 'location', locationId: id })}
          locationError={state.locationError}
          firstService={selectedServices[0]}
          validation={{
            busy: request !== null && validation.isFetching,
            ok: request !== null && validation.isSuccess,
            error: request !== null && validation.isError && !duplicate ? validation.error : null,
          }}
        />
      ) : (
        <Text as="p">Select services in step 3 to choose where they import to.</Text>
      ),
    },
  ];
  if (publicationShown)
    steps.push({
      title: 'Publish to national directories',
      done: false,
      content: (
        <Publication
          form={publication}
          fieldId={fieldId}
          choices={asked}
          partnersError={directoriesNeeded ? partners.error : null}
          inherited={inherited}
        />
      ),
    });
  const current = steps.findIndex((s) => !s.done);
  return (
    <Stack gap={2}>
      <H1>{nhsdMessages.title}</H1>
      {maintenance ? (
        <div>
          <Alert tone="warning" title={nhsdMessages.maintenance} />
        </div>
      ) : null}
      {imported ? (
        <div ref={successRef}>
          <Alert
            tone="success"
            title={nhsdMessages.successTitle}
            focusable
            onClose={() => setImported(null)}
          >
            <Text as="p">{nhsdMessages.successMessage(imported.count, imported.locationName)}</Text>
            <TextLink href={pages.locations.view.href({ id: imported.locationId })}>
              {`View ${imported.locationName}`}
            </TextLink>
          </Alert>
        </div>
      ) : null}
      <QueryView
        query={organisations}
        loading={<Loading message="Loading your organisations" />}
        thing="the organisations you can import into"
        logMessage="NHSD import organisations failed to load"
      >
        {() =>
          choices.length === 0 ? (
            <Stack gap={1}>
              <div>
                <Alert tone="info" title="There is nowhere to import services into yet">
                  <Text as="p">{nhsdMessages.noOrganisations}</Text>
                </Alert>
              </div>
              <Stack gap={0.5}>
                <div>
                  <TextLink href={pages.organisations.participating.href()}>
                    See my businesses
                  </TextLink>
                </div>
                <div>
                  <TextLink href={registerBusinessHref()}>Register a business</TextLink>
                </div>
              </Stack>
            </Stack>
          ) : (
            <>
              <Text as="p">
                Find your practice or business in the National Health Services Directory (NHSD),
                choose its services, and import them into one of your locations.
              </Text>
              <VerticalStepper
                label="Import steps"
                activeIndex={current === -1 ? steps.length : current}
                steps={steps.map((step, index) => ({
                  id: fieldId(`step-${index + 1}`),
                  title: step.title,
                  content: step.content,
                }))}
              />
              {importer.isError && !isDuplicateTypeError(importer.error) ? (
                <div>
                  <Alert tone="error" title={nhsdMessages.importError} focusable>
                    <Text as="p">
                      {nhsdErrorText(importer.error, 'Please try again later.', 'this import')}
                    </Text>
                  </Alert>
                </div>
              ) : null}
              <ButtonGroup>
                <Button
                  disabled={!canImport}
                  loading={importer.isPending}
                  loadingLabel="Importing"
                  onClick={importNow}
                >
                  Import now
                </Button>
                <Button variant="secondary" onClick={cancel}>
                  Cancel
                </Button>
              </ButtonGroup>
            </>
          )
        }
      </QueryView>
      <LeaveGuard when={found} />
    </Stack>
  );
}

export { NhsdImportPage as Component };
