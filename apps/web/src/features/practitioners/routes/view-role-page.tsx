import { editRoleHref, pages } from '@pca/contracts/pages.ts';
import { useParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { ButtonGroup, H1, Loading } from '@pca/ui';
import { usePractitionerRole } from '../api/get-practitioner-role.ts';
import { RoleLoadError } from '../components/role-load-error.tsx';
import { RoleSummary } from '../components/role-summary.tsx';

/** Read view of a role (route healthcare-service/{serviceId}/practitioner/{roleId}). */
export function ViewRolePage() {
  const { roleId = '' } = useParams();
  const role = usePractitionerRole(roleId);
  return (
    <Stack gap={2}>
      <H1>Practitioner role</H1>
      {role.isError ? (
        <RoleLoadError error={role.error} onRetry={() => void role.refetch()} />
      ) : !role.data ? (
        <Loading message="Loading practitioner role" />
      ) : (
        <>
          <RoleSummary role={role.data} />
          <ButtonGroup>
            {role.data.canManage ? (
              <ButtonLink href={editRoleHref(role.data, role.data.practitioner.id)}>
                Edit
              </ButtonLink>
            ) : null}
            <ButtonLink variant="secondary" href={pages.practitioners.list.href()}>
              Back to Practitioners
            </ButtonLink>
          </ButtonGroup>
        </>
      )}
    </Stack>
  );
}

export { ViewRolePage as Component };
