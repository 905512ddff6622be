import type { FastifyInstance } from 'fastify';

const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods a path answers to, for a 405 instead of a 404 when only the method is wrong: the portal
 * API's not-found handler and the partner API's. A catch-all route (the SPA's GET, the partner API's
 * `/fhir/*`) does not count: it does not make every path a resource.
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return PROBED_METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params ?? {}));
  });
}
