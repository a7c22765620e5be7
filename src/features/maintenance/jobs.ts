import type { JobDefinition } from '@/jobs/queue';
import type { AppDeps } from '@/server/context';
import { runHousekeeping } from './service';

export const HOUSEKEEPING_JOB = 'maintenance-housekeeping';

export function maintenanceJobs(deps: Pick<AppDeps, 'db'>): JobDefinition[] {
  return [
    {
      name: HOUSEKEEPING_JOB,
      schedule: '17 * * * *',
      retryLimit: 1,
      handler: async (_data, ctx) => {
        const result = await runHousekeeping(deps.db);
        ctx.logger.info(result, 'housekeeping');
        return result;
      },
    },
  ];
}
