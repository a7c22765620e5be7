/**
 * A worker process killed (SIGKILL) in the middle of a scan leaves a job that another worker
 * resumes, ending with exactly the rows an uninterrupted scan gives. On PGlite (the child's data
 * folder is reopened here after the kill) and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateBulkDeliveries, generateDemoDeliveries, memoryWriter } from '@/features/demo';
import { createSource } from '@/features/sources/service';
import { createScanJob, getScanJob, resumeStaleScanJobs } from '@/features/scanning/service';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime, type Runtime } from '@/server/runtime';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { runChildAndKill, sharedWorkerEnvironment, waitFor } from '../helpers/child-worker';
import { bunnySource, fileRows, scanSource, scanTestContext } from './support';

const CHILD = fileURLToPath(new URL('./fixtures/scan-worker-child.ts', import.meta.url));
const APP_SECRET = 'kill-resume-secret-kill-resume-secret-0123';
const ZONE = 'kill-zone';
const KEY = 'kill-key';

let bunny: FakeBunny;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  bunny = await startFakeBunny({ zones: { [ZONE]: KEY }, latencyMs: 15 });
  const memory = memoryWriter();
  await generateDemoDeliveries(memory);
  await generateBulkDeliveries(memory, { count: 250 });
  for (const [p, bytes] of memory.files) bunny.put(ZONE, p, Buffer.from(bytes));
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await bunny?.close();
});

test('a SIGKILLed worker leaves a scan another worker resumes to exactly the uninterrupted rows', async () => {
  const shared = await sharedWorkerEnvironment('kill-resume-', APP_SECRET);
  cleanups.push(() => shared.cleanup());
  const { env } = shared;
  const config = loadConfig(env);
  const logger = createLogger('silent');

  // Set up the source and the job, then hand the database to the child.
  const setup = await startRuntime(config, { logger, http: false, workers: false });
  const source = await createSource(setup.deps, {
    name: 'Killed scan',
    storage_type: 'bunny_cdn',
    storage_zone: ZONE,
    access_key: KEY,
    endpoint_url: bunny.baseUrl,
  });
  const { job } = await createScanJob(setup.deps, { sourceId: source.id });
  await setup.stop();

  const { killedAtBatch } = await runChildAndKill({ script: CHILD, env: { ...env, SCAN_JOB_ID: job.id }, afterBatches: 2, timeoutMs: 150_000 });
  expect(killedAtBatch).toBeGreaterThanOrEqual(2);

  const previousStale = process.env.SCAN_STALE_SECONDS;
  process.env.SCAN_STALE_SECONDS = '1';
  let resumed: Runtime | undefined;
  try {
    resumed = await startRuntime(config, { logger, http: false, workers: true });
    const deps = resumed.deps;
    const left = await getScanJob(deps, job.id);
    expect(left.status).toBe('running');
    expect(left.completed_at).toBeNull();
    // Once its heartbeat is stale, the watchdog queues it and this process's worker takes it over.
    // (This runtime's own minute watchdog may get there first, so our call need not be the one
    // that finds it: what counts is that the job moves past where the killed worker left it.)
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await resumeStaleScanJobs(deps);
    const moving = await waitFor(() => getScanJob(deps, job.id), (j) => j.current_batch > left.current_batch, 30_000);
    expect(moving.current_batch).toBeGreaterThan(left.current_batch);
    const finished = await waitFor(() => getScanJob(deps, job.id), (j) => j.status === 'completed' || j.status === 'failed', 120_000);
    expect(finished.status).toBe('completed');
    expect(finished.current_batch).toBeGreaterThan(killedAtBatch);
    expect(finished.processed_directories).toBe(finished.total_directories);
    const pendingDirs = await deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM scan_job_directories WHERE job_id = ${job.id} AND status = 'pending'`,
    );
    expect(Number(pendingDirs.rows[0]!.n)).toBe(0);
    const resumedRows = await fileRows(deps, source.id);
    const resumedArtists = await deps.db.execute<{ name: string }>(sql`SELECT name FROM artist ORDER BY name`);
    const resumedLinks = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ddex_file_artist`);

    // The same zone scanned without interruption on a fresh database.
    const reference = await scanTestContext();
    try {
      const refSource = await bunnySource(reference.deps, bunny.baseUrl, ZONE, KEY, 'Uninterrupted');
      const refJob = await scanSource(reference.deps, refSource.id);
      expect(refJob.status).toBe('completed');
      expect(finished.total_files).toBe(refJob.total_files);
      expect(finished.total_directories).toBe(refJob.total_directories);
      const refRows = await fileRows(reference.deps, refSource.id);
      expect(resumedRows.length).toBe(refRows.length);
      expect(resumedRows).toEqual(refRows);
      expect(resumedArtists.rows).toEqual((await reference.deps.db.execute<{ name: string }>(sql`SELECT name FROM artist ORDER BY name`)).rows);
      expect(resumedLinks.rows[0]!.n).toBe(
        (await reference.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ddex_file_artist`)).rows[0]!.n,
      );
    } finally {
      await reference.close();
    }
  } finally {
    await resumed?.stop();
    if (previousStale === undefined) delete process.env.SCAN_STALE_SECONDS;
    else process.env.SCAN_STALE_SECONDS = previousStale;
  }
}, 240_000);
