import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delegateSearchMessages, type DelegateCandidate } from '@pca/contracts';
import { renderWithCore } from '@pca/ui/test-utils/render.tsx';
import { ChooseConnection } from './choose-connection.tsx';
import { ChooseDelegateStep, type DelegateType } from './choose-delegate-step.tsx';
import { InviteSearchForm, useInviteSearchForm } from './invite-search-form.tsx';
import { DelegateEmailForm, useDelegateEmailForm } from './delegate-email-form.tsx';
import {
  DelegateDetailsForm,
  detailsEntered,
  useDelegateDetailsForm,
} from './delegate-details-form.tsx';

// The steps of assigning a delegate, each on its own; the consent step (it loads the list in force) and the
// page's journey are in ../delegations.test.tsx.

const person = (id: string, givenName: string, familyName: string): DelegateCandidate => ({
  id,
  givenName,
  familyName,
  email: `${givenName.toLowerCase()}@example.com`,
  userPhotoData: null,
  authIdentifier: '2000000022',
});
const ben = person('11111111-1111-4111-8111-111111111111', 'Ben', 'Okafor');
const bea = person('22222222-2222-4222-8222-222222222222', 'Bea', 'Smith');

describe('ChooseDelegateStep', () => {
  it('offers connections or an invitation, connections first, and says which was chosen', async () => {
    const onTypeChange = vi.fn();
    function Harness() {
      const [type, setType] = useState<DelegateType>('connections');
      return (
        <ChooseDelegateStep
          headingId="step-1"
          type={type}
          onTypeChange={(t) => {
            onTypeChange(t);
            setType(t);
          }}
        >
          <p>{`Fields of ${type}`}</p>
        </ChooseDelegateStep>
      );
    }
    renderWithCore(<Harness />);
    expect(screen.getByRole('region', { name: '1. Choose a delegate' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'From your connections' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'About connections' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Invite someone'));
    expect(onTypeChange).toHaveBeenCalledWith('invite');
    expect(screen.getByText('Fields of invite')).toBeInTheDocument();
  });
});

describe('ChooseConnection', () => {
  function Harness({ users }: { users: DelegateCandidate[] }) {
    const [connection, setConnection] = useState<DelegateCandidate | null>(null);
    return (
      <ChooseConnection
        users={users}
        loadFailed={false}
        connection={connection}
        onChange={setConnection}
      />
    );
  }

  it('filters the connections by full name, shows the chosen one in a card, and Close removes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCore(<Harness users={[ben, bea]} />);
    const input = screen.getByRole('combobox', { name: /Type a name/ });
    expect(input).toHaveAccessibleDescription(/Practice or business managers linked to you/);
    await user.type(input, 'ben oka');
    await user.click(await screen.findByRole('option', { name: 'Ben Okafor' }));
    expect(screen.queryByRole('option', { name: 'Bea Smith' })).toBeNull();
    expect(screen.getByTestId('delegate-card')).toHaveTextContent('Ben Okafor');
    // The one chosen is not offered again.
    await user.clear(input);
    await user.type(input, 'b');
    expect(await screen.findByRole('option', { name: 'Bea Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ben Okafor' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Remove Ben Okafor' }));
    expect(screen.queryByTestId('delegate-card')).toBeNull();
  });

  it('says "No results found" as a status when no connection matches, with no empty listbox', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCore(<Harness users={[ben, bea]} />);
    const input = screen.getByRole('combobox', { name: /Type a name/ });
    await user.type(input, 'z');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results found'));
    // A listbox must own options (axe: aria-required-children).
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('hints when there are no connections, or they could not be loaded', () => {
    const { rerender } = renderWithCore(
      <ChooseConnection users={[]} loadFailed={false} connection={null} onChange={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: /Type a name/ })).toHaveAccessibleDescription(
      /You have no connections who are not already your delegates: invite someone instead/,
    );
    rerender(
      <ChooseConnection users={undefined} loadFailed connection={null} onChange={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: /Type a name/ })).toHaveAccessibleDescription(
      /Your connections could not be loaded. Try again later, or invite someone/,
    );
  });
});

describe('InviteSearchForm', () => {
  function Harness(props: {
    onSearch: (v: { authIdentifier: string; familyName: string }) => void;
    onEdit: () => void;
    sorry: { title: string; message: string } | null;
  }) {
    const form = useInviteSearchForm();
    return <InviteSearchForm form={form} searching={false} {...props} />;
  }

  it('searches with a valid RA number and last name, and tells the page of every edit', async () => {
    const onSearch = vi.fn();
    const onEdit = vi.fn();
    renderWithCore(<Harness onSearch={onSearch} onEdit={onEdit} sorry={null} />);
    expect(screen.getByRole('form', { name: 'Find the person to invite' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/RA number/), '2000005555');
    await userEvent.type(screen.getByLabelText(/Last name/), 'New');
    expect(onEdit).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]![0]).toEqual({ authIdentifier: '2000005555', familyName: 'New' });
  });

  it('does not search with a short RA number: the error summary says why', async () => {
    const onSearch = vi.fn();
    renderWithCore(<Harness onSearch={onSearch} onEdit={vi.fn()} sorry={null} />);
    await userEvent.type(screen.getByLabelText(/RA number/), '123');
    await userEvent.type(screen.getByLabelText(/Last name/), 'New');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('shows why the search found no one to invite, and moves focus there', async () => {
    renderWithCore(
      <Harness onSearch={vi.fn()} onEdit={vi.fn()} sorry={delegateSearchMessages.alreadyInvited} />,
    );
    const title = screen.getByText(delegateSearchMessages.alreadyInvited.title);
    expect(screen.getByText(delegateSearchMessages.alreadyInvited.message)).toBeInTheDocument();
    await waitFor(() => expect(title.closest('[tabindex="-1"]')).toHaveFocus());
  });
});

describe('DelegateEmailForm', () => {
  it('asks for the email of a person found without one, and checks it when asked', async () => {
    let form: ReturnType<typeof useDelegateEmailForm> | undefined;
    function Harness() {
      form = useDelegateEmailForm();
      return <DelegateEmailForm form={form} />;
    }
    renderWithCore(<Harness />);
    expect(screen.getByRole('form', { name: 'Their email' })).toBeInTheDocument();
    expect(screen.getByText(delegateSearchMessages.noEmailMatch)).toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    await userEvent.type(email, 'not-an-email');
    let ok = true;
    await act(async () => {
      ok = await form!.trigger();
    });
    expect(ok).toBe(false);
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('DelegateDetailsForm', () => {
  it('asks for the names and email of someone not yet a user', async () => {
    let form: ReturnType<typeof useDelegateDetailsForm> | undefined;
    function Harness() {
      form = useDelegateDetailsForm();
      return <DelegateDetailsForm form={form} />;
    }
    renderWithCore(<Harness />);
    expect(screen.getByRole('form', { name: 'Their details' })).toBeInTheDocument();
    expect(
      screen.getByText(/There is no Provider Connect Australia user with that RA number yet/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/First name/), 'Nora');
    await userEvent.type(screen.getByLabelText(/Last name/), 'New');
    await userEvent.type(screen.getByLabelText(/^Email/), 'nora@example.com');
    expect(detailsEntered(form!.getValues())).toBe(true);
    expect(detailsEntered({ givenName: ' ', familyName: 'New', email: 'x@example.com' })).toBe(
      false,
    );
  });

  it('shows the error summary when Assign finds the details invalid', async () => {
    let form: ReturnType<typeof useDelegateDetailsForm> | undefined;
    function Harness() {
      form = useDelegateDetailsForm();
      return <DelegateDetailsForm form={form} />;
    }
    renderWithCore(<Harness />);
    await act(async () => {
      await form!.trigger();
    });
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
  });
});
