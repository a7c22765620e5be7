import type { JobDefinition } from '@/jobs/queue';
import type { AppDeps } from '@/server/context';
import { SCAN_BATCH_JOB, runScanBatch } from './scanner';
import { resumeStaleScanJobs } from './service';

export const SCAN_WATCHDOG_JOB = 'scan-watchdog';

/**
 * One batch per pg-boss job; the handler queues the next one itself until the scan is done. The
 * job row is the truth: a duplicate or late message finds the lease taken or the job finished and
 * does nothing, so pg-boss retries are harmless.
 */
export function scanningJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: SCAN_BATCH_JOB,
      retryLimit: 1,
      retryDelaySeconds: 5,
      expireInSeconds: 30 * 60,
      handler: async (data: { scanJobId?: string }, ctx) => {
        if (typeof data.scanJobId !== 'string') {
          ctx.logger.warn({ data }, 'scan batch without a scanJobId ignored');
          return { outcome: 'skipped' };
        }
        return { outcome: await runScanBatch(deps, data.scanJobId) };
      },
    },
    {
      // Picks up scans whose worker died (stale heartbeat) on whichever worker runs it.
      name: SCAN_WATCHDOG_JOB,
      schedule: '* * * * *',
      retryLimit: 0,
      handler: async () => ({ resumed: await resumeStaleScanJobs(deps) }),
    },
  ];
}
