import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { artist, release, releaseContributor, resource, rowCountDelta } from '@/db/schema';
import { compactRowCounters, getDashboard } from '@/features/dashboard/service';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

describe('trigger-kept catalogue counters', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const truth = async () => {
    const [row] = await database.query<{ releases: number; resources: number }>(
      `SELECT (SELECT count(*) FROM release WHERE type <> 'TrackRelease') AS releases, (SELECT count(*) FROM resource) AS resources`,
    );
    return { releases: Number(row!.releases), resources: Number(row!.resources) };
  };
  const shown = async () => (await getDashboard({ database })).catalogue;

  it('count an artist as main artist exactly while a MainArtist credit names it', async () => {
    const db = database.db;
    const [main, other] = await db.insert(artist).values([{ name: 'Main One', status: 'approved', autopush: true }, { name: 'Other One' }]).returning({ id: artist.id });
    const [a, b] = await db.insert(release).values([{ title: 'M1', type: 'Album' }, { title: 'M2', type: 'Single' }]).returning({ id: release.id });
    const artists = async () => (await getDashboard({ database })).artists;
    expect(await artists()).toEqual({ total: 0, pending: 0, approved: 0, autopush: 0 });
    await db.insert(releaseContributor).values([
      { releaseId: a!.id, artistId: main!.id, role: 'MainArtist' },
      { releaseId: b!.id, artistId: main!.id, role: 'MainArtist' },
      { releaseId: b!.id, artistId: other!.id, role: 'Producer' },
    ]);
    expect(await artists()).toEqual({ total: 1, pending: 0, approved: 1, autopush: 1 });
    // A producer credit promoted to MainArtist counts; one of two releases going keeps the artist.
    await db.update(releaseContributor).set({ role: 'MainArtist' }).where(eq(releaseContributor.artistId, other!.id));
    await db.delete(release).where(eq(release.id, a!.id));
    expect(await artists()).toEqual({ total: 2, pending: 1, approved: 1, autopush: 1 });
    // The last credit going (a re-import replacing credits, here a cascade) drops them.
    await db.delete(release).where(eq(release.id, b!.id));
    expect(await artists()).toEqual({ total: 0, pending: 0, approved: 0, autopush: 0 });
  });

  it('stay equal to count(*) through inserts, type changes, deletes, compaction and truncate', async () => {
    const db = database.db;
    expect(await shown()).toEqual({ releases: 0, resources: 0 });
    const releases = await db
      .insert(release)
      .values([{ title: 'A', type: 'Album' }, { title: 'B', type: 'Single' }, { title: 'T', type: 'TrackRelease' }])
      .returning({ id: release.id });
    await db.insert(resource).values(Array.from({ length: 7 }, (_, i) => ({ title: `r${i}`, mediaType: 'audio' })));
    expect(await shown()).toEqual({ releases: 2, resources: 7 });
    expect(await shown()).toEqual(await truth());

    // A re-import turns a Single into a TrackRelease and back; deletes go both ways.
    await db.update(release).set({ type: 'TrackRelease' }).where(eq(release.id, releases[1]!.id));
    expect(await shown()).toEqual({ releases: 1, resources: 7 });
    await db.update(release).set({ type: 'EP', title: 'B2' }).where(inArray(release.id, [releases[1]!.id, releases[2]!.id]));
    expect(await shown()).toEqual({ releases: 3, resources: 7 });
    await db.delete(resource).where(eq(resource.title, 'r3'));
    await db.delete(release).where(eq(release.id, releases[0]!.id));
    expect(await shown()).toEqual(await truth());
    expect(await shown()).toEqual({ releases: 2, resources: 6 });

    // Many small statements, then a fold into one row per counter.
    for (let i = 0; i < 30; i++) await db.insert(resource).values({ title: `x${i}`, mediaType: 'video' });
    expect(await db.$count(rowCountDelta)).toBeGreaterThan(30);
    await compactRowCounters(database);
    expect(await db.$count(rowCountDelta)).toBe(2);
    expect(await shown()).toEqual({ releases: 2, resources: 36 });

    await database.query('TRUNCATE resource CASCADE');
    expect(await shown()).toEqual(await truth());
    expect((await shown()).resources).toBe(0);
  });
});
