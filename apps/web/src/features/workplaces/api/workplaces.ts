import { useQuery } from '@tanstack/react-query';
import type { WorkplaceServiceSummary, Workplaces } from '@pca/contracts';
import {
  workplaceServiceApiPath,
  workplacesApiPaths as paths,
} from '@pca/contracts/workplaces-paths.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Every query of these pages lives under this key. */
const root = ['workplaces'] as const;

/** The practitioner's roles by healthcare service, active and past (own, or the managed practitioner's). */
export function useWorkplaces() {
  return useQuery(httpQuery<Workplaces>([...root, 'list'], paths.list));
}

/** One healthcare service the practitioner holds or held a role at (404 for any other). */
export function useWorkplaceService(id: string) {
  return useQuery(
    httpQuery<WorkplaceServiceSummary>([...root, 'service', id], workplaceServiceApiPath(id)),
  );
}
