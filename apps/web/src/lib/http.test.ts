import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@pca/contracts/paths.ts';
import { installFakeServer, json, problem } from '../test/fake-server.ts';
import { leaveTo } from './browser-navigation.ts';
import { ApiError, downloadFile, http } from './http.ts';
import { readRecall } from './recall.ts';
import { getSessionToken, setSessionToken } from './session-token.ts';

vi.mock('./browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

describe('http', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(leaveTo).mockClear();
    window.history.replaceState(null, '', '/');
  });

  it('sends JSON with the stored Bearer token and returns the parsed answer', async () => {
    const requests = installFakeServer({ 'POST /api/things': () => json({ id: 7 }, 201) });
    setSessionToken('tok-1');

    await expect(http('/api/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({
      id: 7,
    });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ name: 'x' });
  });

  it('sends no Authorization header without a token', async () => {
    const requests = installFakeServer({ 'GET /api/config': () => json({}) });
    await http(apiPaths.config);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('throws an ApiError carrying the problem+json body', async () => {
    installFakeServer({
      'POST /api/auth/token': () =>
        problem(403, 'https://pca.example/problems/inactive-user', 'Inactive user'),
    });
    const error = await http(apiPaths.token, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(403);
    expect(apiError.problem?.title).toBe('Inactive user');
    expect(apiError.hasProblemType('inactive-user')).toBe(true);
    expect(apiError.hasProblemType('active-user')).toBe(false);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('on 401 stores the recall path and query, drops the token, goes to login and rethrows', async () => {
    installFakeServer({ 'GET /api/me': () => problem(401, 'about:blank', 'Unauthorized') });
    setSessionToken('expired');
    window.history.replaceState(null, '', '/practitioners?organisation=42');

    const error = await http(apiPaths.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(readRecall()).toEqual({ path: '/practitioners', query: '?organisation=42' });
    expect(getSessionToken()).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith(apiPaths.login);
  });

  it('on 401 inactive-user drops the token and goes to the inactive-user page, not to sign in', async () => {
    installFakeServer({
      'GET /api/me': () => problem(401, '/problems/inactive-user', 'Unauthorized'),
    });
    setSessionToken('deactivated');
    const error = await http(apiPaths.me).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(getSessionToken()).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith('/inactive-user');
    expect(leaveTo).not.toHaveBeenCalledWith(apiPaths.login);
  });

  it('does not redirect on 401 when no token was sent (already signed out, e.g. after the idle logout)', async () => {
    installFakeServer({ 'GET /api/me': () => problem(401, 'about:blank', 'Unauthorized') });
    const error = await http(apiPaths.me).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(leaveTo).not.toHaveBeenCalled();
    expect(readRecall()).toEqual({ path: '', query: '' });
  });

  it('does not redirect on 401 when the caller handles it (sign-in and sign-out calls)', async () => {
    installFakeServer({
      'POST /api/auth/token': () => problem(401, 'about:blank', 'Unauthorized'),
    });
    await expect(
      http(apiPaths.token, { method: 'POST', redirectOnUnauthorized: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(leaveTo).not.toHaveBeenCalled();
    expect(readRecall()).toEqual({ path: '', query: '' });
  });

  it('throws an ApiError without a problem when the error body is not problem+json', async () => {
    installFakeServer({ 'GET /api/me': () => new Response('Bad gateway', { status: 502 }) });
    const error = (await http(apiPaths.me).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(leaveTo).mockClear();
    window.history.replaceState(null, '', '/');
  });

  it('saves the answer under the name the API gives, sending the session token', async () => {
    const requests = installFakeServer({
      'GET /api/audit-events.csv': () =>
        new Response('a,b\n', {
          headers: { 'Content-Disposition': 'attachment; filename="audit-events-2026.csv"' },
        }),
    });
    setSessionToken('tok-2');
    // jsdom has no object URLs; the stub is undone after each test.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:file';
        static override revokeObjectURL = () => undefined;
      },
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await downloadFile('/api/audit-events.csv', 'audit-events.csv');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-2');
    expect(saved).toEqual(['audit-events-2026.csv']);
    click.mockRestore();
  });

  it('on 401 drops the token and goes to sign in, as every call does', async () => {
    installFakeServer({
      'GET /api/audit-events.csv': () => problem(401, 'about:blank', 'Unauthorized'),
    });
    setSessionToken('expired');
    const error = await downloadFile('/api/audit-events.csv').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(getSessionToken()).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith(apiPaths.login);
  });

  it('throws a refusal with its problem and stays on the page', async () => {
    installFakeServer({
      'GET /api/audit-events.csv': () => problem(403, '/problems/forbidden', 'Forbidden'),
    });
    setSessionToken('tok-3');
    const error = (await downloadFile('/api/audit-events.csv').catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(403);
    expect(error.problem?.title).toBe('Forbidden');
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
