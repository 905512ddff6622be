import { organisationHref, pages, registerBusinessHref } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { Chip } from '@pca/ui';
import type { OrganisationNode } from '@pca/contracts';
import { QueryView } from '#lib/query-view.tsx';
import { useMyOrganisations } from '#lib/my-organisations.ts';
import { StatusChips } from '../components/status-chips.tsx';

function Tree({ nodes, level }: { nodes: OrganisationNode[]; level: number }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingLeft: level ? '2rem' : 0 }}>
      {nodes.map((n) => (
        <li key={n.id} style={{ padding: '0.5rem 0' }}>
          <Flex gap={0.75} alignItems="center" flexWrap="wrap">
            {/* Ancestors shown only for context (no role) are not links: their pages would refuse the user. */}
            {n.effectiveRoles.length || n.serviceRoles.length ? (
              <TextLink href={organisationHref(n.type, n.id)}>{n.name}</TextLink>
            ) : (
              <Text>{n.name}</Text>
            )}
            <Chip tone="neutral">
              {n.type === 'HiOrganisation' ? 'HI organisation' : 'Participating organisation'}
            </Chip>
            <StatusChips status={n.status} publisherApprovalStatus={n.publisherApprovalStatus} />
            {n.publisherApprovalStatus === 'PendingSubmission' &&
            n.effectiveRoles.includes('OrganisationManager') ? (
              <TextLink href={registerBusinessHref(n.id)}>Complete registration</TextLink>
            ) : null}
          </Flex>
          {n.children.length ? <Tree nodes={n.children} level={level + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Whether the user manages any of these organisations (or one beneath them). */
const managesAny = (nodes: OrganisationNode[]): boolean =>
  nodes.some((n) => n.effectiveRoles.includes('OrganisationManager') || managesAny(n.children));

/** Businesses: the organisation trees the user can access, with status chips. */
export function OrganisationsPage() {
  const query = useMyOrganisations();
  return (
    <Stack gap={1.5}>
      <H1>Businesses</H1>
      <Text as="p">
        The businesses you can access. Choose one to view its details, locations and services.
      </Text>
      <div>
        <ButtonLink href={registerBusinessHref()} variant="secondary">
          Register a business
        </ButtonLink>
      </div>
      <QueryView
        query={query}
        loading={<PageLoading label="Loading businesses" minHeight="8rem" />}
        thing="your businesses"
      >
        {({ organisations }) =>
          organisations.length === 0 ? (
            <Text as="p">You do not have access to any businesses yet.</Text>
          ) : (
            <Stack gap={1.5}>
              <nav aria-label="Your businesses">
                <Tree nodes={organisations} level={0} />
              </nav>
              {/* Where a manager answers a transfer the operator started (docs/decisions/067-transfers.md). */}
              {managesAny(organisations) ? (
                <Text as="p">
                  <TextLink href={pages.partners.businessTransfers.href()}>
                    Transfers of my businesses
                  </TextLink>
                  : locations and services being moved to or from the businesses you manage.
                </Text>
              ) : null}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

export { OrganisationsPage as Component };
