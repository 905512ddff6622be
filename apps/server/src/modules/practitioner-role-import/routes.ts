import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ImportPreview,
  ImportRequest,
  ImportResult,
  ImportRunProgress,
  Problem,
  practitionerRoleImportApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems } from '#platform/http/route-schema.ts';
import { practitionerRoleImportService, type CisClientFor } from './service.ts';

const reads = problems(400, 404, 409);
const writes = { ...reads, 502: Problem };

/** Options of the plugin: the app gives the SMART connections' client (modules do not import each other). */
export interface PractitionerRoleImportRouteOptions extends AppDeps {
  cisClientFor: CisClientFor;
}

/**
 * The practitioner role import from a clinical information system (docs/product/practitioner-role-import.md,
 * docs/decisions/070-practitioner-role-import.md). Every route answers 404 unless the caller is an
 * OrganisationManager of the connection's organisation (and, for a run, started it).
 */
export const practitionerRoleImportRoutes: FastifyPluginAsyncZod<
  PractitionerRoleImportRouteOptions
> = async (app, options) => {
  const { cisClientFor, ...deps } = options;
  const service = practitionerRoleImportService(deps, cisClientFor);
  const route = declareRoutes(app, { tag: 'practitioner-role-import' });

  route.post(paths.start, {
    summary: 'Start reading the clinical system’s practitioner roles; reads the first page',
    schema: { params: IdParams, 200: ImportRunProgress, ...writes },
    handler: (request, caller) => service.start(caller, request.params.id),
  });

  route.post(paths.next, {
    summary: 'Read the next page of a run',
    schema: { params: IdParams, 200: ImportRunProgress, ...writes },
    handler: (request, caller) => service.next(caller, request.params.id),
  });

  route.get(paths.run, {
    summary: 'The preview of a run read to the end: roles, sources, services and current roles',
    schema: { params: IdParams, 200: ImportPreview, ...reads },
    handler: (request, caller) => service.preview(caller, request.params.id),
  });

  route.delete(paths.run, {
    summary: 'Cancel a run: what it read is forgotten',
    schema: { params: IdParams, 204: z.null(), ...reads },
    handler: (request, caller) => service.cancel(caller, request.params.id),
  });

  route.post(paths.import, {
    summary:
      'Import the chosen roles under the mapping, in one transaction with an audit event each',
    schema: { params: IdParams, body: ImportRequest, 200: ImportResult, ...reads },
    handler: (request, caller) =>
      service.import(caller, request.params.id, request.body, request.id),
  });
};
