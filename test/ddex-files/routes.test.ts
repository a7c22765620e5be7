import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import type { AppDb } from '@/db/client';
import {
  artist,
  asset,
  assetDeliveryHistory,
  auditLog,
  ddexFile,
  ddexFileArtist,
  partner,
  resource,
  scanJobs,
  sources,
} from '@/db/schema';

type FileRow = typeof ddexFile.$inferInsert;
interface ListBody {
  rows: Array<Record<string, any>>;
  total: number;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('DDEX Files API', () => {
  let app: TestApp;
  let db: AppDb;
  let adminCookie: string;
  let userCookie: string;
  const ids: Record<string, string> = {};

  const get = async (path: string, cookie = userCookie) => {
    const res = await app.request(path, { cookie });
    return { status: res.status, body: (await res.json()) as any };
  };
  const list = async (query: string) => {
    const { status, body } = await get(`/api/ddex-files?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as ListBody;
  };
  const titles = (body: ListBody) => body.rows.map((row) => row.release_title).sort();

  async function insertFile(key: string, values: Partial<FileRow> & { sourceId: string }) {
    const [row] = await db
      .insert(ddexFile)
      .values({ sourcePath: `${key}/${key}.xml`, releaseTitle: key, status: 'metadata_scanned', ...values })
      .returning({ id: ddexFile.id });
    ids[key] = row!.id;
    return row!.id;
  }

  beforeAll(async () => {
    app = await startTestApp();
    db = app.runtime.deps.db;
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    await app.createUser('user@example.com', 'user-password-1', 'user');
    adminCookie = await app.signIn('admin@example.com', 'admin-password-1');
    userCookie = await app.signIn('user@example.com', 'user-password-1');

    const [fuga, plain, other] = await db
      .insert(sources)
      .values([
        { name: 'FUGA', storageType: 'bunny_cdn', storageZone: 'fuga-zone', accessKey: 'cipher', createdAt: minutesAgo(30) },
        { name: 'source', storageType: 'google_cloud', storageZone: 'plain-bucket', createdAt: minutesAgo(20) },
        { name: 'Orchard drop', storageType: 'local', storageZone: '/srv/orchard', createdAt: minutesAgo(10) },
      ])
      .returning({ id: sources.id });
    ids.fuga = fuga!.id;
    ids.plain = plain!.id;
    ids.other = other!.id;
    const [labelA, labelB] = await db
      .insert(partner)
      .values([
        { name: 'Alpha Records', slug: 'alpha-records' },
        { name: 'Beta Music', slug: 'beta-music' },
      ])
      .returning({ id: partner.id });
    ids.labelA = labelA!.id;
    ids.labelB = labelB!.id;
    const [alice, rex] = await db
      .insert(artist)
      .values([
        { name: 'Alice Approved', status: 'approved', isMainArtist: true },
        { name: 'Rex Rejected', status: 'rejected', isMainArtist: true },
      ])
      .returning({ id: artist.id });
    ids.alice = alice!.id;
    ids.rex = rex!.id;

    const base = { sourceId: ids.fuga, partnerId: ids.labelA };
    // One file per display status, with created_at and release dates that make every sort checkable.
    await insertFile('err', { ...base, error: 'Line 4, column 2: unclosed tag', importEligible: true, createdAt: minutesAgo(9), releaseDate: '2021-01-01' });
    await insertFile('waiting', { ...base, status: 'waiting_for_initial', createdAt: minutesAgo(8), releaseDate: '2022-06-01' });
    await insertFile('imported', {
      ...base,
      importedAt: minutesAgo(1),
      importEligible: true,
      artistName: 'Alice Approved',
      upc: '0123456789012',
      isrc: 'NLA012300001',
      messageId: 'MSG-IMPORTED-77',
      durationMs: 185_000,
      createdAt: minutesAgo(7),
      releaseDate: '2024-03-15',
      partnerId: ids.labelB,
    });
    // One scan discovered both deliveries of thread T-1 at the same moment.
    const threadDiscoveredAt = minutesAgo(6);
    await insertFile('ready', { ...base, importEligible: true, createdAt: threadDiscoveredAt, releaseDate: '2023-01-01', messageThreadId: 'T-1', deliverySequence: 2 });
    await insertFile('superseded', { ...base, isLatestInThread: false, createdAt: threadDiscoveredAt, messageThreadId: 'T-1', deliverySequence: 1 });
    await insertFile('awaiting', { ...base, createdAt: minutesAgo(4) });
    await insertFile('discovered', { ...base, status: 'discovered', sourceId: ids.plain, createdAt: minutesAgo(3), sourcePath: 'incoming/BATCH_0042/discovered.xml' });
    await insertFile('rejected-by-name', { ...base, artistName: 'Rex Rejected', createdAt: minutesAgo(2) });
    await insertFile('rejected-by-link', { ...base, artistName: 'Rex Rejected & Friends', createdAt: minutesAgo(2) });
    await db.insert(ddexFileArtist).values({ ddexFileId: ids['rejected-by-link']!, artistId: ids.rex! });

    // Assets of the imported file: one new, one reused, one changed (replacing an old, superseded one).
    const [track] = await db.insert(resource).values({ ddexFileId: ids.imported, title: 'Track One', mediaType: 'audio', durationMs: 185_000 }).returning({ id: resource.id });
    const [oldMaster] = await db.insert(asset).values({ resourceId: track!.id, kind: 'master', bucket: 'fuga-zone', key: 'old/track1.wav' }).returning({ id: asset.id });
    const [newMaster, cover, reusedImage] = await db
      .insert(asset)
      .values([
        { resourceId: track!.id, kind: 'master', bucket: 'fuga-zone', key: 'imported/resources/track1.wav', ddexFileId: ids.imported },
        { resourceId: track!.id, kind: 'cover', bucket: 'fuga-zone', key: 'imported/resources/cover.jpg', ddexFileId: ids.imported },
        { kind: 'image', bucket: 'fuga-zone', key: 'older/resources/artist.jpg' },
      ])
      .returning({ id: asset.id });
    await db.update(asset).set({ supersededBy: newMaster!.id, supersededAt: new Date() }).where(eq(asset.id, oldMaster!.id));
    await db.insert(assetDeliveryHistory).values([
      { assetId: newMaster!.id, ddexFileId: ids.imported!, previousAssetId: oldMaster!.id },
      { assetId: reusedImage!.id, ddexFileId: ids.imported!, reused: true },
      { assetId: cover!.id, ddexFileId: ids.imported! },
    ]);
    ids.oldMaster = oldMaster!.id;
    ids.newMaster = newMaster!.id;
    ids.cover = cover!.id;
    ids.reusedImage = reusedImage!.id;

    // 120 more files on another source for paging and the partner filter.
    await db.insert(ddexFile).values(
      Array.from({ length: 120 }, (_, i) => ({
        sourceId: ids.other!,
        sourcePath: `bulk/${String(i).padStart(3, '0')}/message.xml`,
        releaseTitle: `Bulk ${String(i).padStart(3, '0')}`,
        partnerId: ids.labelB,
        status: 'discovered' as const,
        createdAt: minutesAgo(60 + i),
      })),
    );
    await db.insert(scanJobs).values([{ sourceId: ids.fuga!, status: 'completed' }, { sourceId: ids.plain!, status: 'failed', errorMessage: 'boom' }]);
    await db.update(sources).set({ lastScannedAt: minutesAgo(5) });
  });
  afterAll(() => app?.stop());

  it('answers 401 without a session', async () => {
    const res = await app.request('/api/ddex-files');
    expect(res.status).toBe(401);
  });

  it('lists 50 a page with the total, hiding files of rejected artists by default', async () => {
    const first = await list('');
    // 9 seeded + 120 bulk, minus the two files of the rejected artist.
    expect(first.total).toBe(127);
    expect(first.rows).toHaveLength(50);
    const third = await list('page=3');
    expect(third.rows).toHaveLength(27);
    expect(third.total).toBe(127);
    const all = [...first.rows, ...(await list('page=2')).rows, ...third.rows].map((row) => row.id);
    expect(new Set(all).size).toBe(127);
    expect(all).not.toContain(ids['rejected-by-name']);
  });

  it('sorts Latest First by discovery time, then the later delivery of a thread', async () => {
    const body = await list('pageSize=9');
    expect(body.rows.map((row) => row.release_title)).toEqual(['discovered', 'awaiting', 'ready', 'superseded', 'imported', 'waiting', 'err', 'Bulk 000', 'Bulk 001']);
  });

  it('sorts by release date newest and oldest, undated files last', async () => {
    const newest = await list('sort=release_date_desc&pageSize=6');
    expect(newest.rows.map((row) => row.release_title)).toEqual(['imported', 'ready', 'waiting', 'err', expect.any(String), expect.any(String)]);
    expect(newest.rows[4].release_date).toBeNull();
    const oldest = await list('sort=release_date_asc&pageSize=4');
    expect(oldest.rows.map((row) => row.release_title)).toEqual(['err', 'waiting', 'ready', 'imported']);
  });

  it('filters on every display status, first match wins', async () => {
    const expected: Record<string, string[]> = {
      error: ['err'],
      waiting_for_initial: ['waiting'],
      imported: ['imported'],
      ready: ['ready'],
      superseded: ['superseded'],
      awaiting_approval: ['awaiting'],
    };
    for (const [status, files] of Object.entries(expected)) {
      expect(titles(await list(`status=${status}`)), status).toEqual(files);
    }
    const discovered = await list('status=discovered');
    expect(discovered.total).toBe(121);
  });

  it('carries partner, asset count, artist link and the columns the table shows', async () => {
    const [row] = (await list('status=imported')).rows;
    expect(row).toMatchObject({
      id: ids.imported,
      release_title: 'imported',
      artist_name: 'Alice Approved',
      artist_id: ids.alice,
      upc: '0123456789012',
      isrc: 'NLA012300001',
      duration_ms: 185_000,
      release_date: '2024-03-15',
      delivery_type: 'initial',
      partner: { id: ids.labelB, name: 'Beta Music', slug: 'beta-music' },
      // The new master, the cover, the reused image and the master it replaced (same resource).
      asset_count: 4,
    });
    expect(row.search_text).toBeUndefined();
    const [awaiting] = (await list('status=awaiting_approval')).rows;
    expect(awaiting.artist_id).toBeNull();
    expect(awaiting.asset_count).toBe(0);
  });

  it('shows only the files of rejected artists when asked, found by name or by link', async () => {
    const body = await list('show_rejected=1');
    expect(titles(body)).toEqual(['rejected-by-link', 'rejected-by-name']);
    const linked = body.rows.find((row) => row.id === ids['rejected-by-link'])!;
    expect(linked.artist_id).toBe(ids.rex);
  });

  it('searches path, message id, artist, title, UPC and ISRC, ignoring the rejected-artists rule', async () => {
    expect(titles(await list('search=batch_0042'))).toEqual(['discovered']);
    expect(titles(await list('search=msg-imported'))).toEqual(['imported']);
    expect(titles(await list('search=ALICE'))).toEqual(['imported']);
    expect(titles(await list('search=superSEDED'))).toEqual(['superseded']);
    expect(titles(await list('search=345678901'))).toEqual(['imported']);
    expect(titles(await list('search=nla0123'))).toEqual(['imported']);
    expect(titles(await list('search=Rex%20Rejected'))).toEqual(['rejected-by-link', 'rejected-by-name']);
    expect(titles(await list('search=Rex%20Rejected&show_rejected=0'))).toEqual(['rejected-by-link', 'rejected-by-name']);
    // % and _ are literal characters, not wildcards.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=bulk_')).total).toBe(0);
  });

  it('filters by partner and source, and hides superseded deliveries', async () => {
    const betaFiles = await list(`partner_id=${ids.labelB}`);
    expect(betaFiles.total).toBe(121);
    expect((await list(`source_id=${ids.plain}`)).rows.map((row) => row.release_title)).toEqual(['discovered']);
    const hidden = await list('hide_superseded=1&pageSize=200');
    expect(hidden.total).toBe(126);
    expect(hidden.rows.map((row) => row.id)).not.toContain(ids.superseded);
    expect(hidden.rows.map((row) => row.id)).toContain(ids.ready);
  });

  it('answers 400 naming the problem for a bad filter', async () => {
    const badStatus = await get('/api/ddex-files?status=bogus');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.message).toMatch(/status must be one of error, waiting_for_initial/);
    const badPartner = await get('/api/ddex-files?partner_id=nope');
    expect(badPartner.status).toBe(400);
    expect(badPartner.body.error.message).toMatch(/partner_id must be an id/);
    const badSort = await get('/api/ddex-files?sort=random');
    expect(badSort.body.error.message).toMatch(/sort must be one of latest/);
    const badPage = await get('/api/ddex-files?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.error.message).toBe('page: page must be 1 or more');
    expect((await get('/api/ddex-files?page=abc')).body.error.message).toBe('page: page must be a whole number');
    expect((await get('/api/ddex-files?pageSize=100000')).body.error.message).toBe('pageSize: pageSize must be at most 200');
    expect((await get('/api/ddex-files?pageSize=ten')).body.error.message).toBe('pageSize: pageSize must be a whole number');
  });

  it('returns one file with its resources, badge-ready assets and delivery history', async () => {
    const { status, body } = await get(`/api/ddex-files/${ids.imported}`);
    expect(status).toBe(200);
    expect(body.partner.name).toBe('Beta Music');
    expect(body.resources.map((r: any) => r.title)).toEqual(['Track One']);
    const badges = Object.fromEntries(body.assets.map((a: any) => [a.key, a.badge]));
    expect(badges).toEqual({
      'imported/resources/track1.wav': 'changed',
      'imported/resources/cover.jpg': 'new',
      'older/resources/artist.jpg': 'reused',
      'old/track1.wav': 'superseded',
    });
    const changed = body.assets.find((a: any) => a.id === ids.newMaster);
    expect(changed.previous_asset_id).toBe(ids.oldMaster);
    expect(body.history).toHaveLength(3);
    expect((await get('/api/ddex-files/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await get('/api/ddex-files/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('"not-an-id" is not a DDEX file id');
  });

  it('lists partners and the per-source summary for any signed-in user', async () => {
    const partners = await get('/api/partners');
    expect(partners.body.rows.map((p: any) => p.name)).toEqual(['Alpha Records', 'Beta Music']);
    expect(partners.body.total).toBe(2);
    const summary = await get('/api/ddex-files/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.sources.map((s: any) => [s.name, s.files_count, s.storage_zone])).toEqual([
      ['FUGA', 8, 'fuga-zone'],
      ['source', 1, 'plain-bucket'],
      ['Orchard drop', 120, '/srv/orchard'],
    ]);
    expect(summary.body.sources[0].last_scanned_at).not.toBeNull();
    expect(summary.body.sources[0].access_key).toBeUndefined();
  });

  it('deletes a file for a user, once, and writes it down', async () => {
    const res = await app.request(`/api/ddex-files/${ids.awaiting}`, { method: 'DELETE', cookie: userCookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await get(`/api/ddex-files/${ids.awaiting}`)).status).toBe(404);
    const again = await app.request(`/api/ddex-files/${ids.awaiting}`, { method: 'DELETE', cookie: userCookie });
    expect(again.status).toBe(404);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'ddex_file.delete'));
    expect(entry).toMatchObject({ actorEmail: 'user@example.com', target: ids.awaiting });
  });

  it('refuses every purge to a user (403) and names a missing source id', async () => {
    for (const name of ['purge-source-data', 'purge-fuga-data', 'purge-ddex-data']) {
      const res = await app.request(`/api/fn/${name}`, { method: 'POST', cookie: userCookie, body: JSON.stringify({ sourceId: ids.plain }) });
      expect(res.status, name).toBe(403);
    }
    const missing = await app.request('/api/fn/purge-source-data', { method: 'POST', cookie: adminCookie, body: '{}' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/^sourceId: /);
    const unknown = await app.request('/api/fn/purge-source-data', {
      method: 'POST',
      cookie: adminCookie,
      body: JSON.stringify({ sourceId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.status).toBe(404);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(ddexFile);
    expect(count!.n).toBe(128);
  });

  it('purges one source: its files and scan history go, last_scanned_at resets, the audit log counts them', async () => {
    const res = await app.request('/api/fn/purge-source-data', { method: 'POST', cookie: adminCookie, body: JSON.stringify({ sourceId: ids.plain }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: 'Purged 1 DDEX file and 1 scan job of source.' });
    const [plainSource] = await db.select().from(sources).where(eq(sources.id, ids.plain!));
    expect(plainSource!.lastScannedAt).toBeNull();
    expect(await db.select().from(scanJobs).where(eq(scanJobs.sourceId, ids.plain!))).toHaveLength(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'purge-source-data'));
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', target: ids.plain, counts: { sources: 1, ddexFiles: 1, scanJobs: 1 } });
    // Other sources untouched.
    expect((await list(`source_id=${ids.other}`)).total).toBe(120);
  });

  it('purges the FUGA source, then everything', async () => {
    const fuga = await app.request('/api/fn/purge-fuga-data', { method: 'POST', cookie: adminCookie });
    expect(fuga.status).toBe(200);
    expect((await fuga.json()).message).toBe('Purged 7 DDEX files and 1 scan job of FUGA.');
    expect((await list(`source_id=${ids.fuga}&show_rejected=1`)).total).toBe(0);
    expect((await list(`source_id=${ids.other}`)).total).toBe(120);

    const all = await app.request('/api/fn/purge-ddex-data', { method: 'POST', cookie: adminCookie });
    expect(await all.json()).toMatchObject({ success: true, message: 'Purged 120 DDEX files and 0 scan jobs of 3 sources.' });
    expect((await list('')).total).toBe(0);
    const entries = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['purge-fuga-data', 'purge-ddex-data']));
    expect(entries.find((e) => e.action === 'purge-ddex-data')!.counts).toEqual({ sources: 3, ddexFiles: 120, scanJobs: 0 });
    // Assets survive the purge of the files that brought them (only the rows of the files go).
    expect((await db.select().from(asset)).length).toBe(4);

    const again = await app.request('/api/fn/purge-fuga-data', { method: 'POST', cookie: adminCookie });
    expect(again.status).toBe(200);
    await db.delete(sources).where(eq(sources.name, 'FUGA'));
    const noFuga = await app.request('/api/fn/purge-fuga-data', { method: 'POST', cookie: adminCookie });
    expect(noFuga.status).toBe(404);
    expect((await noFuga.json()).error.message).toBe('No source named FUGA exists.');
  });
});
