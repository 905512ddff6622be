import { pages, organisationHref } from '@pca/contracts/pages.ts';
import type { PublishEntities } from '@pca/contracts';

/** One choosable entity with the route it opens. */
export interface EntityOption {
  id: string;
  label: string;
  context: string | null;
  href: string;
}

/** A titled group of entity options. */
export interface EntityGroup {
  title: 'Healthcare services' | 'Organisations' | 'Locations';
  options: EntityOption[];
}

/** Each entity opens on its partner-services tab. */
const tab = 'Partner services';

/** Groups the entities and gives each its route by kind and organisation discriminator (docs/product/features.md#publish-selector). */
export function entityGroups(entities: PublishEntities, filter = ''): EntityGroup[] {
  const needle = filter.trim().toLowerCase();
  const matches = (o: EntityOption) =>
    !needle || `${o.label} ${o.context ?? ''}`.toLowerCase().includes(needle);
  const groups: EntityGroup[] = [
    {
      title: 'Healthcare services',
      options: entities.healthcareServices.map((s) => ({
        id: s.id,
        label: s.name,
        context: s.context,
        href: pages.healthcareServices.view.href({ id: s.id, tab }),
      })),
    },
    {
      title: 'Organisations',
      options: entities.organisations.map((o) => ({
        id: o.id,
        label: o.name,
        context: o.context,
        href: organisationHref(o.type, o.id, { tab }),
      })),
    },
    {
      title: 'Locations',
      options: entities.locations.map((l) => ({
        id: l.id,
        label: l.name,
        context: l.context,
        href: pages.locations.view.href({ id: l.id, tab }),
      })),
    },
  ];
  return groups
    .map((g) => ({ ...g, options: g.options.filter(matches) }))
    .filter((g) => g.options.length > 0);
}
