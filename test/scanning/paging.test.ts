import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDemoDeliveries, memoryWriter, type DemoManifest } from '@/features/demo';
import { createSource } from '@/features/sources/service';
import { runScanBatch } from '@/features/scanning/scanner';
import { createScanJob, getScanJob } from '@/features/scanning/service';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs';
import { fileRows, scanTestContext, type ScanTestContext } from './support';

let ctx: ScanTestContext;
let gcs: FakeGcs;
let manifest: DemoManifest;

beforeAll(async () => {
  ctx = await scanTestContext();
  gcs = await startFakeGcs({ buckets: ['deliveries'] });
  const memory = memoryWriter();
  manifest = await generateDemoDeliveries(memory);
  for (const [p, bytes] of memory.files) gcs.put('deliveries', p, Buffer.from(bytes));
}, 120_000);

afterAll(async () => {
  await gcs?.close();
  await ctx?.close();
});

test('a GCS directory larger than one listing page is resumed from its page token across batches', async () => {
  const source = await createSource(ctx.deps, {
    name: 'Paged GCS',
    storage_type: 'google_cloud',
    gcs_project_id: gcs.projectId,
    gcs_bucket_name: 'deliveries',
    gcs_service_account_key: gcs.serviceAccount.keyJson,
    endpoint_url: gcs.apiEndpoint,
  });
  await ctx.deps.db.execute(sql`UPDATE sources SET settings = '{"list_page_size": 3}'::jsonb WHERE id = ${source.id}`);
  const { job } = await createScanJob(ctx.deps, { sourceId: source.id });
  const tokens: string[] = [];
  for (let i = 0; i < 300; i++) {
    const outcome = await runScanBatch(ctx.deps, job.id, { continueInBackground: false });
    const row = await getScanJob(ctx.deps, job.id);
    if (row.resume_token) tokens.push(row.resume_token);
    if (outcome !== 'continue') break;
  }
  const done = await getScanJob(ctx.deps, job.id);
  expect(done.status).toBe('completed');
  expect(done.resume_token).toBeNull();
  // The partner folders hold more than three entries: their listing went on from a page token.
  expect(tokens.length).toBeGreaterThan(0);
  const incomplete = new Set(manifest.incompleteBatch.messagePaths);
  const expected = manifest.messages.map((m) => m.path).filter((p) => !incomplete.has(p)).sort();
  expect((await fileRows(ctx.deps, source.id)).map((r) => r.source_path)).toEqual(expected);
  expect(done.warnings.join(' ')).toContain(manifest.incompleteBatch.folder);
}, 120_000);
