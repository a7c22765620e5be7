import { z } from 'zod';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { parseBody } from '@/server/http';
import {
  APPROVED_ARTISTS_BATCH_SIZE,
  autoImportEligible,
  getImportJob,
  importApprovedArtists,
  processImportJob,
  startImportJob,
  stopImportJob,
} from './service';

const fileIdList = z.array(z.string({ message: 'file_ids must be a list of DDEX file ids' }), { message: 'file_ids must be a list of DDEX file ids' });

export function registerImportingRoutes(api: ApiRouter, deps: AppDeps): void {
  api.post('/import-jobs', 'user', async (c) => {
    const body = await parseBody(c, z.object({ file_ids: fileIdList.optional(), deliver_after: z.boolean().optional() }));
    const job = await startImportJob(deps, {
      fileIds: body.file_ids ?? [],
      requestedBy: c.get('user')?.email ?? null,
      deliverAfter: body.deliver_after,
    });
    return c.json(job, 201);
  });

  api.get('/import-jobs/:id', 'user', async (c) => c.json(await getImportJob(deps, c.req.param('id')!)));

  api.patch('/import-jobs/:id', 'user', async (c) => {
    await parseBody(c, z.object({ status: z.literal('failed', { message: "status must be 'failed' (stop); resume with process-import-job" }) }));
    return c.json(await stopImportJob(deps, c.req.param('id')!));
  });

  api.post('/fn/process-import-job', 'user', async (c) => {
    const body = await parseBody(c, z.object({ jobId: z.string({ message: 'jobId is required' }).trim().min(1, 'jobId is required') }));
    return c.json(await processImportJob(deps, body.jobId));
  });

  api.post('/fn/auto-import-eligible', 'user', async (c) => c.json(await autoImportEligible(deps, c.get('user')?.email ?? null)));

  api.post('/fn/import-approved-artists', 'user', async (c) => {
    const body = await parseBody(
      c,
      z.object({
        batchSize: z
          .number({ message: 'batchSize must be a number' })
          .int('batchSize must be a whole number')
          .min(1, 'batchSize must be at least 1')
          .max(500, 'batchSize must be at most 500')
          .optional(),
      }),
    );
    const result = await importApprovedArtists(deps, { batchSize: body.batchSize ?? APPROVED_ARTISTS_BATCH_SIZE, requestedBy: c.get('user')?.email ?? null });
    return c.json(result);
  });
}
