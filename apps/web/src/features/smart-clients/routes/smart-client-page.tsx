import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SmartClient } from '@pca/contracts';
import { organisationHref, pages } from '@pca/contracts/pages.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui';
import { QueryView } from '#lib/query-view.tsx';
import { useOrganisation } from '#lib/business/get-organisation.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { CLINICAL_SYSTEMS_TAB } from '#lib/smart-clients/clinical-systems-tab.tsx';
import {
  useAddSmartClient,
  useRemoveSmartClient,
  useSmartClient,
  useUpdateSmartClient,
} from '#lib/smart-clients/smart-clients-api.ts';
import { SmartClientForm } from '../components/smart-client-form.tsx';
import { ConnectionDetails } from '../components/connection-details.tsx';

/** The organisation's Clinical systems tab. */
const tabOf = (o: { organisationType: SmartClient['organisationType']; organisationId: string }) =>
  organisationHref(o.organisationType, o.organisationId, { tab: CLINICAL_SYSTEMS_TAB });

/** Add a clinical system (`smart-client/add-edit?organisationId=`). */
function AddSmartClient({ organisationId }: { organisationId: string }) {
  const navigate = useNavigate();
  const organisation = useOrganisation(organisationId);
  const add = useAddSmartClient();
  return (
    <Stack gap={2}>
      <H1>Add a clinical system</H1>
      <QueryView
        query={organisation}
        loading={<Loading message="Loading the business" />}
        thing="the business"
        logMessage="Organisation failed to load"
      >
        {(o) =>
          !o.canEdit ? (
            <Text as="p">
              Only the business&apos;s managers can connect it to a clinical system.
            </Text>
          ) : (
            <SmartClientForm
              organisationName={o.name}
              submitLabel="Save and check"
              saving={add.isPending}
              serverError={add.error}
              onCancel={() =>
                void navigate(tabOf({ organisationType: o.type, organisationId: o.id }))
              }
              onSubmit={(values) =>
                add.mutate(
                  { ...values, organisationId: o.id },
                  {
                    onSuccess: (saved) =>
                      void navigate(pages.clientSystems.edit.href({ id: saved.id }), {
                        replace: true,
                      }),
                  },
                )
              }
            />
          )
        }
      </QueryView>
    </Stack>
  );
}

/** Edit a clinical system (`smart-client/add-edit/{id}`): the form, what to register, what it supports. */
function EditSmartClient({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = useSmartClient(id);
  const update = useUpdateSmartClient(id);
  const remove = useRemoveSmartClient();
  return (
    <Stack gap={2}>
      <H1>Clinical system</H1>
      <QueryView
        query={query}
        loading={<Loading message="Loading the clinical system" />}
        thing="this clinical system"
        logMessage="Clinical system failed to load"
      >
        {(c) => (
          <Stack gap={2}>
            {update.isSuccess ? (
              <Alert tone="success" title="Saved">
                <Text as="p">{c.name} answered with its SMART configuration.</Text>
              </Alert>
            ) : null}
            <ConnectionDetails connection={c} />
            <SmartClientForm
              key={c.updatedAt}
              organisationName={c.organisationName}
              initial={{
                name: c.name,
                iss: c.iss,
                clientId: c.clientId,
                authMethod: c.authMethod,
                scopes: c.scopes,
              }}
              configuration={c.configuration}
              submitLabel="Save and check"
              saving={update.isPending}
              serverError={update.error}
              onCancel={() => void navigate(tabOf(c))}
              onSubmit={(values) => update.mutate(values)}
            />
            <Stack gap={0.5} alignItems="flex-start">
              {remove.error ? (
                <Alert tone="error" title="There is a problem">
                  <Text as="p">
                    {describeApiErrorText(remove.error, { thing: c.name, action: 'save' })}
                  </Text>
                </Alert>
              ) : null}
              <Button
                variant="tertiary"
                loading={remove.isPending}
                onClick={() => remove.mutate(c.id, { onSuccess: () => void navigate(tabOf(c)) })}
              >
                Remove this clinical system
              </Button>
            </Stack>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** `smart-client/add-edit` (with `?organisationId=`) and `smart-client/add-edit/{id}`. */
export function SmartClientPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  if (id) return <EditSmartClient id={id} />;
  const organisationId = searchParams.get('organisationId');
  if (!organisationId)
    return (
      <Stack gap={2}>
        <H1>Add a clinical system</H1>
        <Text as="p">Add a clinical system from its business&apos;s Clinical systems tab.</Text>
      </Stack>
    );
  return <AddSmartClient organisationId={organisationId} />;
}

export { SmartClientPage as Component };
