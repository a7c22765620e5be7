import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { asset, resource, sources } from '@/db/schema';
import { coverVariantCache } from '@/features/media/variants';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedDemoCatalogue, writeDemoFolder, type DemoFolder, type SeededRelease } from './fixtures';

const url = (bucket: string, key: string, extra: Record<string, string> = {}) =>
  `/api/fn/fetch-asset?${new URLSearchParams({ bucket, key, ...extra }).toString()}`;

describe('fetch-asset', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let cookie: string;
  let seeded: SeededRelease;
  let seededReleases: SeededRelease[];
  let audioKey: string;
  let audioBytes: Buffer;

  beforeAll(async () => {
    [app, demo] = await Promise.all([startTestApp(), writeDemoFolder()]);
    await app.createUser('user@example.com', 'user-password-1', 'user');
    cookie = await app.signIn('user@example.com', 'user-password-1');
    const { releases } = await seedDemoCatalogue(app.runtime.deps.db, demo, { count: 2 });
    seededReleases = releases;
    seeded = releases[0]!;
    audioKey = seeded.audioKeys[0]!;
    audioBytes = readFileSync(path.join(demo.folder, audioKey));
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    demo?.remove();
  });

  it('refuses callers without a session (401)', async () => {
    const res = await app.request(url(demo.folder, audioKey));
    expect(res.status).toBe(401);
    const alias = await app.request(`/api/assets/${encodeURIComponent(demo.folder)}/${audioKey}`);
    expect(alias.status).toBe(401);
  });

  it('streams a whole audio file with its type, length and range support advertised', async () => {
    const res = await app.request(url(demo.folder, audioKey), { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('content-length')).toBe(String(audioBytes.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes)).toBe(true);
  });

  it('answers bytes=a-b with 206 and exactly those bytes', async () => {
    const res = await app.request(url(demo.folder, audioKey), { cookie, headers: { Range: 'bytes=100-1099' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${audioBytes.length}`);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(100, 1100))).toBe(true);
  });

  it('answers an open range bytes=a- with the rest of the file', async () => {
    const start = audioBytes.length - 777;
    const res = await app.request(url(demo.folder, audioKey), { cookie, headers: { Range: `bytes=${start}-` } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${audioBytes.length - 1}/${audioBytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(start))).toBe(true);
  });

  it('answers a suffix range bytes=-n with the last n bytes', async () => {
    const res = await app.request(url(demo.folder, audioKey), { cookie, headers: { Range: 'bytes=-500' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${audioBytes.length - 500}-${audioBytes.length - 1}/${audioBytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(audioBytes.length - 500))).toBe(true);
  });

  it('clamps an end past the file to its last byte', async () => {
    const res = await app.request(url(demo.folder, audioKey), { cookie, headers: { Range: `bytes=10-${audioBytes.length + 5000}` } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(10))).toBe(true);
  });

  it('answers 416 with the size when the range starts past the end', async () => {
    const res = await app.request(url(demo.folder, audioKey), { cookie, headers: { Range: `bytes=${audioBytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${audioBytes.length}`);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request(url(demo.folder, audioKey), { cookie, method: 'HEAD' });
    const etag = first.headers.get('etag')!;
    const again = await app.request(url(demo.folder, audioKey), { cookie, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves the cover as image/jpeg and the XML message as application/xml', async () => {
    const cover = await app.request(url(demo.folder, seeded.coverKey!), { cookie });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await cover.arrayBuffer()).equals(readFileSync(path.join(demo.folder, seeded.coverKey!)))).toBe(true);
    const message = demo.manifest.messages.find((m) => m.releaseKey && m.kind === 'initial' && seeded.audioKeys[0]!.startsWith(m.deliveryFolder))!;
    const xml = await app.request(url(demo.folder, message.path), { cookie });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(await xml.text()).toContain('ReleaseList');
  });

  it('serves the alias /api/assets/{bucket}/{key} with the same bytes and checks', async () => {
    const res = await app.request(`/api/assets/${encodeURIComponent(demo.folder)}/${audioKey}`, { cookie, headers: { Range: 'bytes=0-43' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(0, 44))).toBe(true);
    const unknown = await app.request(`/api/assets/no-such-bucket/${audioKey}`, { cookie });
    expect(unknown.status).toBe(404);
  });

  it('refuses an unknown bucket with 404', async () => {
    const res = await app.request(url('no-such-bucket', audioKey), { cookie });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toContain('no-such-bucket');
  });

  it('refuses keys that are neither assets nor delivery files of the source (no open proxy)', async () => {
    // The demo folder holds other partners' files that no ddex_file row or asset names.
    const seededFolders = seededReleases.map((r) => r.audioKeys[0]!.split('/resources/')[0]!);
    const stranger = demo.manifest.files.find((f) => f.kind === 'audio' && !seededFolders.some((folder) => f.path.startsWith(`${folder}/`)))!;
    const outside = await app.request(url(demo.folder, stranger.path), { cookie });
    expect(outside.status).toBe(404);
    const traversal = await app.request(url(demo.folder, `${seeded.audioKeys[0]!.split('/resources/')[0]}/../../etc/passwd`), { cookie });
    expect([400, 404]).toContain(traversal.status);
    // A bucket of another source does not lend its assets to this one.
    await app.runtime.deps.db.insert(sources).values({ name: 'Other', storageType: 'bunny_cdn', storageZone: 'other-zone' });
    const crossed = await app.request(url('other-zone', audioKey), { cookie });
    expect(crossed.status).toBe(404);
  });

  it('says which variants exist when given another', async () => {
    const res = await app.request(url(demo.folder, seeded.coverKey!, { variant: 'huge' }), { cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('thumb, small');
  });

  it('refuses a variant of a non-image', async () => {
    const res = await app.request(url(demo.folder, audioKey, { variant: 'thumb' }), { cookie });
    expect(res.status).toBe(400);
  });

  it('serves resized cover variants, generated once and then from the cache', async () => {
    const cache = coverVariantCache(app.runtime.deps.config.dataDir);
    const before = cache.rendered;
    const thumb = await app.request(url(demo.folder, seeded.coverKey!, { variant: 'thumb' }), { cookie, headers: { Accept: 'image/webp,image/*' } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    const meta = await sharp(thumbBytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 160]);
    expect(cache.rendered).toBe(before + 1);

    const again = await app.request(url(demo.folder, seeded.coverKey!, { variant: 'thumb' }), { cookie, headers: { Accept: 'image/webp' } });
    expect(Buffer.from(await again.arrayBuffer()).equals(thumbBytes)).toBe(true);
    expect(cache.rendered).toBe(before + 1);

    const small = await app.request(url(demo.folder, seeded.coverKey!, { variant: 'small' }), { cookie, headers: { Accept: 'image/jpeg' } });
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.format, smallMeta.width]).toEqual(['jpeg', 400]);
    expect(cache.rendered).toBe(before + 2);
  });

  it('answers 422 naming the file when a cover cannot be decoded', async () => {
    const db = app.runtime.deps.db;
    const [image] = await db.insert(resource).values({ title: 'Broken', mediaType: 'image' }).returning({ id: resource.id });
    // A delivered file that claims to be a JPEG but is not one.
    const bogus = demo.manifest.files.find((f) => f.kind === 'message' && f.path.startsWith(seeded.audioKeys[0]!.split('/resources/')[0]!))!.path;
    await db.insert(asset).values({ resourceId: image!.id, kind: 'cover', bucket: demo.folder, key: bogus, mimeType: 'image/jpeg' });
    const res = await app.request(url(demo.folder, bogus, { variant: 'small' }), { cookie });
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toContain(bogus);
  });
});
