import type { PublishedEntity } from '@pca/contracts/publications-overview.ts';
import { publishedEntityTypes } from '@pca/contracts/publications-overview-paths.ts';
import { organisationHref, pages, viewRoleHref } from '@pca/contracts/pages.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';

/** The entity's own page in the portal, where it has one (a practitioner's own choice has none an operator opens). */
export function hrefOf(entity: PublishedEntity): string | null {
  switch (entity.type) {
    case 'organisation':
      return entity.organisationType ? organisationHref(entity.organisationType, entity.id) : null;
    case 'location':
      return pages.locations.view.href({ id: entity.id });
    case 'healthcare-service':
      return pages.healthcareServices.view.href({ id: entity.id });
    case 'practitioner-role':
      return entity.healthcareService
        ? viewRoleHref({ id: entity.id, healthcareServiceId: entity.healthcareService.id })
        : null;
    default:
      return null;
  }
}

const columns: DataTableColumn<PublishedEntity>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (entity) => {
      const href = hrefOf(entity);
      return href ? <TextLink href={href}>{entity.name}</TextLink> : <span>{entity.name}</span>;
    },
  },
  { key: 'type', header: 'Type', render: (entity) => publishedEntityTypes[entity.type].label },
  {
    key: 'where',
    header: 'Belongs to',
    render: (entity) =>
      entity.organisation ? (
        <>
          <Text as="div">{entity.organisation.name}</Text>
          {entity.healthcareService ? (
            <Text as="div" fontSize="sm" color="muted">
              {entity.healthcareService.name}
            </Text>
          ) : null}
        </>
      ) : (
        <Text color="muted">—</Text>
      ),
  },
];

/** A page of the entities a partner receives: a table from tablet width, a card each on a phone. */
export function EntitiesTable({ partner, items }: { partner: string; items: PublishedEntity[] }) {
  return (
    <ResponsiveTable
      label={`Published to ${partner}`}
      caption={<VisuallyHidden>{`Entities published to ${partner}`}</VisuallyHidden>}
      columns={columns}
      rows={items}
      rowKey={(entity) => `${entity.type}:${entity.id}`}
    />
  );
}
