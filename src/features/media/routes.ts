import { z } from 'zod';
import type { Context } from 'hono';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps, AppEnv } from '@/server/context';
import { badRequest } from '@/server/errors';
import { pageParam, pageSizeParam, pageWindow, parseQuery } from '@/server/http';
import { fetchAsset } from './fetch-asset';
import { listMedia, listReleasesMinimal, MEDIA_MAX_PAGE_SIZE, MEDIA_PAGE_SIZE, MEDIA_TYPES, purgeDdexMedia } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankAsUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

const mediaQuery = z.object({
  page: pageParam,
  pageSize: pageSizeParam(MEDIA_MAX_PAGE_SIZE),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  media_type: z.preprocess(blankAsUndefined, z.enum(MEDIA_TYPES, { error: `media_type must be one of ${MEDIA_TYPES.join(', ')}` }).optional()),
});

const releasesQuery = z.object({
  page: pageParam,
  pageSize: pageSizeParam(MEDIA_MAX_PAGE_SIZE),
  ddex_file_id: z.preprocess(blankAsUndefined, z.string().regex(UUID, 'ddex_file_id must be a DDEX file id (uuid)').optional()),
});

function assetRequest(c: Context<AppEnv>, bucket: string | undefined, key: string | undefined) {
  if (!bucket) throw badRequest('bucket is required', 'bad_bucket');
  if (!key) throw badRequest('key is required', 'bad_key');
  return {
    bucket,
    key,
    variant: c.req.query('variant') ?? null,
    range: c.req.header('range') ?? null,
    ifNoneMatch: c.req.header('if-none-match') ?? null,
    accept: c.req.header('accept') ?? null,
    method: c.req.method === 'HEAD' ? ('HEAD' as const) : ('GET' as const),
  };
}

export function registerMediaRoutes(api: ApiRouter, deps: AppDeps) {
  // The spec's fetch-asset: audio seeking (Range), images, downloads; covers resized with variant.
  api.get('/fn/fetch-asset', 'user', (c) => fetchAsset(deps, assetRequest(c, c.req.query('bucket'), c.req.query('key'))));
  // The releases spec's cover-preview shape, same checks. A bucket with slashes (a local folder) is URL-encoded.
  api.get('/assets/:bucket/:key{.+}', 'user', (c) => fetchAsset(deps, assetRequest(c, c.req.param('bucket'), c.req.param('key'))));

  api.get('/resources', 'user', async (c) => {
    const query = parseQuery(c, mediaQuery);
    const window = pageWindow(query.page, query.pageSize, { pageSize: MEDIA_PAGE_SIZE, max: MEDIA_MAX_PAGE_SIZE });
    const result = await listMedia(deps, { search: query.search, mediaType: query.media_type }, window);
    return c.json({ ...result, page: window.page, pageSize: window.pageSize });
  });

  api.get('/releases', 'user', async (c) => {
    const query = parseQuery(c, releasesQuery);
    const window = pageWindow(query.page, query.pageSize, { pageSize: 50, max: MEDIA_MAX_PAGE_SIZE });
    const result = await listReleasesMinimal(deps, { ddexFileId: query.ddex_file_id }, window);
    return c.json({ ...result, page: window.page, pageSize: window.pageSize });
  });

  api.post('/fn/purge-ddex-media', 'admin', async (c) => c.json(await purgeDdexMedia(deps, c.get('user'))));
}
