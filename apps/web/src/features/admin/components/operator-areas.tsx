import type { AdminSummary } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Card } from '@pca/ui';
import { Columns } from '@pca/ui/primitives/columns.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { SkeletonText } from '@pca/ui/primitives/skeleton.ts';

/** "1 registration", "3 registrations". */
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

interface Area {
  title: string;
  href: string;
  /** What the area holds; null when the summary does not count it (yet). */
  says: (s: AdminSummary) => string | null;
  about: string;
}

/**
 * Every operator area, in the order an operator's day runs: what waits first. Transfers and identifier
 * systems are counted once the summary reads them (docs/decisions/063-users.md).
 */
const areas: Area[] = [
  {
    title: 'Registrations waiting for approval',
    href: '#registrations',
    says: (s) =>
      s.pendingRegistrations === 0
        ? 'None waiting'
        : `${count(s.pendingRegistrations, 'registration')} waiting`,
    about: 'Approve or decline the businesses that asked to publish.',
  },
  {
    title: 'Transfers',
    href: pages.partners.transfers.href(),
    says: (s) =>
      s.pendingTransfers === 0
        ? 'None waiting'
        : `${count(s.pendingTransfers, 'transfer')} waiting`,
    about: 'Move a healthcare service or a location to another organisation.',
  },
  {
    title: 'Users',
    href: pages.admin.users.href(),
    says: (s) =>
      `${count(s.users.total, 'user')}${s.users.inactive ? `, ${s.users.inactive.toLocaleString('en-AU')} inactive` : ''}`,
    about: 'Find a person, see their roles and delegations, deactivate or reactivate them.',
  },
  {
    title: 'Partner services',
    href: pages.partners.services.href(),
    says: (s) =>
      `${count(s.partnerServices, 'partner service')}, ${count(s.informationUseStatements, 'information use statement')}`,
    about: 'Register partners and publish their information use statements.',
  },
  {
    title: 'Partner identifier systems',
    href: pages.partners.identifierSystems.href(),
    says: (s) => count(s.identifierSystems, 'identifier system'),
    about: 'The identifier systems partners use for the resources published to them.',
  },
  {
    title: 'Publications',
    href: pages.publishing.publications.href(),
    says: (s) => count(s.publications, 'publication'),
    about: 'What is published to each partner, and by whom.',
  },
  {
    title: 'Client systems',
    href: pages.clientSystems.list.href(),
    says: (s) => count(s.clientSystems, 'client system'),
    about: 'The partners’ systems that read the partner API.',
  },
  {
    title: 'Terminology: unmatched',
    href: pages.admin.terminology.href(),
    says: () => null,
    about: 'Map the service types and role types that match no SNOMED CT-AU code yet.',
  },
];

/** The operator's home: a card per operator area with what exists or waits there. */
export function OperatorAreas({ summary }: { summary: AdminSummary | undefined }) {
  return (
    <Columns as="ul" cols={{ xs: 1, sm: 2, lg: 3 }} gap={1.5} aria-label="Operator areas">
      {areas.map((area) => {
        const says = summary ? area.says(summary) : undefined;
        return (
          <Card key={area.title} as="li" title={area.title} href={area.href} headingLevel="h3">
            {says === undefined ? (
              <SkeletonText width="60%" />
            ) : says === null ? null : (
              <Text as="p" fontWeight="bold">
                {says}
              </Text>
            )}
            <Text as="p">{area.about}</Text>
          </Card>
        );
      })}
    </Columns>
  );
}
