// Rules from their own module, not the package index, so no zod schemas load with the dashboard.
import { pages, registerBusinessHref } from '@pca/contracts/pages.ts';
import {
  liveOrganisations,
  type Capabilities,
  type CapabilityInput,
} from '@pca/contracts/capabilities.ts';
import type { CurrentUser } from '@pca/contracts';

/** One action card: a link, or the button that opens the setup-a-site dialog. */
export type WelcomeCard =
  | { title: string; description: string; href: string }
  | { title: string; description: string; action: 'setupSite' };

/** A titled group of cards. */
export interface WelcomeCardGroup {
  title: 'Manager actions' | 'Practitioner actions' | 'Delegate actions';
  cards: WelcomeCard[];
}

/** What the card rules read. */
export interface WelcomeCardInput {
  user: Pick<
    CurrentUser,
    'id' | 'isPractitioner' | 'isApprovedPractitionerDelegate' | 'managingPractitioner'
  >;
  participatingOrganisations: CapabilityInput['participatingOrganisations'];
  capabilities: Capabilities;
  /** Whether the user has organisations for managing sites. */
  hasSiteOrganisations: boolean;
}

const withTab = (path: string, tab: string) => `${path}?${new URLSearchParams({ tab })}`;

/** The dashboard's card groups with the cards, targets, conditions and visibility of docs/product/shell.md#welcome. */
export function welcomeCardGroups({
  user,
  participatingOrganisations,
  capabilities: caps,
  hasSiteOrganisations,
}: WelcomeCardInput): WelcomeCardGroup[] {
  const managing = user.managingPractitioner;
  const groups: WelcomeCardGroup[] = [];

  const showManager =
    liveOrganisations(participatingOrganisations).length > 0 ||
    (!user.isPractitioner && !user.isApprovedPractitionerDelegate && !managing);
  if (showManager) {
    const cards: Array<WelcomeCard | false> = [
      caps.viewBusinesses && {
        title: 'Manage businesses',
        description: 'View and update your businesses, their sites and services.',
        href: pages.organisations.participating.href(),
      },
      caps.importDirectoryServices && {
        title: 'Import services',
        description: 'Import services from the national health services directory.',
        href: pages.nhsdImport.wizard.href(),
      },
      !managing &&
        hasSiteOrganisations && {
          title: 'Setup a site',
          description: 'Set up a location, its services, practitioners and publishing.',
          action: 'setupSite',
        },
      caps.accessPublishing &&
        caps.manageBusinesses && {
          title: 'Publishing settings',
          description: 'Choose what your businesses share with partner services.',
          href: pages.publishing.businesses.href(),
        },
      caps.accessPractitioners && {
        title: 'Practitioners',
        description: 'See the practitioners working in your businesses.',
        href: pages.practitioners.list.href(),
      },
      {
        title: 'Register a business',
        description: 'Register a new business to publish its information.',
        href: registerBusinessHref(),
      },
      caps.keyContacts && {
        title: 'Key contacts',
        description: 'Manage the key contacts of your businesses.',
        href: pages.organisations.keyContacts.href(),
      },
    ];
    groups.push({ title: 'Manager actions', cards: cards.filter((c) => c !== false) });
  }

  if (user.isPractitioner || managing) {
    const cards: Array<WelcomeCard | false> = [
      {
        title: 'Personal details',
        description: 'Keep your personal and contact details up to date.',
        href: withTab(
          managing ? `/practitioner-profile/${managing.id}` : `/profile/${user.id}`,
          'Personal contact details',
        ),
      },
      // The specification's "needs delegate access" (an approved practitioner delegate, not managing); the
      // page's own rule too, so the card never leads to a refusal. Any practitioner in their own account
      // reaches the page from the profile menu's Assign a delegate (docs/decisions/090-delegate-card.md).
      caps.delegates &&
        caps.assignDelegates && {
          title: 'Delegate',
          description: 'Assign people to act on your behalf.',
          href: pages.delegates.list.href(),
        },
      {
        title: 'Credential documents',
        description: 'Upload and share your credential documents.',
        href: pages.profile.credentialDocuments.href(),
      },
      {
        title: 'Publishing settings',
        description: 'Choose what is published about you to partner services.',
        href: pages.publishing.practitioner.href(),
      },
      {
        title: 'My workplaces',
        description: 'See the healthcare services where you work.',
        href: pages.profile.myWorkplaces.href(),
      },
    ];
    groups.push({ title: 'Practitioner actions', cards: cards.filter((c) => c !== false) });
  }

  if (caps.delegates)
    groups.push({
      title: 'Delegate actions',
      cards: [
        {
          title: 'Managed accounts',
          description: 'Act on behalf of the practitioners who assigned you.',
          href: pages.delegates.manageAccounts.href(),
        },
      ],
    });
  return groups;
}
