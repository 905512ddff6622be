import type { WorkplaceRole } from '@pca/contracts';
import { workplacesMessages as messages } from '@pca/contracts/workplaces-paths.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { formatDate } from '#lib/dates.ts';

/** A role's status chip: Active, or why it is not (docs/product/workplaces.md#active-and-past). */
export function RoleStatus({ role }: { role: WorkplaceRole }) {
  const tone = role.status === 'active' ? 'success' : 'neutral';
  return <Chip tone={tone}>{messages.statusLabel[role.status]}</Chip>;
}

/** A role's start or end date as the portal prints dates; an open end reads 'N/A' (as on Practitioners). */
export const roleDate = (date: string | null) => (date ? formatDate(date, 'medium') : 'N/A');
