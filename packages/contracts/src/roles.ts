import { z } from 'zod';
import { roleTypes } from './value-lists.ts';

export const RoleType = z.enum(roleTypes);
export type RoleType = z.infer<typeof RoleType>;

/** A role the user holds, with the entity it is held on (none for PcaOperator). */
export const UserRole = z.object({
  type: RoleType,
  organisationId: z.string().uuid().nullable(),
  healthcareServiceId: z.string().uuid().nullable(),
});
export type UserRole = z.infer<typeof UserRole>;
