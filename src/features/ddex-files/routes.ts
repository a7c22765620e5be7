import { z } from 'zod';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { ApiError, badRequest } from '@/server/errors';
import { pageParam, pageSizeParam, pageWindow, parseBody, parseQuery } from '@/server/http';
import { FILTERABLE_DISPLAY_STATUSES } from '@/web/features/ddex-files/status';
import {
  DDEX_FILE_SORTS,
  DDEX_FILES_MAX_PAGE_SIZE,
  DDEX_FILES_PAGE_SIZE,
  DdexFilesError,
  deleteDdexFile,
  getDdexFile,
  listDdexFiles,
  listPartners,
  purgeDdexData,
  purgeFugaData,
  purgeSourceData,
  sourceSummary,
} from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidField = (name: string) => z.string().regex(UUID, `${name} must be an id (uuid)`);
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const blankAsUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

const listQuery = z.object({
  page: pageParam,
  pageSize: pageSizeParam(DDEX_FILES_MAX_PAGE_SIZE),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  status: z.preprocess(
    blankAsUndefined,
    z.enum(FILTERABLE_DISPLAY_STATUSES, { error: `status must be one of ${FILTERABLE_DISPLAY_STATUSES.join(', ')}` }).optional(),
  ),
  partner_id: z.preprocess(blankAsUndefined, uuidField('partner_id').optional()),
  source_id: z.preprocess(blankAsUndefined, uuidField('source_id').optional()),
  sort: z.preprocess(blankAsUndefined, z.enum(DDEX_FILE_SORTS, { error: `sort must be one of ${DDEX_FILE_SORTS.join(', ')}` }).optional()),
  show_rejected: flag.optional(),
  hide_superseded: flag.optional(),
});

function fileId(raw: string | undefined): string {
  if (!raw || !UUID.test(raw)) throw badRequest(`"${raw ?? ''}" is not a DDEX file id`);
  return raw;
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DdexFilesError) throw new ApiError(error.code === 'not_found' ? 404 : 400, error.code, error.message);
    throw error;
  }
}

export function registerDdexFileRoutes(api: ApiRouter, deps: AppDeps) {
  api.get('/ddex-files', 'user', async (c) => {
    const query = parseQuery(c, listQuery);
    const window = pageWindow(query.page, query.pageSize, { pageSize: DDEX_FILES_PAGE_SIZE, max: DDEX_FILES_MAX_PAGE_SIZE });
    const result = await listDdexFiles(
      deps.db,
      {
        search: query.search,
        status: query.status,
        partnerId: query.partner_id,
        sourceId: query.source_id,
        sort: query.sort,
        showRejected: query.show_rejected,
        hideSuperseded: query.hide_superseded,
      },
      window,
    );
    return c.json({ ...result, page: window.page, pageSize: window.pageSize });
  });

  // Before /ddex-files/:id, which would otherwise take 'summary' for an id.
  api.get('/ddex-files/summary', 'user', async (c) => c.json(await sourceSummary(deps.db)));

  api.get('/ddex-files/:id', 'user', async (c) => {
    const id = fileId(c.req.param('id'));
    return c.json(await run(() => getDdexFile(deps.db, id)));
  });

  api.delete('/ddex-files/:id', 'user', async (c) => {
    const id = fileId(c.req.param('id'));
    await run(() => deleteDdexFile(deps.db, id, c.get('user')));
    deps.logger.info({ fileId: id, by: c.get('user')?.email }, 'ddex file deleted');
    return c.json({ success: true });
  });

  api.get('/partners', 'user', async (c) => c.json(await listPartners(deps.db)));

  api.post('/fn/purge-source-data', 'admin', async (c) => {
    const body = await parseBody(c, z.object({ sourceId: uuidField('sourceId') }));
    const result = await run(() => purgeSourceData(deps.db, body.sourceId, c.get('user')));
    deps.logger.warn({ sourceId: body.sourceId, counts: result.counts, by: c.get('user')?.email }, 'purge-source-data');
    return c.json(result);
  });

  api.post('/fn/purge-fuga-data', 'admin', async (c) => {
    const result = await run(() => purgeFugaData(deps.db, c.get('user')));
    deps.logger.warn({ counts: result.counts, by: c.get('user')?.email }, 'purge-fuga-data');
    return c.json(result);
  });

  api.post('/fn/purge-ddex-data', 'admin', async (c) => {
    const result = await run(() => purgeDdexData(deps.db, c.get('user')));
    deps.logger.warn({ counts: result.counts, by: c.get('user')?.email }, 'purge-ddex-data');
    return c.json(result);
  });
}
