import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { terminologyApiPaths } from '@pca/contracts';
import { renderWithCore } from '@pca/ui/test-utils/render.tsx';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { RoleForm, type RoleFormProps } from './role-form.tsx';

const service = {
  id: '5b0c1a9e-2f3d-4c5b-8a6e-7d8f9a0b1c2d',
  name: 'Harbour Telehealth GP',
  organisationId: '6c1d2b0f-3a4e-4d6c-9b7f-8e9a0b1c2d3e',
  organisationName: 'Harbour Health',
  isActive: true,
};

function renderForm(onSubmit: RoleFormProps['onSubmit'] = vi.fn(() => Promise.resolve())) {
  installFakeServer({ [`GET ${terminologyApiPaths.concepts}`]: () => json({ concepts: [] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
  renderWithCore(
    wrap(
      <RoleForm
        services={[service]}
        serviceFixed
        roleTypes={['General practitioner']}
        defaultValues={{
          healthcareServiceId: service.id,
          primaryType: 'General practitioner',
          specialty: '',
          languages: [],
          preferredName: '',
          numberOfDays: '',
          startDate: '2026-03-02',
          endDate: '',
        }}
        onSubmit={onSubmit}
        onCancel={() => undefined}
        submitLabel="Save"
      />,
    ),
  );
  return onSubmit;
}

describe('RoleForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the start date when it is cleared, not for a format the date picker cannot take', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.clear(screen.getByLabelText(/^Start date/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter the start date' })).toBeVisible();
    expect(screen.queryByText(/YYYY-MM-DD/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the start date’s error and an opening-hours error at once', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.clear(screen.getByLabelText(/^Start date/));
    const hours = screen.getByRole('group', {
      name: /When this practitioner is available in this role/,
    });
    await user.selectOptions(within(hours).getByLabelText(/^Monday hours/), 'hours');
    const closes = within(hours).getByLabelText(/^Monday closes/);
    await user.clear(closes);
    await user.type(closes, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Enter the start date',
      expect.stringMatching(/closing time must be after opening time/i),
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
