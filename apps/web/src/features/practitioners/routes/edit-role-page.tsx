import { pages } from '@pca/contracts/pages.ts';
import type { PractitionerRoleOutcome } from '@pca/contracts/practitioners.ts';
import { useNavigate, useParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, Loading, Text } from '@pca/ui';
import { usePractitionerRole } from '../api/get-practitioner-role.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { useUpdatePractitionerRole } from '../api/update-practitioner-role.ts';
import { RoleForm } from '../components/role-form.tsx';
import { RoleLoadError } from '../components/role-load-error.tsx';

/** Edit a role (route healthcare-service/{serviceId}/practitioner/add-edit/{roleId}). */
export function EditRolePage() {
  const { roleId = '' } = useParams();
  const navigate = useNavigate();
  const role = usePractitionerRole(roleId);
  const options = useRoleOptions();
  const update = useUpdatePractitionerRole();
  const error = role.error ?? options.error;

  return (
    <Stack gap={2}>
      <H1>Edit practitioner role</H1>
      {error ? (
        <RoleLoadError
          error={error}
          onRetry={() => {
            if (role.isError) void role.refetch();
            if (options.isError) void options.refetch();
          }}
        />
      ) : !role.data || !options.data ? (
        <Loading message="Loading practitioner role" />
      ) : (
        <>
          <Text as="p" fontSize="md">
            {role.data.practitioner.familyName}, {role.data.practitioner.givenName}
            {role.data.practitioner.hpiiIdentifier
              ? ` (HPI-I ${role.data.practitioner.hpiiIdentifier})`
              : ''}
          </Text>
          <RoleForm
            serviceFixed
            services={[
              {
                id: role.data.healthcareServiceId,
                name: role.data.healthcareServiceName,
                organisationId: role.data.organisationId,
                organisationName: role.data.organisationName,
                isActive: true,
              },
            ]}
            roleTypes={options.data.roleTypes}
            defaultValues={{
              healthcareServiceId: role.data.healthcareServiceId,
              primaryType: role.data.primaryType,
              specialty: role.data.specialty ?? '',
              languages: role.data.languages,
              preferredName: role.data.preferredName ?? '',
              numberOfDays: role.data.numberOfDays === null ? '' : String(role.data.numberOfDays),
              startDate: role.data.startDate,
              endDate: role.data.endDate ?? '',
              availableTime: role.data.availableTime,
            }}
            submitLabel="Save"
            onCancel={() => void navigate(pages.practitioners.list.href())}
            onSubmit={async ({ healthcareServiceId: _service, ...body }) => {
              await update.mutateAsync({ roleId, body });
              const outcome: PractitionerRoleOutcome = {
                outcome: 'updated',
                practitioner: `${role.data.practitioner.givenName} ${role.data.practitioner.familyName}`,
                service: role.data.healthcareServiceName,
              };
              void navigate(pages.practitioners.list.href(), { state: outcome });
            }}
          />
        </>
      )}
    </Stack>
  );
}

export { EditRolePage as Component };
