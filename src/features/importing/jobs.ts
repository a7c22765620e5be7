import type { JobDefinition } from '@/jobs/queue';
import type { AppDeps } from '@/server/context';
import { IMPORT_BATCH_JOB, IMPORT_WATCHDOG_JOB, resumeStaleImportJobs, runImportBatch } from './service';

/**
 * One batch per pg-boss job; the handler queues the next one itself until the import is done. The
 * job row is the truth: a duplicate or late message finds the lease taken or the job finished and
 * does nothing, so pg-boss retries are harmless.
 */
export function importingJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: IMPORT_BATCH_JOB,
      retryLimit: 1,
      retryDelaySeconds: 5,
      expireInSeconds: 30 * 60,
      handler: async (data: { importJobId?: string }, ctx) => {
        if (typeof data.importJobId !== 'string') {
          ctx.logger.warn({ data }, 'import batch without an importJobId ignored');
          return { outcome: 'skipped' };
        }
        return { outcome: await runImportBatch(deps, data.importJobId) };
      },
    },
    {
      // Picks up imports whose worker died (stale heartbeat) on whichever worker runs it.
      name: IMPORT_WATCHDOG_JOB,
      schedule: '* * * * *',
      retryLimit: 0,
      handler: async () => ({ resumed: await resumeStaleImportJobs(deps) }),
    },
  ];
}
