/** API paths shared by the server routes and the web fetchers, so neither builds them by hand. */
export const apiPaths = {
  health: '/api/health',
  config: '/api/config',
  docs: '/api/docs',
  login: '/api/auth/login',
  token: '/api/auth/token',
  logout: '/api/auth/logout',
  me: '/api/me',
} as const;

/** Paths of the signed-in user's own resources. */
export const meApiPaths = {
  organisations: '/api/me/organisations',
} as const;
