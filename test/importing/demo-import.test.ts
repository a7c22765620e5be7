/**
 * The demo deliveries end to end: scan, approve the artists, auto-import the eligible files as an
 * import job, and check the catalogue against the DemoManifest (what the generator says it wrote).
 * Then importing every file again changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries, type DemoManifest } from '@/features/demo';
import { recomputeEligibility } from '@/features/scanning/threads';
import { autoImportEligible, importApprovedArtists, importDdexFile, runImportJobToEnd, startImportJob } from '@/features/importing/service';
import { CATALOGUE_TABLES, importTestContext, scanFolder, tableCounts, type ImportTestContext } from './support';

let ctx: ImportTestContext;
let folder: string;
let manifest: DemoManifest;

beforeAll(async () => {
  ctx = await importTestContext();
  folder = mkdtempSync(path.join(tmpdir(), 'demo-import-'));
  // Now: the incomplete batch is minutes old, so the scan skips it.
  manifest = await generateDemoDeliveries(folderWriter(folder));
  await scanFolder(ctx.deps, folder, 'Demo deliveries');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await ctx.deps.db.execute<T>(query)).rows;

/** Every catalogue row as content (ids of children left out: they are re-created by a re-import). */
async function snapshot() {
  return {
    releases: await q(sql`SELECT id, title, type, display_artist, label_name, upc, original_release_date::text, display_start_at::text, is_taken_down,
                                 p_line_text, c_line_text, duration_ms, territories, release_reference, ddex_file_id, partner_id, parent_release_id, created_at::text
                            FROM release ORDER BY id`),
    identifiers: await q(sql`SELECT release_id, scheme, value, namespace FROM release_identifier ORDER BY 1, 2, 3`),
    contributors: await q(sql`SELECT release_id, artist_id, role, credited_name, sequence FROM release_contributor ORDER BY 1, 3, 4`),
    tracks: await q(sql`SELECT release_id, resource_id, track_number, disc_number FROM release_resource ORDER BY 1, 2`),
    resources: await q(sql`SELECT id, ddex_file_id, resource_reference, partner_id, title, media_type, isrc, duration_ms, genre_primary, language_of_performance FROM resource ORDER BY id`),
    resourceChildren: await q(sql`SELECT (SELECT count(*)::int FROM resource_identifier) AS a, (SELECT count(*)::int FROM resource_contributor) AS b,
                                         (SELECT count(*)::int FROM resource_technical) AS c, (SELECT count(*)::int FROM resource_right) AS d`),
    assets: await q(sql`SELECT id, resource_id, kind, bucket, key, md5, mime_type, file_size, is_primary, superseded_by, superseded_at::text FROM asset ORDER BY id`),
    history: await q(sql`SELECT asset_id, ddex_file_id, reused, previous_asset_id FROM asset_delivery_history ORDER BY 1, 2`),
    deals: await q(sql`SELECT d.release_id, d.use_type, d.commercial_model, d.start_at::text, d.end_at::text, d.is_takedown,
                              array_agg(t.territory_code || ':' || t.is_included ORDER BY t.territory_code) AS territories
                         FROM release_deal d LEFT JOIN deal_territory t ON t.deal_id = d.id
                        GROUP BY d.id ORDER BY 1, 2, 3, 7`),
    schedules: await q(sql`SELECT release_id, release_date::text, schedule_from::text, embargo_until::text FROM release_schedule ORDER BY 1`),
    geo: await q(sql`SELECT release_id, whitelist, blacklist FROM geo_rule ORDER BY 1`),
    states: await q(sql`SELECT release_id, ddex_file_id, status, is_importable, already_imported FROM import_state ORDER BY 1, 2`),
    files: await q(sql`SELECT id, status, imported_at::text, import_eligible, error FROM ddex_file ORDER BY id`),
  };
}

describe('demo deliveries: scan, approve, import', () => {
  it('nothing is importable while the artists are pending', async () => {
    const result = await autoImportEligible(ctx.deps, 'test');
    expect(result).toMatchObject({ success: false, count: 0, jobId: null, message: 'No Files to Import' });
    await expect(startImportJob(ctx.deps, { fileIds: [], requestedBy: 'test' })).rejects.toMatchObject({ status: 400, message: 'No Files to Import' });
  });

  it('import-approved-artists imports the files of approved artists, in batches of the size asked', async () => {
    const sanne = await q<{ id: string }>(sql`SELECT id FROM artist WHERE name = 'Sanne Verhoef'`);
    await ctx.deps.db.execute(sql`UPDATE artist SET status = 'approved' WHERE id = ${sanne[0]!.id}`);
    await recomputeEligibility(ctx.deps.db, { artistIds: [sanne[0]!.id] });
    const first = await importApprovedArtists(ctx.deps, { batchSize: 2 });
    // Sanne Verhoef has three releases, one of them redelivered (initial + redelivery: two files,
    // kept together in one batch).
    expect(first).toMatchObject({ count: 1, totalFiles: 4, batchSize: 2, failed: 0 });
    expect(first.imported).toBeGreaterThanOrEqual(2);
    expect(first.imported).toBeLessThanOrEqual(3);
    const second = await importApprovedArtists(ctx.deps, { batchSize: 50 });
    expect(second).toMatchObject({ totalFiles: 4 - first.imported, imported: 4 - first.imported, failed: 0 });
    expect(await importApprovedArtists(ctx.deps, { batchSize: 50 })).toMatchObject({ count: 0, totalFiles: 0, imported: 0 });
    const releases = await q<{ title: string }>(sql`SELECT title FROM release WHERE type <> 'TrackRelease' ORDER BY title`);
    const expected = manifest.releases.filter((r) => r.mainArtists.includes('Sanne Verhoef')).map((r) => r.title).sort();
    expect(releases.map((r) => r.title)).toEqual(expected);
  }, 60_000);

  it('auto-import of every approved artist imports each readable, complete release once', async () => {
    await ctx.deps.db.execute(sql`UPDATE artist SET status = 'approved'`);
    await recomputeEligibility(ctx.deps.db);
    const started = await autoImportEligible(ctx.deps, 'test');
    expect(started.success).toBe(true);
    const job = await runImportJobToEnd(ctx.deps, started.jobId!);
    expect(job).toMatchObject({ status: 'completed', failed_files: 0, failures: [] });
    expect(job.processed_files).toBe(job.total_files);
    expect(job.imported_files).toBe(job.total_files);

    const expected = manifest.releases.filter((r) => !r.inIncompleteBatch && !r.malformed);
    const rows = await q<{ upc: string; title: string; type: string; tracks: number; is_taken_down: boolean; territories: string[] }>(sql`
      SELECT r.upc, r.title, r.type, r.is_taken_down, r.territories,
             (SELECT count(*)::int FROM release_resource rr JOIN resource s ON s.id = rr.resource_id
               WHERE rr.release_id = r.id AND s.media_type = 'audio') AS tracks
        FROM release r WHERE r.type <> 'TrackRelease' ORDER BY r.upc`);
    expect(rows.map((r) => r.upc)).toEqual(expected.map((r) => r.upc).sort());
    for (const release of expected) {
      const row = rows.find((r) => r.upc === release.upc)!;
      expect(row.type).toBe(release.releaseType);
      expect(row.tracks).toBe(release.trackCount);
      const takenDown = manifest.takedowns.some((t) => t.upc === release.upc);
      expect(row.is_taken_down, release.title).toBe(takenDown);
      if (!takenDown) expect([...row.territories].sort()).toEqual([...release.territories].sort());
    }
    // Every file of the threads is imported except the malformed one and the incomplete batch.
    const notImported = await q<{ source_path: string }>(sql`SELECT source_path FROM ddex_file WHERE imported_at IS NULL ORDER BY 1`);
    expect(notImported.map((f) => f.source_path)).toEqual([manifest.malformedFile.path]);
  }, 120_000);

  it('the redelivery supersedes exactly the changed files and reuses the others', async () => {
    const changed = await q<{ key: string; previous: string | null }>(sql`
      SELECT a.key, h.previous_asset_id AS previous FROM asset a JOIN asset_delivery_history h ON h.asset_id = a.id
       WHERE h.ddex_file_id = (SELECT id FROM ddex_file WHERE source_path = ${manifest.redelivery.redeliveryPath}) AND NOT h.reused ORDER BY a.key`);
    expect(changed.map((c) => c.key)).toEqual([...manifest.redelivery.changedFiles].sort());
    expect(changed.every((c) => c.previous !== null)).toBe(true);
    const reused = await q<{ key: string }>(sql`
      SELECT a.key FROM asset a JOIN asset_delivery_history h ON h.asset_id = a.id
       WHERE h.ddex_file_id = (SELECT id FROM ddex_file WHERE source_path = ${manifest.redelivery.redeliveryPath}) AND h.reused ORDER BY a.key`);
    // Reused assets keep the key of the delivery that first brought them.
    const initialFolder = path.posix.dirname(manifest.redelivery.initialPath);
    const redeliveryFolder = path.posix.dirname(manifest.redelivery.redeliveryPath);
    expect(reused.map((r) => r.key)).toEqual(manifest.redelivery.unchangedFiles.map((f) => f.replace(redeliveryFolder, initialFolder)).sort());
    const superseded = await q<{ key: string }>(sql`SELECT key FROM asset WHERE superseded_by IS NOT NULL AND superseded_at IS NOT NULL ORDER BY key`);
    expect(superseded.map((s) => s.key)).toEqual(manifest.redelivery.changedFiles.map((f) => f.replace(redeliveryFolder, initialFolder)).sort());
  });

  it('the metadata-only update corrects the track title and keeps the assets of the initial delivery', async () => {
    const track = await q<{ title: string; assets: number }>(sql`
      SELECT s.title, (SELECT count(*)::int FROM asset a WHERE a.resource_id = s.id AND a.superseded_by IS NULL) AS assets
        FROM release r JOIN release_resource rr ON rr.release_id = r.id JOIN resource s ON s.id = rr.resource_id
       WHERE r.upc = ${manifest.metadataUpdate.upc} AND r.type <> 'TrackRelease' AND rr.track_number = 2`);
    expect(track).toEqual([{ title: 'De Dijkgraaf Blues', assets: 1 }]);
    // The release date moved; the original release date is restated unchanged.
    const release = await q<{ original_release_date: string; release_date: string }>(sql`
      SELECT r.original_release_date::text, s.release_date::text FROM release r JOIN release_schedule s ON s.release_id = r.id
       WHERE r.upc = ${manifest.metadataUpdate.upc} AND r.type <> 'TrackRelease'`);
    expect(release).toEqual([{ original_release_date: '2025-09-19', release_date: '2025-09-26' }]);
  });

  it('TrackReleases are stored with their parent and track', async () => {
    const rows = await q<{ n: number; orphans: number; without_track: number }>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE parent_release_id IS NULL)::int AS orphans,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM release_resource rr WHERE rr.release_id = release.id))::int AS without_track
        FROM release WHERE type = 'TrackRelease'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ orphans: 0, without_track: 0 });
  });

  it('main artists are linked to their credits', async () => {
    const unlinked = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM release_contributor WHERE role = 'MainArtist' AND artist_id IS NULL`);
    expect(unlinked[0]!.n).toBe(0);
  });

  it('importing every file again changes nothing', async () => {
    const before = await snapshot();
    const counts = await tableCounts(ctx.deps);
    const files = await q<{ id: string }>(sql`SELECT id FROM ddex_file WHERE imported_at IS NOT NULL ORDER BY message_created_at, source_path`);
    for (const file of files) expect((await importDdexFile(ctx.deps, file.id)).status).toBe('imported');
    expect(await tableCounts(ctx.deps)).toEqual(counts);
    const after = await snapshot();
    for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key], key).toEqual(before[key]);
    expect(CATALOGUE_TABLES.length).toBeGreaterThan(10);
  }, 120_000);
});
