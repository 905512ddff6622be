import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { apiPaths } from '@pca/contracts/paths.ts';
import { readRecall } from './recall.ts';
import { requireSession } from './require-session.ts';
import { setSessionToken } from './session-token.ts';

function args(url: string): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context: undefined } as LoaderFunctionArgs;
}

describe('requireSession', () => {
  it('lets a signed-in user through', () => {
    setSessionToken('tok');
    expect(requireSession(args('http://localhost/welcome'))).toBeNull();
  });

  it('remembers the page and redirects the document to the provider login without a token', () => {
    let thrown: unknown;
    try {
      requireSession(args('http://localhost/welcome?msg=success'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(apiPaths.login);
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(readRecall()).toEqual({ path: '/welcome', query: '?msg=success' });
  });
});
