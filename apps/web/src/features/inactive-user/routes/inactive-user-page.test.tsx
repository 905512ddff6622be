import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app.tsx';
import { testConfig } from '../../../test/test-config.ts';

describe('InactiveUserPage', () => {
  it('asks the user to contact support by the configured email and phone', async () => {
    renderApp('/inactive-user', {
      ...testConfig,
      support: { email: 'help@pca.example.gov.au', phone: '(02) 6100 1234' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is inactive' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/has been made inactive/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@pca.example.gov.au' })).toHaveAttribute(
      'href',
      'mailto:help@pca.example.gov.au',
    );
    expect(screen.getByRole('link', { name: '(02) 6100 1234' })).toHaveAttribute(
      'href',
      'tel:0261001234',
    );
    // The title is set by the layout's effect, which may run after the lazy page has rendered.
    await waitFor(() =>
      expect(document.title).toBe('Account inactive - Provider Connect Australia'),
    );
  });
});
