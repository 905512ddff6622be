import { z } from 'zod';

/** Role types of spec 1 §6. PcaOperator is global; the others attach to an organisation or a healthcare service. */
export const roleTypes = [
  'PcaOperator',
  'OrganisationManager',
  'HealthcareServiceManager',
  'Viewer',
] as const;
export const RoleType = z.enum(roleTypes);
export type RoleType = z.infer<typeof RoleType>;

/** A role the user holds, with the entity it is held on (none for PcaOperator). */
export const UserRole = z.object({
  type: RoleType,
  organisationId: z.string().uuid().nullable(),
  healthcareServiceId: z.string().uuid().nullable(),
});
export type UserRole = z.infer<typeof UserRole>;
