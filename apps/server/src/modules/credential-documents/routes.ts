import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CredentialDocument,
  CredentialDocumentDetails,
  CredentialDocumentParams,
  CredentialDocuments,
  OrganisationCredentialDocumentsParams,
  Problem,
  SharedCredentialDocuments,
  credentialDocumentApiPaths as paths,
  credentialDocumentLimits,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { reads } from '#platform/http/route-schema.ts';
import { documentStorageOf } from '#platform/storage/storage-of.ts';
import { credentialDocumentsService } from './service.ts';

const uploads = { ...reads, 413: Problem, 415: Problem, 422: Problem };

/** `attachment` with the name as plain ASCII and, for any other character, RFC 5987's UTF-8 form. */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Credential documents (docs/decisions/057-credential-documents.md). Uploads are multipart/form-data —
 * a `details` field (JSON) and then a `file` — read as a stream: the file goes through the inspector into
 * storage and is never held whole. Who may act is settled before the file's first byte is read.
 */
export const credentialDocumentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = credentialDocumentsService(deps, documentStorageOf(deps.config));
  // In this module's scope only. Busboy's file limit sits one byte past ours, so the inspector (which
  // counts the same bytes) is what refuses an oversized file, with the page's message.
  await app.register(multipart, {
    limits: {
      fileSize: credentialDocumentLimits.maxBytes + 1,
      files: 1,
      fields: 4,
      fieldSize: 16_384,
      parts: 6,
      headerPairs: 20,
    },
  });
  const route = declareRoutes(app, { tag: 'credential-documents', bodyLimit: 16_384 });

  route.get(paths.list, {
    summary: "The practitioner's credential documents (own, or the managed practitioner's)",
    schema: { 200: CredentialDocuments, ...reads },
    handler: (_request, caller) => service.list(caller),
  });

  route.post(paths.list, {
    summary:
      'Upload a credential document: multipart/form-data with `details` (JSON) then `file` (PDF, PNG or JPEG, at most 10 MB)',
    schema: { consumes: ['multipart/form-data'], 201: CredentialDocument, ...uploads },
    handler: (request, caller) => service.create(caller, request.parts(), request.id),
  });

  route.get(paths.organisation, {
    summary: 'The credential documents shared with an organisation (its OrganisationManagers)',
    schema: {
      params: OrganisationCredentialDocumentsParams,
      200: SharedCredentialDocuments,
      ...reads,
    },
    handler: (request, caller) => service.sharedWith(caller, request.params.organisationId),
  });

  route.get(paths.item, {
    summary: 'One of the practitioner’s credential documents',
    schema: { params: CredentialDocumentParams, 200: CredentialDocument, ...reads },
    handler: (request, caller) => service.get(caller, request.params.id),
  });

  route.put(paths.item, {
    summary: 'Change a credential document’s details and who may view it',
    schema: {
      params: CredentialDocumentParams,
      body: CredentialDocumentDetails,
      200: CredentialDocument,
      ...reads,
    },
    handler: (request, caller) =>
      service.update(caller, request.params.id, request.body, request.id),
  });

  route.delete(paths.item, {
    summary: 'Remove a credential document and its file',
    schema: { params: CredentialDocumentParams, 204: z.null(), ...reads },
    handler: (request, caller) => service.remove(caller, request.params.id, request.id),
  });

  route.get(paths.file, {
    summary:
      'Download a credential document’s file (the practitioner, their delegates, and managers of the organisations it is shared with)',
    schema: {
      params: CredentialDocumentParams,
      200: z.any().describe('The file, as an attachment'),
      ...reads,
    },
    handler: async (request, caller, reply) => {
      const { row, body } = await service.download(caller, request.params.id);
      reply
        .type(row.mediaType)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        // Opened in a tab by mistake, the file can run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; sandbox");
      return body;
    },
  });

  route.put(paths.file, {
    summary: 'Replace a credential document’s file: multipart/form-data with `file`',
    schema: {
      params: CredentialDocumentParams,
      consumes: ['multipart/form-data'],
      200: CredentialDocument,
      ...uploads,
    },
    handler: (request, caller) =>
      service.replaceFile(caller, request.params.id, request.parts(), request.id),
  });
};
