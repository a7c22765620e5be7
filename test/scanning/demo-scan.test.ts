import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries, memoryWriter, type DemoManifest } from '@/features/demo';
import { recomputeEligibility } from '@/features/scanning/threads';
import { fixDdexStatus } from '@/features/scanning/service';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { bunnySource, fileRows, localSource, scanSource, scanTestContext, type ScanTestContext } from './support';

let ctx: ScanTestContext;
let folder: string;
let manifest: DemoManifest;

beforeAll(async () => {
  ctx = await scanTestContext();
  folder = mkdtempSync(path.join(tmpdir(), 'demo-scan-'));
  manifest = await generateDemoDeliveries(folderWriter(folder));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The deliveries a scan must list: every ERN message except those of the incomplete batch. */
function expectedPaths(m: DemoManifest): string[] {
  const incomplete = new Set(m.incompleteBatch.messagePaths);
  return m.messages.map((x) => x.path).filter((p) => !incomplete.has(p)).sort();
}

describe('scanning the demo deliveries from a local source', () => {
  let sourceId: string;

  test('lists every delivery once, with partners, artists, threads, the error and the skipped batch', async () => {
    const source = await localSource(ctx.deps, folder);
    sourceId = source.id;
    const job = await scanSource(ctx.deps, source.id);
    expect(job.status).toBe('completed');
    expect(job.error_message).toBeNull();
    expect(job.completed_at).not.toBeNull();
    expect(job.processed_directories).toBe(job.total_directories);
    expect(job.phase).toMatch(/incomplete batch/);
    expect(job.warnings).toHaveLength(1);
    expect(job.warnings[0]).toContain(manifest.incompleteBatch.folder);

    const rows = await fileRows(ctx.deps, source.id);
    expect(rows.map((r) => r.source_path)).toEqual(expectedPaths(manifest));
    expect(job.total_files).toBe(rows.length);
    // Manifests are recognised and never listed.
    expect(rows.some((r) => /BatchComplete_/.test(r.source_path))).toBe(false);

    // The malformed file is in error with the engine's line and column; the batch went on.
    const malformed = rows.find((r) => r.source_path === manifest.malformedFile.path)!;
    expect(malformed.status).toBe('error');
    expect(malformed.error).toMatch(/line \d+, column \d+/);
    expect(rows.filter((r) => r.status === 'error')).toHaveLength(1);
    expect(job.error_files).toBe(1);

    // Partners from MessageSender, with slugs.
    const partners = await ctx.deps.db.execute<{ name: string; slug: string; party_id: string }>(
      sql`SELECT name, slug, party_id FROM partner ORDER BY name`,
    );
    expect(partners.rows.map((p) => p.party_id).sort()).toEqual(manifest.partners.map((p) => p.partyId).sort());
    for (const row of rows.filter((r) => r.status !== 'error')) {
      const partner = manifest.partners.find((p) => row.source_path.startsWith(`${p.folder}/`))!;
      expect(row.partner_name).toBe(partner.name);
      expect(row.partner_slug).toMatch(/^[a-z0-9-]+$/);
    }

    // Every readable initial delivery carries its release's metadata and main artists.
    for (const release of manifest.releases.filter((r) => !r.inIncompleteBatch && !r.malformed)) {
      const row = rows.find((r) => r.source_path === release.path)!;
      expect(row.release_title).toBe(release.title);
      expect(row.upc).toBe(release.upc);
      expect(row.isrc).toBe(release.isrcs[0]);
      expect(row.artists).toEqual([...release.mainArtists].sort());
      expect(row.delivery_type).toBe('initial');
      expect(row.delivery_sequence).toBe(1);
      expect(row.duration_ms).toBe(release.totalDurationSeconds * 1000);
      expect(row.message_thread_id).toBe(release.threadId);
    }
    const artists = await ctx.deps.db.execute<{ name: string; status: string; is_main_artist: boolean }>(
      sql`SELECT name, status, is_main_artist FROM artist ORDER BY name`,
    );
    expect(artists.rows.every((a) => a.status === 'pending' && a.is_main_artist)).toBe(true);
    const expectedArtists = new Set(manifest.releases.filter((r) => !r.inIncompleteBatch && !r.malformed).flatMap((r) => r.mainArtists));
    expect(new Set(artists.rows.map((a) => a.name))).toEqual(expectedArtists);

    // Batches: batch ids on their deliveries.
    for (const batch of manifest.batches.filter((b) => b.complete)) {
      for (const p of batch.messagePaths) expect(rows.find((r) => r.source_path === p)!.batch_id).toBe(batch.batchId);
    }

    // Threads: the redelivery, the metadata update and the takedowns wait for their initial.
    const redelivery = rows.find((r) => r.source_path === manifest.redelivery.redeliveryPath)!;
    expect(redelivery).toMatchObject({ delivery_type: 'redelivery', delivery_sequence: 2, status: 'waiting_for_initial', is_latest_in_thread: true, has_media: true });
    const redeliveryInitial = rows.find((r) => r.source_path === manifest.redelivery.initialPath)!;
    expect(redeliveryInitial).toMatchObject({ delivery_type: 'initial', delivery_sequence: 1, is_latest_in_thread: false, status: 'metadata_scanned' });
    const update = rows.find((r) => r.source_path === manifest.metadataUpdate.updatePath)!;
    expect(update).toMatchObject({ delivery_type: 'metadata_update', delivery_sequence: 2, status: 'waiting_for_initial', has_media: false });
    for (const takedown of manifest.takedowns) {
      const row = rows.find((r) => r.source_path === takedown.path)!;
      expect(row.is_takedown).toBe(true);
      expect(row.delivery_sequence).toBeGreaterThan(1);
      expect(row.status).toBe('waiting_for_initial');
      if (takedown.method === 'PurgeReleaseMessage') expect(row.message_type).toBe('PurgeReleaseMessage');
    }
    // Nothing is eligible before any artist is approved.
    expect(rows.filter((r) => r.import_eligible)).toHaveLength(0);

    const source2 = await ctx.deps.db.execute<{ last_scanned_at: unknown; files_count: number }>(
      sql`SELECT last_scanned_at, files_count FROM sources WHERE id = ${source.id}`,
    );
    expect(source2.rows[0]!.last_scanned_at).not.toBeNull();
    expect(source2.rows[0]!.files_count).toBe(rows.length);
  }, 60_000);

  test('approving an artist makes its single-delivery releases eligible, and fix-ddex-status changes nothing', async () => {
    const release = manifest.releases.find(
      (r) => !r.inIncompleteBatch && !r.malformed && manifest.messages.filter((m) => m.releaseKey === r.key).length === 1,
    )!;
    const artist = await ctx.deps.db.execute<{ id: string }>(sql`SELECT id FROM artist WHERE name = ${release.mainArtists[0]}`);
    const artistId = artist.rows[0]!.id;
    await ctx.deps.db.execute(sql`UPDATE artist SET status = 'approved' WHERE id = ${artistId}`);
    const result = await recomputeEligibility(ctx.deps.db, { artistIds: [artistId] });
    expect(result.nowEligible).toBeGreaterThanOrEqual(1);
    let rows = await fileRows(ctx.deps, sourceId);
    expect(rows.find((r) => r.source_path === release.path)!.import_eligible).toBe(true);
    // Files of other artists stay ineligible.
    expect(rows.filter((r) => r.import_eligible).every((r) => r.artists.includes(release.mainArtists[0]!))).toBe(true);

    await ctx.deps.db.execute(sql`UPDATE artist SET always_ignore = true WHERE id = ${artistId}`);
    await recomputeEligibility(ctx.deps.db, { artistIds: [artistId] });
    rows = await fileRows(ctx.deps, sourceId);
    expect(rows.find((r) => r.source_path === release.path)!.import_eligible).toBe(false);

    const fixed = await fixDdexStatus(ctx.deps);
    expect(fixed).toMatchObject({ success: true, fixedInitials: 0, fixedRedeliveries: 0 });
  });

  test('importing the initial releases the deliveries that waited for it', async () => {
    await ctx.deps.db.execute(sql`UPDATE ddex_file SET imported_at = now() WHERE source_id = ${sourceId} AND source_path = ${manifest.redelivery.initialPath}`);
    const fixed = await fixDdexStatus(ctx.deps);
    expect(fixed.fixedRedeliveries).toBe(1);
    const rows = await fileRows(ctx.deps, sourceId);
    expect(rows.find((r) => r.source_path === manifest.redelivery.redeliveryPath)!.status).toBe('metadata_scanned');
  });

  test('a lightweight rescan duplicates nothing and reads nothing unchanged; the completed batch is picked up', async () => {
    const before = await fileRows(ctx.deps, sourceId);
    const again = await scanSource(ctx.deps, sourceId);
    expect(again.status).toBe('completed');
    expect(again.processed_files).toBe(0);
    expect(await fileRows(ctx.deps, sourceId)).toEqual(before);

    // The incomplete batch's manifest arrives: the next lightweight scan lists its deliveries.
    const batch = manifest.incompleteBatch;
    const otherManifest = manifest.batches.find((b) => b.complete)!.manifestPath!;
    copyFileSync(path.join(folder, otherManifest), path.join(folder, batch.folder, `BatchComplete_${batch.batchId}.xml`));
    const third = await scanSource(ctx.deps, sourceId);
    expect(third.warnings).toEqual([]);
    expect(third.processed_files).toBe(batch.messagePaths.length);
    const rows = await fileRows(ctx.deps, sourceId);
    expect(rows).toHaveLength(before.length + batch.messagePaths.length);
    for (const p of batch.messagePaths) expect(rows.find((r) => r.source_path === p)).toMatchObject({ status: 'metadata_scanned', batch_id: batch.batchId });
  }, 60_000);

  test('a file rewritten in place is seen by a full scan, not by a lightweight one', async () => {
    const release = manifest.releases.find((r) => r.layout === 'release-by-release' && !r.malformed && r.ernVersion === '3.8.2')!;
    const file = path.join(folder, release.path);
    const xml = readFileSync(file, 'utf8');
    writeFileSync(file, xml.replaceAll(release.title, `${release.title} (Deluxe)`));
    const light = await scanSource(ctx.deps, sourceId);
    expect(light.processed_files).toBe(0);
    expect((await fileRows(ctx.deps, sourceId)).find((r) => r.source_path === release.path)!.release_title).toBe(release.title);

    const full = await scanSource(ctx.deps, sourceId, true);
    expect(full.full_scan).toBe(true);
    expect(full.processed_files).toBe(1);
    expect((await fileRows(ctx.deps, sourceId)).find((r) => r.source_path === release.path)!.release_title).toBe(`${release.title} (Deluxe)`);
  }, 60_000);
  test('an acknowledgement dropped in the source is recognised and not listed as a delivery', async () => {
    const before = await fileRows(ctx.deps, sourceId);
    const ackFolder = path.join(folder, manifest.partners[0]!.folder, 'acknowledgements');
    mkdirSync(ackFolder, { recursive: true });
    copyFileSync(fileURLToPath(new URL('../ddex/fixtures/choreography/ACK_871234500008.xml', import.meta.url)), path.join(ackFolder, 'ACK_871234500008.xml'));
    const job = await scanSource(ctx.deps, sourceId);
    expect(job.status).toBe('completed');
    expect(job.processed_files).toBe(0);
    expect(await fileRows(ctx.deps, sourceId)).toEqual(before);
  }, 60_000);
});

describe('scanning the same deliveries behind the Bunny fake', () => {
  let bunny: FakeBunny;
  let memory: ReturnType<typeof memoryWriter>;
  let bunnyManifest: DemoManifest;

  beforeAll(async () => {
    bunny = await startFakeBunny({ zones: { 'demo-zone': 'right-key' }, latencyMs: 2 });
    memory = memoryWriter();
    bunnyManifest = await generateDemoDeliveries(memory);
    for (const [p, bytes] of memory.files) bunny.put('demo-zone', p, Buffer.from(bytes));
  }, 60_000);
  afterAll(async () => bunny?.close());

  test('gives the same rows as the local folder, with bounded concurrency', async () => {
    const source = await bunnySource(ctx.deps, bunny.baseUrl, 'demo-zone', 'right-key');
    bunny.resetCounters();
    const job = await scanSource(ctx.deps, source.id);
    expect(job.status).toBe('completed');
    const rows = await fileRows(ctx.deps, source.id);
    expect(rows.map((r) => r.source_path)).toEqual(expectedPaths(bunnyManifest));
    expect(rows.find((r) => r.source_path === bunnyManifest.malformedFile.path)!.error).toMatch(/line \d+, column \d+/);
    expect(bunny.maxConcurrent).toBeLessThanOrEqual(16);
    // Rescanning changes nothing.
    const again = await scanSource(ctx.deps, source.id, true);
    expect(again.processed_files).toBe(0);
    expect(await fileRows(ctx.deps, source.id)).toEqual(rows);
  }, 60_000);

  test('an incomplete batch older than the configured age is processed, with a warning', async () => {
    const source = await bunnySource(ctx.deps, bunny.baseUrl, 'demo-zone', 'right-key', 'Bunny, no waiting');
    await ctx.deps.db.execute(sql`UPDATE sources SET settings = '{"incomplete_batch_max_age_hours": 0}'::jsonb WHERE id = ${source.id}`);
    const job = await scanSource(ctx.deps, source.id);
    expect(job.status).toBe('completed');
    expect(job.warnings).toHaveLength(1);
    expect(job.warnings[0]).toMatch(/no BatchComplete manifest but is older than 0 h: processed anyway/);
    const rows = await fileRows(ctx.deps, source.id);
    const all = bunnyManifest.messages.map((m) => m.path).sort();
    expect(rows.map((r) => r.source_path)).toEqual(all);
    for (const p of bunnyManifest.incompleteBatch.messagePaths) {
      expect(rows.find((r) => r.source_path === p)!.batch_id).toBe(bunnyManifest.incompleteBatch.batchId);
    }
  }, 60_000);
});
