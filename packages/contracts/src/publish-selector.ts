import { z } from 'zod';
import { OrganisationType } from './organisations.ts';
import { Uuid } from './ids.ts';

/** API paths of the publish entity selector (docs/product/features.md#publish-selector). */
export const publishSelectorApiPaths = {
  /** GET: healthcare services, organisations and locations the user manages. */
  entities: '/api/publish-selector/entities',
} as const;

/** One entity the user can manage publications for. */
export const PublishEntity = z.object({
  id: Uuid,
  name: z.string(),
  /** Where it is (organisation name, or the parent's for an organisation). */
  context: z.string().nullable(),
});
export type PublishEntity = z.infer<typeof PublishEntity>;

/** Entities the user manages, grouped by kind. */
export const PublishEntities = z.object({
  healthcareServices: z.array(PublishEntity),
  organisations: z.array(PublishEntity.extend({ type: OrganisationType })),
  locations: z.array(PublishEntity),
});
export type PublishEntities = z.infer<typeof PublishEntities>;
