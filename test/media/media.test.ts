import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, ddexFile, importState, release, releaseResource, resource } from '@/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedDemoCatalogue, writeDemoFolder, type DemoFolder, type SeededRelease } from './fixtures';

describe('DDEX Media API', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let user: string;
  let admin: string;
  let seeded: SeededRelease[];
  let videoId: number;

  beforeAll(async () => {
    [app, demo] = await Promise.all([startTestApp(), writeDemoFolder()]);
    const db = app.runtime.deps.db;
    await app.createUser('user@example.com', 'user-password-1', 'user');
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    user = await app.signIn('user@example.com', 'user-password-1');
    admin = await app.signIn('admin@example.com', 'admin-password-1');
    seeded = (await seedDemoCatalogue(db, demo, { count: 3 })).releases;
    // A video on the first release, also carried by a TrackRelease: the row still opens the album.
    const [video] = await db.insert(resource).values({ title: 'Official Video', mediaType: 'video', isrc: 'NLVID2600001' }).returning({ id: resource.id });
    videoId = video!.id;
    const [trackRelease] = await db.insert(release).values({ title: 'Official Video', type: 'TrackRelease' }).returning({ id: release.id });
    await db.insert(releaseResource).values([
      { releaseId: trackRelease!.id, resourceId: videoId },
      { releaseId: seeded[0]!.id, resourceId: videoId, trackNumber: 99 },
    ]);
    // The second release was also stated by a later file (an update) that recorded an import state.
    const [update] = await db.insert(ddexFile).values({ sourceId: (await db.query.ddexFile.findFirst())!.sourceId, sourcePath: 'upd/update.xml', status: 'metadata_scanned', importedAt: new Date() }).returning({ id: ddexFile.id });
    await db.insert(importState).values({ releaseId: seeded[1]!.id, ddexFileId: update!.id, status: 'imported' });
    seeded[1]!.fileId = `${seeded[1]!.fileId}|${update!.id}`;
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    demo?.remove();
  });

  it('lists audio and video resources (no images) with their parent release, 100 a page by default', async () => {
    const res = await app.request('/api/resources', { cookie: user });
    expect(res.status).toBe(200);
    const body = await res.json();
    const audioCount = seeded.reduce((n, r) => n + r.audioKeys.length, 0);
    expect(body.total).toBe(audioCount + 1);
    expect(body.pageSize).toBe(100);
    expect(body.rows.every((r: { media_type: string }) => r.media_type === 'audio' || r.media_type === 'video')).toBe(true);
    const video = body.rows.find((r: { id: number }) => r.id === videoId);
    expect(video).toMatchObject({ media_type: 'video', parent_release_id: seeded[0]!.id, parent_release_title: seeded[0]!.title });
    const track = body.rows.find((r: { id: number }) => r.id === seeded[2]!.trackIds[0]);
    expect(track.parent_release_id).toBe(seeded[2]!.id);
    expect(new URL(track.media_url, app.url).searchParams.get('key')).toBe(seeded[2]!.audioKeys[0]);
  });

  it('filters by media type, searches and pages', async () => {
    const videos = await (await app.request('/api/resources?media_type=video', { cookie: user })).json();
    expect(videos.rows.map((r: { id: number }) => r.id)).toEqual([videoId]);
    const byIsrc = await (await app.request('/api/resources?search=nlvid26', { cookie: user })).json();
    expect(byIsrc.rows.map((r: { id: number }) => r.id)).toEqual([videoId]);
    const byRelease = await (await app.request(`/api/resources?search=${seeded[2]!.upc}`, { cookie: user })).json();
    expect(byRelease.total).toBe(seeded[2]!.audioKeys.length);
    const page2 = await (await app.request('/api/resources?pageSize=2&page=2', { cookie: user })).json();
    const all = await (await app.request('/api/resources', { cookie: user })).json();
    expect(page2.rows.map((r: { id: number }) => r.id)).toEqual(all.rows.slice(2, 4).map((r: { id: number }) => r.id));
    const bad = await app.request('/api/resources?media_type=image', { cookie: user });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('media_type must be one of audio, video');
  });

  it('lists the releases imported from one DDEX file, with artist, UPC, track count and cover', async () => {
    const one = await (await app.request(`/api/releases?ddex_file_id=${seeded[0]!.fileId}`, { cookie: user })).json();
    expect(one.total).toBe(1);
    expect(one.rows[0]).toMatchObject({ id: seeded[0]!.id, title: seeded[0]!.title, upc: seeded[0]!.upc, track_count: seeded[0]!.audioKeys.length + 1 });
    expect(one.rows[0].artist).toBeTruthy();
    expect(new URL(one.rows[0].cover_url, app.url).searchParams.get('key')).toBe(seeded[0]!.coverKey);
    const [, updateId] = seeded[1]!.fileId.split('|');
    const viaImportState = await (await app.request(`/api/releases?ddex_file_id=${updateId}`, { cookie: user })).json();
    expect(viaImportState.rows.map((r: { id: number }) => r.id)).toEqual([seeded[1]!.id]);
    const none = await (await app.request('/api/releases?ddex_file_id=00000000-0000-4000-8000-000000000000', { cookie: user })).json();
    expect(none).toMatchObject({ rows: [], total: 0 });
    const all = await (await app.request('/api/releases', { cookie: user })).json();
    expect(all.rows.some((r: { type: string }) => r.type === 'TrackRelease')).toBe(false);
    expect((await app.request('/api/releases?ddex_file_id=12', { cookie: user })).status).toBe(400);
  });

  it('refuses Purge All Data to users (403) and without a session (401)', async () => {
    expect((await app.request('/api/fn/purge-ddex-media', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/api/fn/purge-ddex-media', { method: 'POST', cookie: user })).status).toBe(403);
    expect(await app.runtime.deps.db.$count(release)).toBeGreaterThan(0);
  });

  it('purges the imported catalogue for an admin, resets imported files and writes the audit log', async () => {
    const db = app.runtime.deps.db;
    const releasesBefore = await db.$count(release);
    const resourcesBefore = await db.$count(resource);
    const res = await app.request('/api/fn/purge-ddex-media', { method: 'POST', cookie: admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, releases: releasesBefore, resources: resourcesBefore, files_reset: 4 });
    expect(await db.$count(release)).toBe(0);
    expect(await db.$count(resource)).toBe(0);
    const files = await db.select({ importedAt: ddexFile.importedAt }).from(ddexFile);
    expect(files).toHaveLength(4);
    expect(files.every((f) => f.importedAt === null)).toBe(true);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'purge-ddex-media')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', counts: { releases: releasesBefore, resources: resourcesBefore, files_reset: 4 } });
    const list = await (await app.request('/api/resources', { cookie: user })).json();
    expect(list).toMatchObject({ rows: [], total: 0 });
  });
});
