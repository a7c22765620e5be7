import { z } from 'zod';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { parseBody } from '@/server/http';
import {
  createSource,
  deleteSource,
  getSource,
  listSources,
  testConnection,
  testSourceConnection,
  updateSource,
} from './service';

const field = z.string({ error: 'must be text' }).nullable().optional();

const sourceBody = z.object({
  name: field,
  storage_type: field,
  storage_zone: field,
  access_key: field,
  region: field,
  endpoint_url: field,
  gcs_project_id: field,
  gcs_bucket_name: field,
  gcs_service_account_key: field,
  access_key_id: field,
  secret_access_key: field,
  // Keys and ranges are checked by the service, which names the setting at fault.
  settings: z.record(z.string(), z.union([z.number(), z.string(), z.null()]), { error: 'must be an object of scan settings' }).nullable().optional(),
});

const optionalText = z.string({ error: 'must be text' }).optional();
const sourceIdField = z.string({ error: 'must be text' }).optional();

const bunnyTestBody = z.object({ storageZone: optionalText, accessKey: optionalText, region: optionalText, endpoint: optionalText, sourceId: sourceIdField });
const gcsTestBody = z.object({
  projectId: optionalText,
  bucketName: optionalText,
  serviceAccountKey: optionalText,
  endpoint: optionalText,
  sourceId: sourceIdField,
});
const s3TestBody = z.object({
  bucket: optionalText,
  endpoint: optionalText,
  region: optionalText,
  accessKeyId: optionalText,
  secretAccessKey: optionalText,
  sourceId: sourceIdField,
});
const localTestBody = z.object({ path: optionalText });
const sourceTestBody = z.object({ sourceId: z.string({ error: 'sourceId is required' }).min(1, 'sourceId is required') });

/** DDEX Sources (spec 2, 7): every route is admin-only, since sources hold partners' credentials. */
export function registerSourceRoutes(api: ApiRouter, deps: AppDeps): void {
  api.get('/sources', 'admin', async (c) => {
    const rows = await listSources(deps);
    return c.json({ rows, total: rows.length });
  });

  api.post('/sources', 'admin', async (c) => {
    const body = await parseBody(c, sourceBody);
    const source = await createSource(deps, body);
    deps.logger.info({ sourceId: source.id, storageType: source.storage_type, user: c.get('user')?.email }, 'source created');
    return c.json(source, 201);
  });

  api.get('/sources/:id', 'admin', async (c) => c.json(await getSource(deps, c.req.param('id')!)));

  api.patch('/sources/:id', 'admin', async (c) => {
    const body = await parseBody(c, sourceBody);
    const source = await updateSource(deps, c.req.param('id')!, body);
    deps.logger.info({ sourceId: source.id, user: c.get('user')?.email }, 'source updated');
    return c.json(source);
  });

  api.delete('/sources/:id', 'admin', async (c) => {
    const id = c.req.param('id')!;
    const { deletedFiles } = await deleteSource(deps, id, c.get('user'));
    deps.logger.info({ sourceId: id, deletedFiles, user: c.get('user')?.email }, 'source deleted');
    return c.json({ success: true, deletedFiles });
  });

  api.post('/fn/test-bunny-connection', 'admin', async (c) => {
    const body = await parseBody(c, bunnyTestBody);
    return c.json(await testConnection(deps, { kind: 'bunny_cdn', ...body }));
  });

  api.post('/fn/test-gcs-connection', 'admin', async (c) => {
    const body = await parseBody(c, gcsTestBody);
    return c.json(await testConnection(deps, { kind: 'google_cloud', ...body }));
  });

  api.post('/fn/test-s3-connection', 'admin', async (c) => {
    const body = await parseBody(c, s3TestBody);
    return c.json(await testConnection(deps, { kind: 's3', ...body }));
  });

  api.post('/fn/test-local-connection', 'admin', async (c) => {
    const body = await parseBody(c, localTestBody);
    return c.json(await testConnection(deps, { kind: 'local', ...body }));
  });

  api.post('/fn/test-source-connection', 'admin', async (c) => {
    const { sourceId } = await parseBody(c, sourceTestBody);
    return c.json(await testSourceConnection(deps, sourceId));
  });
}
