import { z } from 'zod';
import { roleTypes } from './value-lists.ts';
import { Uuid } from './ids.ts';

export const RoleType = z.enum(roleTypes);
export type RoleType = z.infer<typeof RoleType>;

/** A role the user holds, with the entity it is held on (none for PcaOperator). */
export const UserRole = z.object({
  type: RoleType,
  organisationId: Uuid.nullable(),
  healthcareServiceId: Uuid.nullable(),
});
export type UserRole = z.infer<typeof UserRole>;
