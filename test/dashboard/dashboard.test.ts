import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artist, asset, ddexFile, importJobs, release, releaseContributor, releaseResource, resource, scanJobs, sources } from '@/db/schema';
import type { DashboardData } from '@/features/dashboard/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedDemoCatalogue, writeDemoFolder, type DemoFolder, type SeededRelease } from '../media/fixtures';

const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000);

describe('GET /api/dashboard', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let cookie: string;
  let seeded: SeededRelease[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    [app, demo] = await Promise.all([startTestApp(), writeDemoFolder()]);
    const db = app.runtime.deps.db;
    await app.createUser('user@example.com', 'user-password-1', 'user');
    cookie = await app.signIn('user@example.com', 'user-password-1');
    // 10 imported demo releases (approved main artists), one minute apart, all older than now.
    const catalogue = await seedDemoCatalogue(db, demo, { count: 10 });
    seeded = catalogue.releases;
    const sourceId = catalogue.sourceId;
    await db.insert(sources).values({ name: 'Empty zone', storageType: 'bunny_cdn', storageZone: 'empty-zone' });

    // Files besides the 10 imported ones: 2 ready (eligible, not imported), 3 merely discovered,
    // and an eligible file that is already imported (counts as imported, not ready).
    await db.insert(ddexFile).values([
      { sourceId, sourcePath: 'x/ready-1.xml', status: 'metadata_scanned', importEligible: true },
      { sourceId, sourcePath: 'x/ready-2.xml', status: 'metadata_scanned', importEligible: true },
      { sourceId, sourcePath: 'x/found-1.xml' },
      { sourceId, sourcePath: 'x/found-2.xml' },
      { sourceId, sourcePath: 'x/found-3.xml', status: 'error', error: 'Line 1: bad' },
      { sourceId, sourcePath: 'x/imported-eligible.xml', status: 'metadata_scanned', importEligible: true, importedAt: new Date() },
    ]);

    // Artists: pending, rejected, approved with and without autopush on releases; one approved
    // artist that is on no release (not counted) and one only credited as a non-main role.
    const [pending, rejected, autopush, lonely, featured] = await db
      .insert(artist)
      .values([
        { name: 'Pending Main', status: 'pending', isMainArtist: true },
        { name: 'Rejected Main', status: 'rejected', isMainArtist: true },
        { name: 'Autopush Main', status: 'approved', autopush: true, isMainArtist: true },
        { name: 'On No Release', status: 'approved', autopush: true, isMainArtist: true },
        { name: 'Only Featured', status: 'pending' },
      ])
      .returning({ id: artist.id });
    void lonely;

    // Cover rule, newest releases: primary cover wins over another cover; else any cover; else any image; else none.
    const makeRelease = async (title: string, minutes: number, type = 'Single') => {
      const [row] = await db.insert(release).values({ title, type, createdAt: minutesFromNow(minutes), originalReleaseDate: '2026-01-02' }).returning({ id: release.id });
      return row!.id;
    };
    const attach = async (releaseId: number, files: { kind: 'cover' | 'image' | 'artwork' | 'master'; key: string; mime: string | null; primary?: boolean; superseded?: boolean }[]) => {
      for (const file of files) {
        const [res] = await db.insert(resource).values({ title: file.key, mediaType: file.kind === 'master' ? 'audio' : 'image' }).returning({ id: resource.id });
        await db.insert(releaseResource).values({ releaseId, resourceId: res!.id });
        await db.insert(asset).values({
          resourceId: res!.id,
          kind: file.kind,
          bucket: 'empty-zone',
          key: file.key,
          mimeType: file.mime,
          isPrimary: file.primary ?? false,
          supersededAt: file.superseded ? new Date() : null,
        });
      }
    };
    ids.primary = await makeRelease('Primary Cover Wins', 1);
    await attach(ids.primary, [
      { kind: 'cover', key: 'p/other-cover.jpg', mime: 'image/jpeg' },
      { kind: 'cover', key: 'p/old-primary.jpg', mime: 'image/jpeg', primary: true, superseded: true },
      { kind: 'cover', key: 'p/primary.jpg', mime: 'image/jpeg', primary: true },
      { kind: 'image', key: 'p/booklet.png', mime: 'image/png', primary: true },
    ]);
    ids.anyCover = await makeRelease('Any Cover', 2, 'Album');
    await attach(ids.anyCover, [
      { kind: 'image', key: 'c/photo.png', mime: 'image/png', primary: true },
      { kind: 'cover', key: 'c/cover.jpg', mime: 'image/jpeg' },
    ]);
    ids.anyImage = await makeRelease('Any Image', 3, 'EP');
    await attach(ids.anyImage, [
      { kind: 'master', key: 'i/track.wav', mime: 'audio/wav', primary: true },
      { kind: 'artwork', key: 'i/art.png', mime: 'image/png' },
    ]);
    ids.noImage = await makeRelease('No Image', 4);
    await attach(ids.noImage, [{ kind: 'master', key: 'n/track.wav', mime: 'audio/wav' }]);
    // The newest release of all is a TrackRelease: never on the dashboard, nor in the count.
    ids.track = await makeRelease('Hidden TrackRelease', 5, 'TrackRelease');

    await db.insert(releaseContributor).values([
      { releaseId: ids.primary, artistId: pending!.id, role: 'MainArtist', creditedName: 'Pending Main', sequence: 1 },
      { releaseId: ids.primary, artistId: autopush!.id, role: 'MainArtist', creditedName: 'Autopush Main', sequence: 2 },
      { releaseId: ids.anyCover, artistId: rejected!.id, role: 'MainArtist', creditedName: 'Rejected Main', sequence: 1 },
      { releaseId: ids.anyCover, artistId: featured!.id, role: 'FeaturedArtist', creditedName: 'Only Featured', sequence: 2 },
      { releaseId: ids.anyImage, role: 'MainArtist', creditedName: 'Unlinked Credit', sequence: 1 },
    ]);

    await db.insert(scanJobs).values([
      { sourceId, status: 'pending' },
      { sourceId, status: 'running' },
      { sourceId, status: 'completed' },
      { sourceId, status: 'failed' },
    ]);
    await db.insert(importJobs).values([{ status: 'running' }, { status: 'completed' }, { status: 'pending' }, { status: 'pending' }]);
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    demo?.remove();
  });

  const load = async () => {
    const res = await app.request('/api/dashboard', { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as DashboardData;
  };

  it('needs a session', async () => {
    expect((await app.request('/api/dashboard')).status).toBe(401);
  });

  it('counts sources, files, jobs and the catalogue as the rows say', async () => {
    const data = await load();
    const count = async (sql: string) => Number((await app.runtime.deps.database.query<{ n: number }>(sql))[0]!.n);
    expect(data.sources.total).toBe(2);
    expect(data.files).toEqual({ total: 16, not_imported: 5, imported: 11, ready_to_import: 2 });
    expect(data.files.total).toBe(await count('SELECT count(*) AS n FROM ddex_file'));
    expect(data.jobs).toEqual({ scan_active: 2, import_active: 3 });
    // 10 demo releases + 4 cover-rule releases; the TrackRelease is not counted.
    expect(data.catalogue.releases).toBe(14);
    expect(data.catalogue.releases).toBe(await count(`SELECT count(*) AS n FROM release WHERE type <> 'TrackRelease'`));
    expect(data.catalogue.resources).toBe(await count('SELECT count(*) AS n FROM resource'));
    expect(data.catalogue.resources).toBeGreaterThan(50);
  });

  it('counts only artists credited as MainArtist on a release', async () => {
    const data = await load();
    const demoArtists = new Set(seeded.map((r) => r.artist)).size;
    // Demo main artists are approved without autopush; plus Pending, Rejected and Autopush Main.
    expect(data.artists).toEqual({ total: demoArtists + 3, pending: 1, approved: demoArtists + 1, autopush: 1 });
  });

  it('lists the 8 latest releases newest first, without TrackReleases', async () => {
    const data = await load();
    expect(data.latest_releases).toHaveLength(8);
    const titles = data.latest_releases.map((r) => r.title);
    expect(titles.slice(0, 4)).toEqual(['No Image', 'Any Image', 'Any Cover', 'Primary Cover Wins']);
    // Then the newest demo releases, newest first.
    expect(titles.slice(4)).toEqual(seeded.slice(-4).reverse().map((r) => r.title));
    expect(titles).not.toContain('Hidden TrackRelease');
    const first = data.latest_releases[3]!;
    expect(first).toMatchObject({ id: ids.primary, type: 'Single', original_release_date: '2026-01-02', main_artists: ['Pending Main', 'Autopush Main'] });
    expect(data.latest_releases[1]!.main_artists).toEqual(['Unlinked Credit']);
    expect(data.latest_releases[2]!.main_artists).toEqual(['Rejected Main']);
  });

  it('picks covers by the spec rule: primary cover, else any cover, else any image', async () => {
    const data = await load();
    const cover = (id: number) => {
      const url = data.latest_releases.find((r) => r.id === id)!.cover_url;
      return url ? new URL(url, 'http://x').searchParams : null;
    };
    expect(cover(ids.primary)!.get('key')).toBe('p/primary.jpg');
    expect(cover(ids.primary)!.get('bucket')).toBe('empty-zone');
    expect(cover(ids.primary)!.get('variant')).toBe('thumb');
    expect(cover(ids.anyCover)!.get('key')).toBe('c/cover.jpg');
    expect(cover(ids.anyImage)!.get('key')).toBe('i/art.png');
    expect(cover(ids.noImage)).toBeNull();
    // Demo releases point at their real cover files through fetch-asset.
    const demoRelease = data.latest_releases[4]!;
    const res = await app.request(demoRelease.cover_url!, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/);
  });

  it('follows changes: an import job finishing leaves the active count', async () => {
    const before = await load();
    await app.runtime.deps.database.query(`UPDATE import_jobs SET status = 'completed' WHERE status = 'running'`);
    const after = await load();
    expect(after.jobs.import_active).toBe(before.jobs.import_active - 1);
  });
});
