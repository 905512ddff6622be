import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Core } from '@pca/ui/primitives/core.ts';
import { Component } from './routes.tsx';
import { galleryPages } from './gallery-pages.ts';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <Core>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/design-system/*" element={<Component />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Core>,
  );
}

describe('design-system gallery', () => {
  it('redirects /design-system to the home page, titled as a welcome', async () => {
    renderAt('/design-system');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to the PCA Design System' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/design-system/home');
    await waitFor(() =>
      expect(document.title).toBe('Welcome to the PCA Design System - Provider Connect Australia'),
    );
  });

  it.each(galleryPages.map((p) => [p.path, p.name] as const))(
    'renders %s with one level-one heading and its tab title',
    async (path, name) => {
      renderAt(`/design-system/${path}`);
      const headings = await screen.findAllByRole('heading', { level: 1 });
      expect(headings).toHaveLength(1);
      if (path !== 'home') expect(headings[0]).toHaveTextContent(name);
      const tab = path === 'home' ? 'Welcome to the PCA Design System' : name;
      await waitFor(() => expect(document.title).toBe(`${tab} - Provider Connect Australia`));
      const ids = Array.from(document.querySelectorAll('[id]')).map((el) => el.id);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it('links every page from the 240 px side navigation', () => {
    renderAt('/design-system/alerts');
    const nav = screen.getByRole('navigation', { name: /Design system/ });
    for (const page of galleryPages) {
      expect(within(nav).getByRole('link', { name: page.name, hidden: true })).toHaveAttribute(
        'href',
        `/design-system/${page.path}`,
      );
    }
    expect(within(nav).getByRole('link', { name: 'Alerts', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(nav.parentElement).toHaveAttribute('data-width', '240');
  });

  it('shows the avatar sizes xs to xl', async () => {
    renderAt('/design-system/avatar');
    for (const size of ['xs', 'sm', 'md', 'lg', 'xl'])
      expect(screen.getByText(size)).toBeInTheDocument();
  });

  it('pages the opening-hours table five rows at a time', async () => {
    const user = userEvent.setup();
    renderAt('/design-system/tables');
    const table = screen.getByRole('table', { name: 'Opening hours' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getAllByRole('button', { name: /next page/i })[0]!);
    expect(
      within(screen.getByRole('table', { name: 'Opening hours' })).getAllByRole('row'),
    ).toHaveLength(4);
  });
});
