import { useNavigate } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { pages } from '@pca/contracts/pages.ts';
import { useRegisterPartnerService } from '../api/partner-services.ts';
import { emptyPartnerService, PartnerServiceForm } from '../components/partner-service-form.tsx';

/** Registers a partner service; then its page, where its statement and logo are added. */
export function AddPartnerServicePage() {
  const navigate = useNavigate();
  const register = useRegisterPartnerService();
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Register a partner service</H1>
        <Text as="p">
          Once it is registered, publish its information use statement and add its logo on its page.
          Providers cannot publish to it before it has a statement.
        </Text>
      </Stack>
      <PartnerServiceForm
        mode="register"
        defaultValues={emptyPartnerService}
        saving={register.isPending}
        serverError={register.error}
        onSave={async (values) => {
          const created = await register.mutateAsync(values).catch(() => null);
          // The form goes with this page: its page says what was done, and that message takes focus.
          if (created)
            void navigate(pages.partners.service.href({ id: created.id }), {
              state: { outcome: 'registered', name: created.name },
            });
        }}
      />
    </Stack>
  );
}

export { AddPartnerServicePage as Component };
