import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { installFakeServer, json, problem } from '../test/fake-server.ts';
import { http } from './http.ts';
import { QueryView } from './query-view.tsx';

function Things() {
  const query = useQuery({
    queryKey: ['things'],
    queryFn: ({ signal }) => http<{ names: string[] }>('/api/things', { signal }),
    retry: false,
  });
  return (
    <QueryView
      query={query}
      loading={<p>Loading things</p>}
      thing="the things"
      logMessage="Things failed to load"
    >
      {({ names }) => (
        <ul aria-label="Things">
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function renderThings() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Things />
    </QueryClientProvider>,
  );
}

describe('QueryView: a query’s loading indicator, its error with a retry, or its content', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the page’s own loading indicator, then the content from the data', async () => {
    installFakeServer({ 'GET /api/things': () => json({ names: ['one', 'two'] }) });
    renderThings();
    expect(screen.getByText('Loading things')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Things' })).toHaveTextContent('onetwo');
    expect(screen.queryByText('Loading things')).not.toBeInTheDocument();
  });

  it('a failure says what could not be loaded, logs it, and Try again loads it again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    installFakeServer({
      'GET /api/things': () =>
        ++calls === 1
          ? problem(500, 'urn:pca:internal', 'Internal Server Error')
          : json({ names: ['again'] }),
    });
    renderThings();
    expect(await screen.findByText('We could not load the things')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Things failed to load', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Things' })).toHaveTextContent('again');
    expect(calls).toBe(2);
  });

  it('offers no retry where trying again cannot help (403)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFakeServer({
      'GET /api/things': () => problem(403, 'urn:pca:forbidden', 'Forbidden'),
    });
    renderThings();
    expect(await screen.findByText('You do not have access to the things')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
