import { pages } from '@pca/contracts/pages.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { australianToday, type PractitionerRoleOutcome } from '@pca/contracts/practitioners.ts';
import { Button, H1, H2, Loading, Text } from '@pca/ui';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { ApiError } from '#lib/http.ts';
import { useCreatePractitionerRole } from '../api/create-practitioner-role.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { FindPractitioner, type ChosenPractitioner } from '../components/find-practitioner.tsx';
import { RoleForm } from '../components/role-form.tsx';

/** Add a practitioner role (route practitioner-role/add): find the practitioner, then the role's details. */
export function AddRolePage() {
  const navigate = useNavigate();
  const options = useRoleOptions();
  const create = useCreatePractitionerRole();
  const [chosen, setChosen] = useState<ChosenPractitioner | null>(null);
  const back = () => void navigate(pages.practitioners.list.href());

  if (options.isError) {
    return (
      <Stack gap={1.5}>
        <H1>Add practitioner</H1>
        {options.error instanceof ApiError && options.error.status === 403 ? (
          <PageAlert tone="warning" title="You cannot add practitioners">
            <Text as="p">
              You need to manage an active healthcare service to add a practitioner.
            </Text>
          </PageAlert>
        ) : (
          <ApiErrorAlert
            error={options.error}
            thing="the practitioner form"
            onRetry={() => void options.refetch()}
          />
        )}
      </Stack>
    );
  }
  if (!options.data) return <Loading message="Loading" />;
  const services = options.data.healthcareServices.filter((s) => s.isActive);

  return (
    <Stack gap={2}>
      <H1>Add practitioner</H1>
      {chosen ? (
        <Stack gap={1.5}>
          <Flex gap={1} alignItems="center" flexWrap="wrap">
            <H2>
              {chosen.familyName}, {chosen.givenName}
            </H2>
            <Button variant="text" onClick={() => setChosen(null)}>
              Change practitioner
            </Button>
          </Flex>
          <RoleForm
            services={services}
            roleTypes={options.data.roleTypes}
            defaultValues={{
              healthcareServiceId: services.length === 1 ? services[0]!.id : '',
              primaryType: '',
              specialty: '',
              languages: [],
              preferredName: '',
              numberOfDays: '',
              startDate: australianToday(),
              endDate: '',
            }}
            submitLabel="Add practitioner"
            onCancel={back}
            onSubmit={async (values) => {
              await create.mutateAsync({
                ...values,
                practitionerId: chosen.practitionerId,
                // Matched by the HI Service: the number with the names searched, which the server asks again.
                hiService:
                  chosen.practitionerId || !chosen.hpii
                    ? null
                    : {
                        hpii: chosen.hpii,
                        familyName: chosen.familyName,
                        givenName: chosen.givenName,
                      },
              });
              const outcome: PractitionerRoleOutcome = {
                outcome: 'added',
                practitioner: `${chosen.givenName} ${chosen.familyName}`,
                service: services.find((s) => s.id === values.healthcareServiceId)?.name ?? '',
              };
              void navigate(pages.practitioners.list.href(), { state: outcome });
            }}
          />
        </Stack>
      ) : (
        <>
          <Text as="p">
            Find the practitioner by their HPI-I and names or, if they already work with you, by
            name.
          </Text>
          <FindPractitioner onChoose={setChosen} />
        </>
      )}
    </Stack>
  );
}

export { AddRolePage as Component };
