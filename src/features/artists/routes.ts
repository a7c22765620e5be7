import { z } from 'zod';
import { stream } from 'hono/streaming';
import { ARTIST_STATUSES, ARTIST_TIERS } from '@/db/schema';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { notFound } from '@/server/errors';
import { pageParam, pageWindow, parseBody, parseQuery } from '@/server/http';
import {
  ARTIST_DEFAULT_PAGE_SIZE,
  ARTIST_PAGE_SIZES,
  ARTIST_SORTS,
  ARTIST_TABS,
  exportArtistsCsv,
  getArtist,
  listArtists,
  listLabels,
  updateArtist,
  type ArtistListQuery,
} from './service';
import { screenArtist } from './screening';
import { startImportJob } from './autopush';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const listQuery = z.object({
  tab: z.preprocess(blankAsUndefined, z.enum(ARTIST_TABS, { error: `tab must be one of ${ARTIST_TABS.join(', ')}` }).default('approved')),
  page: pageParam,
  pageSize: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: `pageSize must be one of ${ARTIST_PAGE_SIZES.join(', ')}` })
      .refine((n) => (ARTIST_PAGE_SIZES as readonly number[]).includes(n), { message: `pageSize must be one of ${ARTIST_PAGE_SIZES.join(', ')}` })
      .optional(),
  ),
  sort: z.preprocess(blankAsUndefined, z.enum(ARTIST_SORTS, { error: `sort must be one of ${ARTIST_SORTS.join(', ')}` }).default('name')),
  dir: z.preprocess(blankAsUndefined, z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional()),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
});

const patchBody = z
  .object({
    status: z.enum(ARTIST_STATUSES, { error: `status must be one of ${ARTIST_STATUSES.join(', ')}` }).optional(),
    autopush: z.boolean({ error: 'autopush must be true or false' }).optional(),
    always_ignore: z.boolean({ error: 'always_ignore must be true or false' }).optional(),
    tier: z.enum(ARTIST_TIERS, { error: 'Tier must be one of A, B, C, D' }).nullable().optional(),
    labels: z.array(z.string({ error: 'labels must be a list of text' }), { error: 'labels must be a list of text' }).max(100, 'at most 100 labels').optional(),
  })
  .strict();

function artistId(raw: string | undefined): string {
  if (!raw || !UUID.test(raw)) throw notFound('Artist not found');
  return raw;
}

function toListQuery(query: z.infer<typeof listQuery>): ArtistListQuery {
  // Names read A to Z by default, creation dates newest first.
  return { tab: query.tab, search: query.search, sort: query.sort, dir: query.dir ?? (query.sort === 'created_at' ? 'desc' : 'asc') };
}

export function registerArtistRoutes(api: ApiRouter, deps: AppDeps) {
  api.get('/artists', 'user', async (c) => {
    const query = parseQuery(c, listQuery);
    const window = pageWindow(query.page, query.pageSize, { pageSize: ARTIST_DEFAULT_PAGE_SIZE, max: 200 });
    const result = await listArtists(deps.db, toListQuery(query), window);
    return c.json({ ...result, page: window.page, pageSize: window.pageSize });
  });

  // Before /artists/:id, which would otherwise take these words for ids.
  api.get('/artists/export', 'user', async (c) => {
    const query = toListQuery(parseQuery(c, listQuery));
    const day = new Date().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="artists-${query.tab}-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      for await (const chunk of exportArtistsCsv(deps.db, query)) await out.write(chunk);
    });
  });

  api.get('/artists/labels', 'user', async (c) => c.json({ labels: await listLabels(deps.db) }));

  api.get('/artists/:id', 'user', async (c) => c.json(await getArtist(deps.db, artistId(c.req.param('id')))));

  api.patch('/artists/:id', 'user', async (c) => {
    const id = artistId(c.req.param('id'));
    const body = await parseBody(c, patchBody);
    const outcome = await updateArtist(deps, id, body, { startImportJob });
    deps.logger.info(
      { artistId: id, change: body, by: c.get('user')?.email, importJobId: outcome.importJob?.id ?? null },
      'artist updated',
    );
    return c.json({ ...outcome.artist, eligibility: outcome.eligibility, import_job: outcome.importJob, import_error: outcome.importError });
  });

  api.post('/artists/:id/screen', 'user', async (c) => {
    const id = artistId(c.req.param('id'));
    const verdict = await screenArtist(deps, id);
    if (!verdict) throw notFound('Artist not found');
    return c.json({ ...(await getArtist(deps.db, id)), screening: { source: verdict.source } });
  });
}
