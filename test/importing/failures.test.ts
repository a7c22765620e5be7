/**
 * Bad deliveries fail their file, never the job: the file gets an error that names the problem,
 * nothing of it is written, and the job goes on with the next file and records the failure.
 */
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importDdexFile, runImportJobToEnd, startImportJob } from '@/features/importing/service';
import { fileIdByPath, hasSamples, importTestContext, scanFolder, stageSamples, type ImportTestContext } from './support';

describe.skipIf(!hasSamples)('import failures', () => {
  let ctx: ImportTestContext;
  let folder: string;
  let sourceId: string;

  beforeAll(async () => {
    ctx = await importTestContext();
    folder = mkdtempSync(path.join(tmpdir(), 'import-failures-'));
    stageSamples(folder, [
      { file: 'ern382/01_delivery.xml', folder: 'missing-media' },
      { file: 'ern43/8_DjMix.xml', folder: 'broken-later' },
      { file: 'ern382/Profile_SingleResourceRelease.xml', folder: 'good' },
    ]);
    sourceId = await scanFolder(ctx.deps, folder);
    await ctx.deps.db.execute(sql`UPDATE artist SET status = 'approved'`);
    await ctx.deps.db.execute(sql`UPDATE ddex_file SET import_eligible = true`);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('a media file that is named, unhashed and missing fails the file with its path', async () => {
    unlinkSync(path.join(folder, 'missing-media/resources/SoundRecording_001_001.flac'));
    const id = await fileIdByPath(ctx.deps, sourceId, 'missing-media/01_delivery.xml');
    const outcome = await importDdexFile(ctx.deps, id);
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe('missing-media/resources/SoundRecording_001_001.flac is named by the message but missing from the source, and the message gives no hash for it.');
    const file = await ctx.deps.db.execute<{ error: string; imported_at: unknown }>(sql`SELECT error, imported_at FROM ddex_file WHERE id = ${id}`);
    expect(file.rows[0]).toMatchObject({ error: outcome.message, imported_at: null });
    const releases = await ctx.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM release`);
    expect(releases.rows[0]!.n).toBe(0);
  });

  it('a job records each failed file and imports the rest', async () => {
    const broken = await fileIdByPath(ctx.deps, sourceId, 'broken-later/8_DjMix.xml');
    const good = await fileIdByPath(ctx.deps, sourceId, 'good/Profile_SingleResourceRelease.xml');
    const job = await startImportJob(ctx.deps, { fileIds: [broken, good], requestedBy: 'test', batchSize: 1 });
    expect(job.total_files).toBe(2);
    // The XML is truncated after the scan read it.
    writeFileSync(path.join(folder, 'broken-later/8_DjMix.xml'), '<?xml version="1.0"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">\n  <MessageHeader>');
    const done = await runImportJobToEnd(ctx.deps, job.id);
    expect(done).toMatchObject({ status: 'completed', processed_files: 2, imported_files: 1, failed_files: 1, current_batch: 2 });
    expect(done.failures).toHaveLength(1);
    expect(done.failures[0]!.fileId).toBe(broken);
    expect(done.failures[0]!.message).toMatch(/line \d+/);
    const file = await ctx.deps.db.execute<{ status: string; error: string }>(sql`SELECT status, error FROM ddex_file WHERE id = ${broken}`);
    expect(file.rows[0]).toEqual({ status: 'error', error: done.failures[0]!.message });
    const titles = await ctx.deps.db.execute<{ title: string }>(sql`SELECT title FROM release WHERE type <> 'TrackRelease'`);
    expect(titles.rows).toEqual([{ title: 'Can you feel ...the Monkey Claw!' }]);
  });

  it('an unknown file id is a 404 error', async () => {
    await expect(importDdexFile(ctx.deps, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ status: 404 });
    await expect(importDdexFile(ctx.deps, 'nope')).rejects.toMatchObject({ status: 404 });
  });
});
