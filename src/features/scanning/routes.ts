import { z } from 'zod';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { notFound } from '@/server/errors';
import { parseBody, parseQuery } from '@/server/http';
import {
  createScanJob,
  fixDdexStatus,
  getScanJob,
  isUuid,
  listImportJobs,
  listScanJobs,
  loadDemoData,
  parseDdexFile,
  processScanJobNow,
  purgeScanHistory,
  rescanMetadata,
  scanAllSources,
  stopAllJobs,
  updateScanJobStatus,
} from './service';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  source_id: z.string().optional(),
});

const optionalId = z.string().trim().optional().nullable();

export function registerScanningRoutes(api: ApiRouter, deps: AppDeps): void {
  api.get('/scan-jobs', 'user', async (c) => {
    const q = parseQuery(c, listQuery);
    if (q.source_id && !isUuid(q.source_id)) return c.json({ rows: [], total: 0 });
    return c.json(await listScanJobs(deps, { limit: q.limit ?? 20, sourceId: q.source_id || undefined }));
  });

  api.get('/scan-jobs/:id', 'user', async (c) => c.json(await getScanJob(deps, c.req.param('id')!)));

  api.post('/scan-jobs', 'user', async (c) => {
    const body = await parseBody(c, z.object({ source_id: optionalId, full_scan: z.boolean().optional() }));
    const { job } = await createScanJob(deps, { sourceId: body.source_id, fullScan: body.full_scan });
    return c.json(job, 201);
  });

  api.patch('/scan-jobs/:id', 'user', async (c) => {
    const body = await parseBody(
      c,
      z.object({ status: z.enum(['pending', 'failed'], { message: "status must be 'pending' (retry) or 'failed' (stop)" }) }),
    );
    return c.json(await updateScanJobStatus(deps, c.req.param('id')!, body.status));
  });

  api.get('/import-jobs', 'user', async (c) => {
    const q = parseQuery(c, listQuery);
    return c.json(await listImportJobs(deps, { limit: q.limit ?? 20 }));
  });

  api.post('/fn/process-scan-job', 'user', async (c) => {
    const body = await parseBody(c, z.object({ jobId: optionalId }));
    return c.json(await processScanJobNow(deps, body.jobId || null));
  });

  api.post('/fn/scan-all-sources', 'user', async (c) => c.json(await scanAllSources(deps)));

  api.post('/fn/stop-all-jobs', 'user', async (c) => c.json(await stopAllJobs(deps)));

  api.post('/fn/purge-scan-history', 'user', async (c) => {
    const body = await parseBody(c, z.object({ sourceId: optionalId }));
    return c.json(await purgeScanHistory(deps, body.sourceId || null));
  });

  api.post('/fn/parse-ddex-file', 'user', async (c) => {
    const body = await parseBody(c, z.object({ fileId: z.string({ message: 'fileId is required' }).trim().min(1, 'fileId is required') }));
    return c.json(await parseDdexFile(deps, body.fileId));
  });

  api.post('/fn/rescan-metadata', 'user', async (c) => {
    const body = await parseBody(
      c,
      z.object({ fileIds: z.array(z.string(), { message: 'fileIds must be a list of file ids' }).optional(), sourceId: optionalId }),
    );
    const result = await rescanMetadata(deps, { fileIds: body.fileIds, sourceId: body.sourceId || undefined });
    return c.json(result);
  });

  api.post('/fn/fix-ddex-status', 'admin', async (c) => {
    const result = await fixDdexStatus(deps);
    return c.json({ success: result.success, fixedInitials: result.fixedInitials, fixedRedeliveries: result.fixedRedeliveries });
  });

  api.post('/fn/load-demo-data', 'admin', async (c) => {
    const result = await loadDemoData(deps);
    if (!result.sourceId) throw notFound('The demo source could not be created');
    return c.json({ success: result.success, message: result.message, sourceId: result.sourceId, scanJobId: result.scanJobId });
  });
}
