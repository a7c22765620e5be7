import type { JobDefinition } from './queue';
import type { AppDeps } from '@/server/context';
import { maintenanceJobs } from '@/features/maintenance/jobs';
import { scanningJobs } from '@/features/scanning/jobs';
import { importingJobs } from '@/features/importing/jobs';
import { artistJobs } from '@/features/artists/jobs';

/** Every job type of the product. Features add theirs here; handlers live with their feature. */
export function allJobDefinitions(deps: AppDeps): JobDefinition[] {
  return [...maintenanceJobs(deps), ...scanningJobs(deps), ...importingJobs(deps), ...artistJobs(deps)];
}
