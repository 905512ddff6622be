import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { SetupHelper, SetupHelperTile, setupHelperStates } from './setup-helper-tile.tsx';

describe('SetupHelperTile', () => {
  it.each([
    ['default', 'Not started'],
    ['incomplete', 'Incomplete'],
    ['complete', 'Complete'],
    ['inactive', 'Not available yet'],
    ['partial', 'In progress'],
  ] as const)('states its %s state in text', (state, text) => {
    renderWithCore(<SetupHelperTile title="Add your HPI-I" state={state} href="/profile/1" />);
    expect(screen.getByText(`Status: ${text}`)).toBeInTheDocument();
  });

  it('links active tiles but not inactive ones', () => {
    renderWithCore(
      <>
        <SetupHelperTile title="Active step" state="default" href="/a" />
        <SetupHelperTile title="Blocked step" state="inactive" href="/b" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Active step' })).toHaveAttribute('href', '/a');
    expect(screen.queryByRole('link', { name: 'Blocked step' })).not.toBeInTheDocument();
  });
});

describe('SetupHelper', () => {
  it('lists the tiles in numbered order', () => {
    renderWithCore(
      <SetupHelper
        label="Set up your account"
        tiles={setupHelperStates.map((state) => ({
          title: `Step ${state}`,
          state,
          href: `/${state}`,
        }))}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Set up your account' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('1. Step default');
  });
});
