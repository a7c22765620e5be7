/**
 * Proof on real data: the ern382 thread of ../shared (initial delivery, metadata update, deal ended,
 * purge) imported in that order gives ONE release that follows the update, ends taken down, and
 * keeps its assets (reused, not duplicated). Skipped when ../shared is absent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importDdexFile } from '@/features/importing/service';
import { fileIdByPath, hasSamples, importTestContext, scanFolder, stageSamples, tableCounts, type ImportTestContext } from './support';

const THREAD = [
  { file: 'ern382/01_delivery.xml', folder: '20240401050000000_delivery' },
  { file: 'ern382/02_update.xml', folder: '20240401060000000_update' },
  { file: 'ern382/03_delete.xml', folder: '20240402070000000_delete' },
  { file: 'ern382/04_no_deal.xml', folder: '20240405090000000_no_deal' },
];
const GRID = 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0';

describe.skipIf(!hasSamples)('ern382 thread: delivery, update, no deal, delete', () => {
  let ctx: ImportTestContext;
  let folder: string;
  let sourceId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await importTestContext();
    folder = mkdtempSync(path.join(tmpdir(), 'ern382-thread-'));
    stageSamples(folder, THREAD);
    sourceId = await scanFolder(ctx.deps, folder);
    for (const t of THREAD) ids[t.folder] = await fileIdByPath(ctx.deps, sourceId, `${t.folder}/${path.basename(t.file)}`);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const release = async () =>
    (
      await ctx.deps.db.execute<{ id: number; title: string; type: string; is_taken_down: boolean; label_name: string; display_start_at: unknown; original_release_date: string }>(
        sql`SELECT id, title, type, is_taken_down, label_name, display_start_at, original_release_date FROM release ORDER BY id`,
      )
    ).rows;
  const trackTitles = async () =>
    (await ctx.deps.db.execute<{ title: string; isrc: string }>(sql`SELECT title, isrc FROM resource WHERE media_type = 'audio' ORDER BY id`)).rows;

  it('the initial delivery creates the release, its track, cover, deal and assets', async () => {
    const outcome = await importDdexFile(ctx.deps, ids['20240401050000000_delivery']!);
    expect(outcome.status).toBe('imported');
    const rows = await release();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Example Album', type: 'Single', is_taken_down: false, label_name: 'Iron Crown Music' });
    expect(await trackTitles()).toEqual([{ title: 'Example Song', isrc: 'USRC12345678' }]);
    const grid = await ctx.deps.db.execute<{ scheme: string; value: string }>(sql`SELECT scheme, value FROM release_identifier`);
    expect(grid.rows).toEqual([{ scheme: 'GRid', value: GRID }]);
    const deals = await ctx.deps.db.execute<{ use_type: string; commercial_model: string; codes: string[] }>(sql`
      SELECT d.use_type, d.commercial_model, array_agg(t.territory_code ORDER BY t.territory_code) AS codes
        FROM release_deal d JOIN deal_territory t ON t.deal_id = d.id GROUP BY d.id ORDER BY d.use_type`);
    expect(deals.rows).toEqual([
      { use_type: 'OnDemandStream', commercial_model: 'FreeOfChargeModel', codes: ['Worldwide'] },
      { use_type: 'PermanentDownload', commercial_model: 'FreeOfChargeModel', codes: ['Worldwide'] },
    ]);
    const assets = await ctx.deps.db.execute<{ kind: string; key: string; mime_type: string; md5: string }>(sql`SELECT kind, key, mime_type, md5 FROM asset ORDER BY key`);
    expect(assets.rows.map((a) => [a.kind, a.key, a.mime_type])).toEqual([
      ['master', '20240401050000000_delivery/resources/SoundRecording_001_001.flac', 'audio/flac'],
      ['cover', '20240401050000000_delivery/resources/Image_001_001.jpg', 'image/jpeg'],
    ].sort((a, b) => a[1]!.localeCompare(b[1]!)));
    for (const a of assets.rows) expect(a.md5).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the later deliveries wait for the initial until it is imported, then the latest is eligible', async () => {
    const files = await ctx.deps.db.execute<{ source_path: string; status: string; import_eligible: boolean; imported_at: unknown }>(sql`
      SELECT source_path, status, import_eligible, imported_at FROM ddex_file ORDER BY delivery_sequence`);
    expect(files.rows.map((f) => f.status)).toEqual(['imported', 'metadata_scanned', 'metadata_scanned', 'metadata_scanned']);
  });

  it('the update renames the track and keeps one release with the same assets, reused', async () => {
    const before = await tableCounts(ctx.deps);
    const outcome = await importDdexFile(ctx.deps, ids['20240401060000000_update']!);
    expect(outcome.status).toBe('imported');
    expect(outcome.createdReleases).toBe(0);
    expect(await release()).toHaveLength(1);
    expect(await trackTitles()).toEqual([{ title: 'Updated Example Song', isrc: 'USRC12345678' }]);
    const after = await tableCounts(ctx.deps);
    expect(after.asset).toBe(before.asset);
    expect(after.resource).toBe(before.resource);
    const history = await ctx.deps.db.execute<{ reused: boolean }>(sql`SELECT reused FROM asset_delivery_history WHERE ddex_file_id = ${ids['20240401060000000_update']}`);
    expect(history.rows.map((h) => h.reused)).toEqual([true, true]);
  });

  it('the deal that ended takes the release down', async () => {
    const outcome = await importDdexFile(ctx.deps, ids['20240405090000000_no_deal']!);
    expect(outcome.status).toBe('imported');
    const rows = await release();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.is_taken_down).toBe(true);
    expect(await trackTitles()).toEqual([{ title: 'Updated Example Song', isrc: 'USRC12345678' }]);
  });

  it('the purge keeps it taken down; one release, assets never duplicated', async () => {
    const outcome = await importDdexFile(ctx.deps, ids['20240402070000000_delete']!);
    expect(outcome.status).toBe('imported');
    expect(outcome.takenDown).toBe(1);
    const rows = await release();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.is_taken_down).toBe(true);
    const counts = await tableCounts(ctx.deps);
    expect(counts.asset).toBe(2);
    expect(counts.resource).toBe(2);
    const superseded = await ctx.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM asset WHERE superseded_by IS NOT NULL`);
    expect(superseded.rows[0]!.n).toBe(0);
    const files = await ctx.deps.db.execute<{ status: string; imported: boolean }>(sql`SELECT status, imported_at IS NOT NULL AS imported FROM ddex_file`);
    expect(files.rows.every((f) => f.status === 'imported' && f.imported)).toBe(true);
  });
});
