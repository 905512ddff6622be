// Paths, limits and wording of the practitioner role import live apart from the schemas so the page can import
// them without loading zod (like nhsd-import-paths.ts); the classification is practitioner-role-import-rows.ts.
import { idPathFiller } from './paths.ts';
/**
 * API paths of the practitioner role import (docs/product/practitioner-role-import.md,
 * docs/decisions/070-practitioner-role-import.md). Every path answers 404 unless the caller is an
 * OrganisationManager of the connection's organisation (runs: and started the run).
 */
export const practitionerRoleImportApiPaths = {
  /** POST: start reading the clinical system's roles of connection :id; answers the progress after page 1. */
  start: '/api/practitioner-role-import/connections/:id/runs',
  /** POST: read the run's next page; answers the progress. */
  next: '/api/practitioner-role-import/runs/:id/next',
  /** GET: the preview of a run read to the end. DELETE: cancel the run (forget what was read). */
  run: '/api/practitioner-role-import/runs/:id',
  /** POST the mapping and the chosen rows: imports them in one transaction; answers the summary. */
  import: '/api/practitioner-role-import/runs/:id/import',
} as const;

/** A practitioner role import path with its :id filled in. */
export const practitionerRoleImportApiPath = idPathFiller(practitionerRoleImportApiPaths);

/** Limits of the import (docs/decisions/070-practitioner-role-import.md). */
export const practitionerRoleImportLimits = {
  /** Roles asked for a page (`_count`); the clinical system may answer fewer. */
  pageSize: 100,
  /** Pages one run reads at most: 10,000 roles. */
  maxPages: 100,
  /** Most rows one import takes. */
  maxImport: 10_000,
  /** A run not imported or cancelled is forgotten after this long. */
  runLifetimeMs: 24 * 60 * 60 * 1000,
} as const;

/** The four kinds of row of the preview. */
export const importRowStatuses = ['new', 'changed', 'unchanged', 'unmatched'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

/** Why a clinical system's role cannot be imported (shown on its row). */
export const unmatchedReasons = {
  noHpii: 'The clinical system has no HPI-I for this practitioner',
  invalidHpii: 'The HPI-I in the clinical system is not a valid HPI-I',
  notInPortal: 'No practitioner in Provider Connect has this HPI-I',
  noPractitioner: 'The role names no practitioner the clinical system sent',
  unknownRoleType: (type: string) => `'${type}' is not a role type Provider Connect knows`,
  noRoleType: 'The role has no role type',
  notMapped: 'Its service or location is not matched to one of your healthcare services',
  invalidResource: (detail: string) => `The clinical system sent an invalid resource: ${detail}`,
} as const;

/** The page's words. */
export const practitionerRoleImportMessages = {
  title: 'Import practitioner roles',
  intro: (cis: string) =>
    `Read the practitioner roles in ${cis} and choose which to add to or update in Provider Connect. Nothing changes until you import.`,
  start: 'Read roles from the clinical system',
  notSignedIn: (cis: string) => `You are not connected to ${cis}`,
  notSignedInDetail: (cis: string) =>
    `The portal reads the roles with your own sign-in to ${cis}. Connect to it, then open Import practitioner roles again.`,
  reading: (pages: number, roles: number) =>
    `Read ${pages} ${pages === 1 ? 'page' : 'pages'}, ${roles} ${roles === 1 ? 'role' : 'roles'} so far`,
  cancelled: 'Reading was cancelled. Nothing was imported.',
  readError: 'We could not read the roles from the clinical system.',
  importing: (n: number) => `Importing ${n} ${n === 1 ? 'role' : 'roles'}`,
  importError: 'The roles were not imported.',
  nothingChosen: 'Choose at least one role to import',
  successTitle: 'Practitioner roles imported',
  success: (created: number, updated: number) =>
    `${created} ${created === 1 ? 'role' : 'roles'} added and ${updated} updated.`,
  noRoles: 'The clinical system has no practitioner roles.',
  notMapped: 'Not matched: choose a healthcare service',
  runGone: 'This preview has expired or was already imported. Read the roles again.',
} as const;

/** Problem types (`/problems/<slug>`) of the import besides the house's (decision 008). */
export const practitionerRoleImportProblemTypes = {
  cisUnavailable: '/problems/cis-unavailable',
  runNotReady: '/problems/import-run-not-ready',
} as const;
