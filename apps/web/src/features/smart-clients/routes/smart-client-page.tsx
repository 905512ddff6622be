import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
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
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';
import { CLINICAL_SYSTEMS_TAB } from '#lib/smart-clients/clinical-systems-tab.tsx';
import {
  readSmartClientOutcome,
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
      <H1>Add clinical information system</H1>
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
              // Only a failed save is reset: resetting one in flight would drop its navigation.
              onEdit={add.isError ? add.reset : undefined}
              onCancel={() =>
                void navigate(tabOf({ organisationType: o.type, organisationId: o.id }))
              }
              onSubmit={(values) =>
                add.mutate(
                  { ...values, organisationId: o.id },
                  {
                    // The edit page it lands on confirms the add (docs/product/smart-clients.md).
                    onSuccess: (saved) =>
                      void navigate(pages.clientSystems.edit.href({ id: saved.id }), {
                        replace: true,
                        state: { outcome: 'added', name: saved.name },
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
  const location = useLocation();
  const query = useSmartClient(id);
  const update = useUpdateSmartClient(id);
  const remove = useRemoveSmartClient();
  const [confirming, setConfirming] = useState(false);
  // The add page lands here with what it added; a later save says Saved instead.
  const added = readSmartClientOutcome(location.state);
  // A save brings the form back afresh (keyed by the saved time), without the button that was pressed: focus
  // goes to the Saved message, once for each save.
  const savedRef = useFocusWhenShown(update.isSuccess ? update.data : null);
  return (
    <Stack gap={2}>
      <H1>Edit clinical information system</H1>
      <QueryView
        query={query}
        loading={<Loading message="Loading the clinical system" />}
        thing="this clinical system"
        logMessage="Clinical system failed to load"
      >
        {(c) => (
          <Stack gap={2}>
            {update.isSuccess ? (
              <div ref={savedRef}>
                <Alert tone="success" title="Saved" focusable>
                  <Text as="p">{c.name} answered with its SMART configuration.</Text>
                </Alert>
              </div>
            ) : added?.outcome === 'added' ? (
              <Alert tone="success" title="Added">
                <Text as="p">
                  {added.name} answered with its SMART configuration. Register the portal in it as
                  below, then connect from the business&apos;s Clinical systems tab.
                </Text>
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
              onEdit={update.isError ? update.reset : undefined}
              onCancel={() => void navigate(tabOf(c))}
              onSubmit={(values) => update.mutate(values)}
            />
            <div>
              <Button
                variant="tertiary"
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
              >
                Remove this clinical system
              </Button>
            </div>
            <ConfirmDialog
              isOpen={confirming}
              onClose={() => setConfirming(false)}
              saving={remove.isPending}
              serverError={remove.error}
              title={`Remove ${c.name}?`}
              warning={`This removes ${c.name} from ${c.organisationName} and ends everyone's sign-in to it. To use it again, add it again and connect to it again.`}
              confirmLabel="Remove clinical system"
              onConfirm={() =>
                remove.mutate(c.id, {
                  onSuccess: () =>
                    void navigate(tabOf(c), {
                      replace: true,
                      state: { outcome: 'removed', name: c.name },
                    }),
                })
              }
              thing={c.name}
              askWhom="an administrator of the business"
              action="remove"
            />
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
        <H1>Add clinical information system</H1>
        <Text as="p">Add a clinical system from its business&apos;s Clinical systems tab.</Text>
      </Stack>
    );
  return <AddSmartClient organisationId={organisationId} />;
}

export { SmartClientPage as Component };
