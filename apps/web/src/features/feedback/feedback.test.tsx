import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feedbackApiPaths, feedbackMessages } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { clearSessionToken, setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { demoUsers, participatingOrganisation } from '../../test/demo-world.ts';

const receipt = { id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9' };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionToken();
});

describe('give us feedback', () => {
  it('works signed out: asks for a rating, counts the comments, checks the email, then thanks', async () => {
    clearSessionToken();
    const requests = installFakeServer({
      [`POST ${feedbackApiPaths.feedback}`]: () => json(receipt, 201),
    });
    renderApp('/give-feedback');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Give us feedback' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: feedbackMessages.ratingRequired }),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: '4 – Easy' }));
    const comments = screen.getByRole('textbox', { name: /Comments/ });
    expect(screen.getByText(/1000 characters remaining/)).toBeVisible();
    await userEvent.type(comments, 'Quick to add a location');
    expect(screen.getByText(/977 characters remaining/)).toBeVisible();
    // A paste past the limit is cut at 1,000 characters.
    fireEvent.change(comments, { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText(/0 characters remaining/)).toBeVisible();
    fireEvent.change(comments, { target: { value: 'Quick to add a location' } });
    await userEvent.type(screen.getByRole('textbox', { name: /Your email/ }), 'mei@');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByRole('link', {
        name: 'Enter a valid email address, for example name@example.com',
      }),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByRole('textbox', { name: /Your email/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback')).toBeVisible();
    expect(screen.getByText(/Your reference is 0f1e2d3c/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({
      rating: 4,
      comments: 'Quick to add a location',
      contactName: '',
      contactEmail: '',
    });
    expect(sent.headers.get('authorization')).toBeNull();
  });

  it('shows the rate limit the API answers, signed in', async () => {
    setSessionToken('tok');
    installFakeServer({
      [`GET ${apiPaths.me}`]: () => json(demoUsers.alice()),
      [`GET ${meApiPaths.organisations}`]: () =>
        json({ organisations: [participatingOrganisation()] }),
      [`POST ${feedbackApiPaths.feedback}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/rate-limited',
            title: 'Too many requests',
            status: 429,
            detail: 'Too many requests. Please wait 10 minutes and try again.',
          }),
          {
            status: 429,
            headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '600' },
          },
        ),
    });
    renderApp('/give-feedback');
    await userEvent.click(await screen.findByRole('radio', { name: '2 – Difficult' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Too many requests');
    expect(summary).toHaveTextContent('Wait 10 minutes, then try again.');
    expect(screen.queryByText('Thank you for your feedback')).toBeNull();
  });
});
