/** Claims the portal needs from the provider-login service's ID token. */
export interface IdentityClaims {
  raNumber: string;
  givenName: string;
  familyName: string;
  email: string | null;
}

/** The OIDC relying-party operations the portal performs (authorization code + PKCE). */
export interface IdentityClient {
  /** URL of the provider's authorization endpoint for a new sign-in. */
  authorizationUrl(params: {
    state: string;
    nonce: string;
    codeChallenge: string;
    /** 'login': the provider asks the person to sign in again even while its own session lasts. */
    prompt?: 'login' | undefined;
  }): Promise<string>;
  /** Exchanges an authorization code for verified ID token claims. */
  exchangeCode(params: {
    code: string;
    state: string;
    iss?: string | undefined;
    codeVerifier: string;
    nonce: string;
  }): Promise<{ claims: IdentityClaims; idToken: string | null }>;
  /** URL that ends the provider's session and returns to the portal. */
  endSessionUrl(idToken: string | null): Promise<string | null>;
}
