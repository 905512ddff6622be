import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeServer, invalidIdProblem, json, problem } from '../../test/fake-server.ts';
import { http } from '../http.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { maintenanceMessage } from '@pca/contracts/constants.ts';
import { describeApiError, waitText } from './describe-api-error.ts';

/** The error `http` throws when the API answers `response` (so the alert sees what the app sees). */
async function errorFor(response: () => Response | Promise<Response>): Promise<unknown> {
  installFakeServer({ 'GET /api/thing': response });
  return http('/api/thing').catch((error: unknown) => error);
}

function withRetryAfter(response: Response, value: string): Response {
  response.headers.set('Retry-After', value);
  return response;
}

/** Renders the alert for `error` and answers the visible text and whether a retry is offered. */
function show(error: unknown) {
  const onRetry = vi.fn();
  const { container } = render(
    <ApiErrorAlert error={error} thing="the practitioners" onRetry={onRetry} />,
  );
  return { text: container.textContent ?? '', onRetry };
}

describe('ApiErrorAlert: what a person is told for each kind of API error', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('403: no access, and whom to ask; no retry', async () => {
    const { text } = show(await errorFor(() => problem(403, 'urn:pca:forbidden', 'Forbidden')));
    expect(screen.getByText('You do not have access to the practitioners')).toBeVisible();
    expect(text).toContain('Ask an administrator of the business to give you access.');
    expect(text).not.toMatch(/try again/i);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('404: it does not exist', async () => {
    const { text } = show(await errorFor(() => problem(404, 'urn:pca:not-found', 'Not Found')));
    expect(screen.getByText('The practitioners does not exist')).toBeVisible();
    expect(text).not.toMatch(/try again/i);
  });

  it('400 on a load whose only invalid fields are ids (a malformed id in the address): it does not exist', async () => {
    const invalid = (field: string) => () => invalidIdProblem(field);
    const malformedId = await errorFor(invalid('practitionerId'));
    expect(describeApiError(malformedId, { thing: 'this bank account' })).toMatchObject({
      kind: 'not-found',
      title: 'This bank account does not exist',
    });
    // Saving, an invalid id is the form's to explain; and any other invalid field is not an address.
    expect(describeApiError(malformedId, { thing: 'this bank account', action: 'save' }).kind).toBe(
      'refused',
    );
    expect(describeApiError(await errorFor(invalid('name')), { thing: 'it' }).kind).toBe('refused');
  });

  it('503: exactly the maintenance message, whatever the problem says', async () => {
    const { text } = show(
      await errorFor(() =>
        withRetryAfter(problem(503, 'urn:pca:unavailable', 'Service Unavailable'), '30'),
      ),
    );
    expect(screen.getByText(maintenanceMessage)).toBeVisible();
    expect(maintenanceMessage).toBe(
      'The system is currently under maintenance. Please try again later.',
    );
    expect(text).toBe(maintenanceMessage);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('429: too many requests, wait as long as Retry-After says', async () => {
    const error = await errorFor(() =>
      withRetryAfter(problem(429, 'urn:pca:rate-limited', 'Too Many Requests'), '42'),
    );
    const { text } = show(error);
    expect(screen.getByText('Too many requests')).toBeVisible();
    expect(text).toContain('Wait 42 seconds, then try again.');
    expect(text).not.toMatch(/later/i);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('500: try again later, with a Try again button that retries', async () => {
    const { text, onRetry } = show(
      await errorFor(() => problem(500, 'about:blank', 'Internal Server Error')),
    );
    expect(screen.getByText('We could not load the practitioners')).toBeVisible();
    expect(text).toContain('Please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a network failure: check the connection, try again later', async () => {
    const { text } = show(await errorFor(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(screen.getByText('We could not load the practitioners')).toBeVisible();
    expect(text).toContain('Check your internet connection, then try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('another refusal (409) shows the API’s own explanation, not an outage', async () => {
    const error = await errorFor(() =>
      json(
        { type: 'urn:pca:conflict', title: 'Conflict', status: 409, detail: 'Already done.' },
        409,
      ),
    );
    const description = describeApiError(error, { thing: 'the practitioners' });
    expect(description).toMatchObject({
      kind: 'refused',
      detail: 'Already done.',
      canRetry: false,
    });
  });

  it('waits are said in seconds below a minute and in whole minutes above', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(59)).toBe('59 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
  });
});
