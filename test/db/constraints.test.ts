import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artist,
  asset,
  assetDeliveryHistory,
  auditLog,
  authUser,
  ddexFile,
  ddexFileArtist,
  dealTerritory,
  deliveryDestinations,
  deliveryJobs,
  destinationFieldMappings,
  partner,
  release,
  releaseContributor,
  releaseDeal,
  releaseIdentifier,
  releaseResource,
  resource,
  scanJobs,
  sources,
  userRoles,
} from '@/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { CHECK_VIOLATION, expectSqlState, FOREIGN_KEY_VIOLATION, insertSource, UNIQUE_VIOLATION } from './support';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe('unique constraints', () => {
  it('keeps one ddex_file per source and path, and a re-scan upsert updates that row', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'UniqueSource');
    const otherSourceId = await insertSource(db, 'OtherSource');
    const path = 'deliveries/20240101/8712345678901/8712345678901.xml';
    const [first] = await db.insert(ddexFile).values({ sourceId, sourcePath: path }).returning();
    expect(first.status).toBe('discovered');

    await expectSqlState(db.insert(ddexFile).values({ sourceId, sourcePath: path }), UNIQUE_VIOLATION);
    // The same path in another source is another delivery.
    await db.insert(ddexFile).values({ sourceId: otherSourceId, sourcePath: path });

    const [upserted] = await db
      .insert(ddexFile)
      .values({ sourceId, sourcePath: path, fileSize: 4096, fileChecksum: 'abc' })
      .onConflictDoUpdate({
        target: [ddexFile.sourceId, ddexFile.sourcePath],
        set: { fileSize: 4096, fileChecksum: 'abc' },
      })
      .returning();
    expect(upserted.id).toBe(first.id);
    expect(upserted.fileSize).toBe(4096);
    const rows = await db.select().from(ddexFile).where(eq(ddexFile.sourceId, sourceId));
    expect(rows).toHaveLength(1);
  });

  it('upserts main artists by name and partners by slug', async () => {
    const { db } = database;
    const upsertArtist = (name: string) =>
      db
        .insert(artist)
        .values({ name, isMainArtist: true })
        .onConflictDoUpdate({ target: artist.name, set: { isMainArtist: true } })
        .returning({ id: artist.id });
    const [a] = await upsertArtist('Doe Maar');
    const [b] = await upsertArtist('Doe Maar');
    expect(b.id).toBe(a.id);
    await expectSqlState(db.insert(artist).values({ name: 'Doe Maar' }), UNIQUE_VIOLATION);

    await db.insert(partner).values({ name: 'FUGA', slug: 'fuga' });
    await expectSqlState(db.insert(partner).values({ name: 'Fuga BV', slug: 'fuga' }), UNIQUE_VIOLATION);
  });

  it('holds identifiers, track links and roles unique, but lets mappings share a sort order', async () => {
    const { db } = database;
    const [rel] = await db.insert(release).values({ title: 'Unique Album', type: 'Album' }).returning();
    const [res] = await db.insert(resource).values({ title: 'Track', mediaType: 'audio' }).returning();
    expect(Number.isInteger(rel.id)).toBe(true);
    expect(Number.isInteger(res.id)).toBe(true);

    await db.insert(releaseIdentifier).values({ releaseId: rel.id, scheme: 'ICPN', value: '8712345678901' });
    await expectSqlState(
      db.insert(releaseIdentifier).values({ releaseId: rel.id, scheme: 'ICPN', value: '8712345678901' }),
      UNIQUE_VIOLATION,
    );
    await db.insert(releaseIdentifier).values({ releaseId: rel.id, scheme: 'UPC', value: '8712345678901' });

    await db.insert(releaseResource).values({ releaseId: rel.id, resourceId: res.id, trackNumber: 1 });
    await expectSqlState(
      db.insert(releaseResource).values({ releaseId: rel.id, resourceId: res.id, trackNumber: 2 }),
      UNIQUE_VIOLATION,
    );

    await db.insert(authUser).values({ id: 'user-unique', name: 'U', email: 'u@example.com' });
    await db.insert(userRoles).values({ userId: 'user-unique', role: 'admin' });
    await expectSqlState(db.insert(userRoles).values({ userId: 'user-unique', role: 'user' }), UNIQUE_VIOLATION);
    await expectSqlState(
      db.insert(authUser).values({ id: 'user-unique-2', name: 'U2', email: 'u@example.com' }),
      UNIQUE_VIOLATION,
    );

    const [destination] = await db.insert(deliveryDestinations).values({ name: 'Endpoint' }).returning();
    await db.insert(destinationFieldMappings).values([
      { destinationId: destination.id, outputField: 'title', inputField: 'release.title', sortOrder: 0 },
      { destinationId: destination.id, outputField: 'upc', inputField: 'release.upc', sortOrder: 0 },
    ]);
    const mappings = await db
      .select()
      .from(destinationFieldMappings)
      .where(eq(destinationFieldMappings.destinationId, destination.id));
    expect(mappings).toHaveLength(2);
  });
});

describe('check constraints and defaults', () => {
  it('refuses statuses and roles outside the allowed values', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'CheckSource');
    await expectSqlState(
      db.insert(ddexFile).values({ sourceId, sourcePath: 'x.xml', status: 'bogus' as 'discovered' }),
      CHECK_VIOLATION,
    );
    await expectSqlState(db.insert(scanJobs).values({ sourceId, status: 'paused' as 'pending' }), CHECK_VIOLATION);
    await expectSqlState(db.insert(artist).values({ name: 'Tierless', tier: 'E' as 'A' }), CHECK_VIOLATION);
    await expectSqlState(db.insert(artist).values({ name: 'Overconfident', aiConfidenceScore: 1.5 }), CHECK_VIOLATION);
    await expectSqlState(db.insert(authUser).values({ id: 'x', name: 'x', email: 'x@x' }).then(() =>
      db.insert(userRoles).values({ userId: 'x', role: 'owner' as 'admin' })), CHECK_VIOLATION);
    await expectSqlState(
      db.insert(deliveryDestinations).values({ name: 'Bad', method: 'GET' as 'POST' }),
      CHECK_VIOLATION,
    );
    await expectSqlState(db.insert(scanJobs).values({ sourceId: '00000000-0000-0000-0000-000000000000' }), FOREIGN_KEY_VIOLATION);
  });

  it('fills the spec defaults a new scan job and destination start with', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'DefaultsSource');
    const [job] = await db.insert(scanJobs).values({ sourceId }).returning();
    expect(job).toMatchObject({
      status: 'pending',
      batchSize: 100,
      totalDirectories: 0,
      processedDirectories: 0,
      currentBatch: 0,
      resumeToken: null,
    });
    const [destination] = await db.insert(deliveryDestinations).values({ name: 'Defaults' }).returning();
    expect(destination).toMatchObject({
      method: 'POST',
      active: true,
      fileAssetTypes: ['audio', 'video', 'image'],
      filePathTemplate: '{release_id}/{resource_id}/{filename}',
      imagePathTemplate: '{release_id}/artwork/{filename}',
      streamingUrlField: 'streaming_url',
      keyUrlField: 'key_url',
      audioConverterSettings: { bitrate: '1000k', segmentDuration: 6, encryption: true, outputFormat: 'hls' },
    });
    const [source] = await db.select().from(sources).where(eq(sources.id, sourceId));
    expect(source).toMatchObject({ status: 'active', filesCount: 0, lastConnected: null });
  });

  it('stamps updated_at when drizzle updates a row', async () => {
    const { db } = database;
    const [row] = await db
      .insert(artist)
      .values({ name: 'Stamped', updatedAt: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const [updated] = await db
      .update(artist)
      .set({ status: 'approved', autopush: true })
      .where(eq(artist.id, row.id))
      .returning();
    expect(updated.updatedAt.getTime()).toBeGreaterThan(new Date('2021-01-01T00:00:00Z').getTime());
  });
});

describe('foreign keys', () => {
  it('deleting a source removes its files and scan jobs; releases from those files stay', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'DoomedSource');
    const [file] = await db.insert(ddexFile).values({ sourceId, sourcePath: 'a/a.xml' }).returning();
    await db.insert(scanJobs).values({ sourceId });
    const [rel] = await db.insert(release).values({ title: 'Survivor', type: 'Single', ddexFileId: file.id }).returning();
    const [mainArtist] = await db.insert(artist).values({ name: 'Doomed Artist' }).returning();
    await db.insert(ddexFileArtist).values({ ddexFileId: file.id, artistId: mainArtist.id });

    await db.delete(sources).where(eq(sources.id, sourceId));

    expect(await db.select().from(ddexFile).where(eq(ddexFile.sourceId, sourceId))).toEqual([]);
    expect(await db.select().from(scanJobs).where(eq(scanJobs.sourceId, sourceId))).toEqual([]);
    expect(await db.select().from(ddexFileArtist).where(eq(ddexFileArtist.ddexFileId, file.id))).toEqual([]);
    const [kept] = await db.select().from(release).where(eq(release.id, rel.id));
    expect(kept.ddexFileId).toBeNull();
    expect(await db.select().from(artist).where(eq(artist.id, mainArtist.id))).toHaveLength(1);
  });

  it('deleting a release removes its links, deals, identifiers and delivery jobs; tracks and assets stay', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'ReleaseSource');
    const [file] = await db.insert(ddexFile).values({ sourceId, sourcePath: 'r/r.xml' }).returning();
    const [rel] = await db.insert(release).values({ title: 'Doomed', type: 'Album' }).returning();
    const [res] = await db.insert(resource).values({ title: 'Kept Track', mediaType: 'audio', ddexFileId: file.id }).returning();
    const [master] = await db
      .insert(asset)
      .values({ resourceId: res.id, kind: 'master', bucket: 'zone', key: 'r/resources/1.flac', isPrimary: true })
      .returning();
    await db.insert(assetDeliveryHistory).values({ assetId: master.id, ddexFileId: file.id });
    await db.insert(releaseResource).values({ releaseId: rel.id, resourceId: res.id, trackNumber: 1 });
    await db.insert(releaseIdentifier).values({ releaseId: rel.id, scheme: 'ICPN', value: '1' });
    await db.insert(releaseContributor).values({ releaseId: rel.id, role: 'MainArtist', creditedName: 'X' });
    const [deal] = await db.insert(releaseDeal).values({ releaseId: rel.id, useType: 'Stream' }).returning();
    await db.insert(dealTerritory).values({ dealId: deal.id, territoryCode: 'NL' });
    const [destination] = await db.insert(deliveryDestinations).values({ name: 'D' }).returning();
    await db.insert(deliveryJobs).values({ releaseId: rel.id, destinationId: destination.id });

    await db.delete(release).where(eq(release.id, rel.id));

    expect(await db.select().from(releaseResource).where(eq(releaseResource.releaseId, rel.id))).toEqual([]);
    expect(await db.select().from(releaseIdentifier).where(eq(releaseIdentifier.releaseId, rel.id))).toEqual([]);
    expect(await db.select().from(releaseContributor).where(eq(releaseContributor.releaseId, rel.id))).toEqual([]);
    expect(await db.select().from(dealTerritory).where(eq(dealTerritory.dealId, deal.id))).toEqual([]);
    expect(await db.select().from(deliveryJobs).where(eq(deliveryJobs.releaseId, rel.id))).toEqual([]);
    expect(await db.select().from(resource).where(eq(resource.id, res.id))).toHaveLength(1);
    expect(await db.select().from(asset).where(eq(asset.id, master.id))).toHaveLength(1);

    // Deleting the file keeps the track (its link to the file goes) and drops the file's asset history.
    await db.delete(ddexFile).where(eq(ddexFile.id, file.id));
    const [track] = await db.select().from(resource).where(eq(resource.id, res.id));
    expect(track.ddexFileId).toBeNull();
    expect(await db.select().from(assetDeliveryHistory).where(eq(assetDeliveryHistory.assetId, master.id))).toEqual([]);

    // Deleting the track deletes its assets' rows.
    await db.delete(resource).where(eq(resource.id, res.id));
    expect(await db.select().from(asset).where(eq(asset.id, master.id))).toEqual([]);
  });

  it('deleting a destination keeps its delivery history and drops its mappings', async () => {
    const { db } = database;
    const [rel] = await db.insert(release).values({ title: 'Delivered', type: 'Single' }).returning();
    const [destination] = await db.insert(deliveryDestinations).values({ name: 'Gone' }).returning();
    await db.insert(destinationFieldMappings).values({ destinationId: destination.id, outputField: 'a', inputField: 'b' });
    const [job] = await db
      .insert(deliveryJobs)
      .values({ releaseId: rel.id, destinationId: destination.id, destinationName: 'Gone', status: 'delivered' })
      .returning();
    await db.delete(deliveryDestinations).where(eq(deliveryDestinations.id, destination.id));
    const [kept] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, job.id));
    expect(kept).toMatchObject({ destinationId: null, destinationName: 'Gone', status: 'delivered' });
    expect(
      await db.select().from(destinationFieldMappings).where(eq(destinationFieldMappings.destinationId, destination.id)),
    ).toEqual([]);
  });

  it('deleting a user removes the role and keeps the audit trail with the email', async () => {
    const { db } = database;
    await db.insert(authUser).values({ id: 'user-gone', name: 'Gone', email: 'gone@example.com' });
    await db.insert(userRoles).values({ userId: 'user-gone', role: 'admin' });
    await db.insert(auditLog).values({
      actorUserId: 'user-gone',
      actorEmail: 'gone@example.com',
      action: 'purge-ddex-data',
      counts: { ddex_file: 12 },
    });
    await db.delete(authUser).where(eq(authUser.id, 'user-gone'));
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, 'user-gone'))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'purge-ddex-data')));
    expect(entry).toMatchObject({ actorUserId: null, actorEmail: 'gone@example.com', counts: { ddex_file: 12 } });
  });
});

describe('search', () => {
  it('finds ddex files, artists and releases by case-insensitive substring through the trigram indexes', async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'SearchSource');
    await db.insert(ddexFile).values([
      { sourceId, sourcePath: 'fuga/A.xml', artistName: 'Golden Earring', releaseTitle: 'Radar Love', upc: '0602517483505', isrc: 'NLA207300010' },
      { sourceId, sourcePath: 'fuga/B.xml', artistName: 'Shocking Blue', releaseTitle: 'Venus', upc: '8712345000001' },
    ]);
    const byTitle = await db.select().from(ddexFile).where(sql`${ddexFile.searchText} ILIKE ${'%RADAR lo%'}`);
    expect(byTitle.map((row) => row.artistName)).toEqual(['Golden Earring']);
    const byIsrc = await db.select().from(ddexFile).where(sql`${ddexFile.searchText} ILIKE ${'%nla2073%'}`);
    expect(byIsrc.map((row) => row.releaseTitle)).toEqual(['Radar Love']);

    await db.insert(release).values({ title: 'Venus', type: 'Single', displayArtist: 'Shocking Blue' });
    const releases = await db.select().from(release).where(sql`${release.searchText} ILIKE ${'%shocking%'}`);
    expect(releases.map((row) => row.title)).toEqual(['Venus']);

    // Force the planner off sequential scans: the query must then be answerable from the trigram index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM ddex_file WHERE search_text ILIKE ${'%radar%'}`,
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('ddex_file_search_trgm_idx');

    const artistPlan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM artist WHERE name ILIKE ${'%earr%'}`,
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(artistPlan).toContain('artist_name_trgm_idx');
  });
});
