import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  textCharacterProblem,
  type OAuthError,
  type PartnerTokenRequest,
  type PartnerTokenResponse,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { ServerConfig } from '#lib/config.ts';
import { partnerTokenService } from '#platform/partner-tokens.ts';
import { clientSystemsRepository } from './repository.ts';
import { decoyHash, verifySecret } from './secrets.ts';

// The client credentials grant (RFC 6749 §4.4) of the partner API's token endpoint; client authentication by
// HTTP Basic or in the form (§2.3.1), never both (§2.3); errors as §5.2
// (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens").

/** The code of the form parser's refusal of a charset other than UTF-8. */
export const NOT_UTF8 = 'PCA_FORM_NOT_UTF8';

export type TokenAnswer =
  { status: 200; body: PartnerTokenResponse } | { status: 400 | 401; body: OAuthError };

const fail = (status: 400 | 401, error: OAuthError['error'], description: string): TokenAnswer => ({
  status,
  // §5.2: error_description is printable ASCII without '"' and '\\'.
  body: { error, error_description: description.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, '') },
});

const SEND_A_FORM =
  'Send grant_type=client_credentials as application/x-www-form-urlencoded, each parameter once.';

/** The refusal of a token request the route's own checks never saw, by what the framework raised. */
const refusalByCode: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SEND_A_FORM,
  FST_ERR_CTP_INVALID_JSON_BODY: SEND_A_FORM,
  FST_ERR_CTP_EMPTY_JSON_BODY: SEND_A_FORM,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body sent.',
  [NOT_UTF8]: 'Send the form in UTF-8.',
};

/**
 * The §5.2 refusal for an error raised before the token route ran: a body that does not parse (bad JSON,
 * an empty body, a prototype-poisoning key, a charset other than UTF-8, too large) or a parameter that
 * breaks the request schema (the text rule, a repeated parameter, too long). Null for anything else —
 * a rate limit, an outage, a bug — which the app's error handler answers as a problem
 * (docs/decisions/054-canonical-ids-and-oauth-errors.md).
 */
export function tokenRefusalOf(error: FastifyError, body: unknown): TokenAnswer | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const name = issue?.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (!name) return fail(400, 'invalid_request', SEND_A_FORM);
    const given = (body as Record<string, unknown> | undefined)?.[name];
    const problem = Array.isArray(given)
      ? 'is repeated: send each parameter once'
      : issue?.keyword === 'custom'
        ? 'holds a character that is not allowed'
        : issue?.keyword === 'too_big'
          ? 'is too long'
          : issue?.keyword === 'too_small'
            ? 'is empty'
            : 'is not valid';
    return fail(400, 'invalid_request', `The ${name} parameter ${problem}.`);
  }
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500 || status === 429) return null;
  return fail(400, 'invalid_request', refusalByCode[error.code] ?? SEND_A_FORM);
}

/** RFC 6749 §3.3: scope tokens are printable ASCII except space, '"' and '\'. */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/;

/** Appendix B: the form encoding the Basic credentials carry; null when it does not decode. */
function formDecode(value: string) {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** The client id and secret of `Authorization: Basic …`, null when malformed. */
function basicCredentials(header: string) {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return id && secret ? { id, secret } : null;
}

/** The text rule's characters (docs/decisions/008-text-rules-and-problem-types.md) for credentials. */
const hasBadCharacters = (credentials: { id: string; secret: string }) =>
  textCharacterProblem(credentials.id, 'single') !== null ||
  textCharacterProblem(credentials.secret, 'single') !== null;

export async function exchangeClientCredentials(
  deps: { db: Database; config: ServerConfig },
  request: {
    contentType: string | undefined;
    authorization: string | undefined;
    /** The form as the request schema passed it (undefined: no body). */
    body: PartnerTokenRequest | undefined;
  },
): Promise<TokenAnswer> {
  const isForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.contentType ?? '');
  const form = request.body;
  if (!isForm || !form) return fail(400, 'invalid_request', SEND_A_FORM);
  if (form.grant_type !== 'client_credentials')
    return fail(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
  if (form.scope !== undefined && !SCOPE.test(form.scope))
    return fail(400, 'invalid_scope', 'The scope is malformed.');

  const inBody = form.client_id !== undefined || form.client_secret !== undefined;
  if (request.authorization && inBody)
    return fail(400, 'invalid_request', 'Authenticate the client one way: HTTP Basic or the form.');
  let credentials: { id: string; secret: string } | null;
  if (request.authorization) credentials = basicCredentials(request.authorization);
  else if (form.client_id && form.client_secret)
    credentials = { id: form.client_id, secret: form.client_secret };
  else if (inBody) return fail(400, 'invalid_request', 'Send both client_id and client_secret.');
  else credentials = null;
  if (!credentials) return fail(401, 'invalid_client', 'Client authentication failed.');
  if (hasBadCharacters(credentials))
    return fail(
      400,
      'invalid_request',
      'The client credentials hold a character that is not allowed.',
    );

  const client = await clientSystemsRepository(deps.db).byClientId(credentials.id);
  // An unknown client costs as much as a known one, so timing does not tell which client ids exist.
  const matches = await verifySecret(credentials.secret, client?.secretHash ?? (await decoyHash()));
  if (!client || !matches || client.revokedAt)
    return fail(401, 'invalid_client', 'Client authentication failed.');

  const { accessToken, expiresIn } = await partnerTokenService(deps).issue(
    {
      id: client.id,
      clientId: client.clientId,
      partnerCode: client.partnerCode,
      secretIssuedAt: client.secretIssuedAt,
    },
    form.scope,
  );
  return {
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: expiresIn,
      ...(form.scope ? { scope: form.scope } : {}),
    },
  };
}
