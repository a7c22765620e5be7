/**
 * The whole path on real demo deliveries: scan, approve, import with the Import engineer's
 * service, then stream an imported track through fetch-asset with Range requests and show the
 * imported release with its cover on the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { artist, asset, ddexFile } from '@/db/schema';
import type { DashboardData } from '@/features/dashboard/service';
import { importDdexFile } from '@/features/importing/service';
import { recomputeEligibility } from '@/features/scanning/threads';
import { startTestApp, type TestApp } from '../helpers/app';
import { scanFolder } from '../importing/support';
import { writeDemoFolder, type DemoFolder } from './fixtures';

describe('an imported demo release through fetch-asset and the dashboard', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let cookie: string;
  let releaseTitle: string;

  beforeAll(async () => {
    [app, demo] = await Promise.all([startTestApp(), writeDemoFolder()]);
    const deps = app.runtime.deps;
    await app.createUser('user@example.com', 'user-password-1', 'user');
    cookie = await app.signIn('user@example.com', 'user-password-1');
    await scanFolder(deps, demo.folder, 'Demo deliveries');
    await deps.db.update(artist).set({ status: 'approved' });
    await recomputeEligibility(deps.db);
    const initial = demo.manifest.messages.find((m) => m.kind === 'initial' && !m.malformed && m.mediaFiles.some((f) => f.endsWith('.wav')) && m.mediaFiles.some((f) => f.endsWith('.jpg')))!;
    const [file] = await deps.db.select({ id: ddexFile.id }).from(ddexFile).where(eq(ddexFile.sourcePath, initial.path));
    await importDdexFile(deps, file!.id);
    releaseTitle = demo.manifest.releases.find((r) => r.key === initial.releaseKey)!.title;
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    demo?.remove();
  });

  it('streams an imported master with exact byte ranges', async () => {
    const [master] = await app.runtime.deps.db
      .select({ bucket: asset.bucket, key: asset.key, mime: asset.mimeType })
      .from(asset)
      .where(and(eq(asset.kind, 'master'), isNotNull(asset.resourceId)))
      .limit(1);
    expect(master).toBeTruthy();
    const bytes = readFileSync(path.join(demo.folder, master!.key));
    const url = `/api/fn/fetch-asset?${new URLSearchParams({ bucket: master!.bucket, key: master!.key }).toString()}`;
    const whole = await app.request(url, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const middle = await app.request(url, { cookie, headers: { Range: 'bytes=44-2091' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(44, 2092))).toBe(true);
    const tail = await app.request(url, { cookie, headers: { Range: 'bytes=-16' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 16))).toBe(true);
  });

  it('puts the imported release with its cover on the dashboard', async () => {
    const data = (await (await app.request('/api/dashboard', { cookie })).json()) as DashboardData;
    expect(data.files.imported).toBe(1);
    expect(data.catalogue.releases).toBeGreaterThanOrEqual(1);
    const shown = data.latest_releases.find((r) => r.title === releaseTitle);
    expect(shown?.cover_url).toBeTruthy();
    expect(shown!.main_artists.length).toBeGreaterThan(0);
    const cover = await app.request(shown!.cover_url!, { cookie, headers: { Accept: 'image/webp' } });
    expect(cover.status).toBe(200);
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(160);
  });
});
