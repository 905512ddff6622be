import { healthcareServices } from '#db/schema/index.ts';
import { detailsWrites } from '#modules/locations/repository.ts';

/** A healthcare service's audited writes. */
export const healthcareServiceWrites = detailsWrites(healthcareServices);
