import type {
  SetupHelperStatus,
  SetupStepState,
  SignUpBanner,
  SiteOrganisation,
} from '@pca/contracts';
import { australianToday } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { rolesOnOrganisation } from '#platform/access/scope.ts';
import { NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { welcomeRepository, type SiteCounts } from './repository.ts';

/** Tile states from the counts: each step needs the one before it (no service without a location). */
export function setupSteps(counts: SiteCounts): SetupHelperStatus['steps'] {
  const state = (count: number, available: boolean): SetupStepState =>
    !available ? 'inactive' : count > 0 ? 'complete' : 'default';
  const hasLocation = counts.locations > 0;
  const hasService = counts.healthcareServices > 0;
  return [
    { key: 'location', state: state(counts.locations, true), count: counts.locations },
    {
      key: 'healthcareService',
      state: state(counts.healthcareServices, hasLocation),
      count: counts.healthcareServices,
    },
    {
      key: 'practitioners',
      state: state(counts.practitionerRoles, hasService),
      count: counts.practitionerRoles,
    },
    {
      key: 'publishing',
      state: state(counts.publicationPreferences, hasService),
      count: counts.publicationPreferences,
    },
  ];
}

/**
 * The welcome dashboard's data: sign-up banner and setting up a site (docs/product/shell.md#welcome,
 * docs/product/rules.md#states). `now` is the clock the setup helper reads today's date from.
 */
export function welcomeService(db: Database, now: () => Date = () => new Date()) {
  const repo = welcomeRepository(db);

  /** Organisations the user may set up a site for: live participating ones they manage. */
  function siteOrganisations(auth: AuthContext): SiteOrganisation[] {
    // Setting up a site is never offered while acting for a practitioner (docs/product/shell.md#welcome).
    if (auth.session.managingPractitionerId) return [];
    // Live (neither cancelled nor terminated) participating organisations the user manages, by name:
    // `authenticate` read them with the session.
    const rows = auth.organisations
      .filter(
        (o) =>
          o.type === 'ParticipatingOrganisation' &&
          o.status === 'Active' &&
          rolesOnOrganisation(auth.scope, o.id).includes('OrganisationManager'),
      )
      .sort((a, b) => a.nameRank - b.nameRank);
    return rows.map((o) => ({
      id: o.id,
      name: o.name,
      businessName: o.businessName,
      type: o.type,
    }));
  }

  return {
    siteOrganisations,

    /** The most recently created publisher organisation the user holds a role on. */
    signUpBanner(auth: AuthContext): SignUpBanner {
      // Newest first already: the first participating publisher the user holds an effective role on.
      const newest = auth.organisations.find(
        (o) =>
          o.type === 'ParticipatingOrganisation' &&
          o.isPublisher &&
          auth.scope.organisationRoles.has(o.id),
      );
      return {
        organisation: newest
          ? {
              id: newest.id,
              name: newest.name,
              businessName: newest.businessName,
              publisherApprovalStatus: newest.publisherApprovalStatus ?? null,
              dateCreated: newest.createdAt.toISOString(),
            }
          : null,
      };
    },

    /** Setup-helper tiles of one of the user's site organisations (404 for any other). */
    async setupHelper(auth: AuthContext, organisationId: string): Promise<SetupHelperStatus> {
      const organisation = siteOrganisations(auth).find((o) => o.id === organisationId);
      if (!organisation) throw new NotFoundError('Organisation not found.');
      // Today in Australia, as Add practitioner's start date reads it: a role starting today counts at once.
      const today = australianToday(now());
      return { organisation, steps: setupSteps(await repo.siteCounts(organisationId, today)) };
    },
  };
}
