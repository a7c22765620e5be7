/**
 * A source that stops answering fails the import job (not its files) with the reason; once the
 * source is back, process-import-job resumes the job from its counts and it completes.
 */
import { afterAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateBulkDeliveries, memoryWriter } from '@/features/demo';
import { createSource } from '@/features/sources/service';
import { runScanBatch } from '@/features/scanning/scanner';
import { createScanJob } from '@/features/scanning/service';
import { recomputeEligibility } from '@/features/scanning/threads';
import { getImportJob, processImportJob, runImportBatch, runImportJobToEnd, startImportJob } from '@/features/importing/service';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { importTestContext, type ImportTestContext } from './support';

const ZONE = 'import-zone';
const KEY = 'import-key';
let ctx: ImportTestContext | undefined;
const fakes: FakeBunny[] = [];

afterAll(async () => {
  for (const fake of fakes) await fake.close().catch(() => undefined);
  await ctx?.close();
});

async function fakeWith(files: Map<string, Uint8Array>): Promise<FakeBunny> {
  const fake = await startFakeBunny({ zones: { [ZONE]: KEY } });
  for (const [p, bytes] of files) fake.put(ZONE, p, Buffer.from(bytes));
  fakes.push(fake);
  return fake;
}

test('an unreachable source fails the job with the reason; the job resumes once the source is back', async () => {
  ctx = await importTestContext();
  const memory = memoryWriter();
  await generateBulkDeliveries(memory, { count: 3, seed: 3 });
  // The bulk media are placeholders hashed in the XML; the importer needs only the messages.
  const first = await fakeWith(memory.files);
  const source = await createSource(ctx.deps, { name: 'Bunny', storage_type: 'bunny_cdn', storage_zone: ZONE, access_key: KEY, endpoint_url: first.baseUrl });
  const { job: scan } = await createScanJob(ctx.deps, { sourceId: source.id });
  while ((await runScanBatch(ctx.deps, scan.id, { continueInBackground: false })) === 'continue');
  await ctx.deps.db.execute(sql`UPDATE artist SET status = 'approved'`);
  await recomputeEligibility(ctx.deps.db);
  const files = await ctx.deps.db.execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE import_eligible ORDER BY source_path`);
  expect(files.rows).toHaveLength(3);
  const job = await startImportJob(ctx.deps, { fileIds: files.rows.map((r) => r.id), requestedBy: 'test', batchSize: 2 });

  await first.close();
  expect(await runImportBatch(ctx.deps, job.id, { continueInBackground: false })).toBe('failed');
  const failed = await getImportJob(ctx.deps, job.id);
  expect(failed).toMatchObject({ status: 'failed', processed_files: 0, imported_files: 0, failed_files: 0 });
  expect(failed.error_message).toMatch(/^Import stopped: /);
  const fileErrors = await ctx.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ddex_file WHERE error IS NOT NULL`);
  expect(fileErrors.rows[0]!.n).toBe(0);

  const second = await fakeWith(memory.files);
  await ctx.deps.db.execute(sql`UPDATE sources SET endpoint_url = ${second.baseUrl} WHERE id = ${source.id}`);
  const resumed = await processImportJob(ctx.deps, job.id);
  expect(resumed).toMatchObject({ success: true, job: { status: 'pending', error_message: null } });
  const done = await runImportJobToEnd(ctx.deps, job.id);
  expect(done).toMatchObject({ status: 'completed', processed_files: 3, imported_files: 3, failed_files: 0 });
  const releases = await ctx.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM release WHERE type <> 'TrackRelease'`);
  expect(releases.rows[0]!.n).toBe(3);
}, 120_000);
