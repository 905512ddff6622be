import { describe, expect, it } from 'vitest';
import { CurrentUser, Problem } from '@pca/contracts';
import { ALICE, useTestApp } from '../../test/use-test-app.ts';

// RFC 9110 makes authentication scheme names case-insensitive: 'bearer' and 'BEARER' are 'Bearer'.

const { t, as } = useTestApp();

/** Alice's session token, signed in once for the file. */
const aliceToken = async () => (await as(ALICE)).authorization.replace(/^Bearer /, '');

describe('the Authorization scheme', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts %s', async (scheme) => {
    const token = await aliceToken();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `${scheme} ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(CurrentUser.parse(res.json()).authIdentifier).toBe(ALICE);
  });

  it.each(['Basic', 'Token', 'Bearer:'])(
    'still refuses the scheme %s with 401 problem+json',
    async (scheme) => {
      const token = await aliceToken();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(res.json())).toMatchObject({
        type: '/problems/unauthorized',
        title: 'Unauthorized',
      });
    },
  );
});
