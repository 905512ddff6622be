import { locations } from '#db/schema/index.ts';
import { detailsWrites } from '#platform/entities/audited-write.ts';

/** A location's audited writes. */
export const locationWrites = detailsWrites(locations);
