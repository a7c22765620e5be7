/**
 * A worker process killed (SIGKILL) in the middle of an import leaves a job that another worker
 * resumes, ending with exactly the catalogue an uninterrupted import gives: no duplicate rows. On
 * PGlite (the child's data folder is reopened here after the kill) and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateBulkDeliveries } from '@/features/demo';
import { recomputeEligibility } from '@/features/scanning/threads';
import { getImportJob, resumeStaleImportJobs, runImportJobToEnd, startImportJob } from '@/features/importing/service';
import type { AppDeps } from '@/server/context';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { startRuntime, type Runtime } from '@/server/runtime';
import { runChildAndKill, sharedWorkerEnvironment, waitFor } from '../helpers/child-worker';
import { importTestContext, scanFolder, tableCounts } from './support';

const CHILD = fileURLToPath(new URL('./fixtures/import-worker-child.ts', import.meta.url));
const APP_SECRET = 'import-kill-secret-import-kill-secret-0123';
const RELEASES = 40;

let folder: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'import-kill-src-'));
  await generateBulkDeliveries(folderWriter(folder), { count: RELEASES, seed: 7 });
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(folder, { recursive: true, force: true });
});

/** Scans the folder, approves every artist and creates the import job (batches of 4 files). */
async function prepare(deps: AppDeps): Promise<string> {
  await scanFolder(deps, folder, 'Kill test deliveries');
  await deps.db.execute(sql`UPDATE artist SET status = 'approved'`);
  await recomputeEligibility(deps.db);
  const files = await deps.db.execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE import_eligible ORDER BY source_path`);
  expect(files.rows).toHaveLength(RELEASES);
  const job = await startImportJob(deps, { fileIds: files.rows.map((r) => r.id), requestedBy: 'kill-test', batchSize: 4 });
  return job.id;
}

async function catalogue(deps: AppDeps) {
  const releases = await deps.db.execute<{ upc: string; title: string; tracks: number; deals: number }>(sql`
    SELECT r.upc, r.title,
           (SELECT count(*)::int FROM release_resource rr WHERE rr.release_id = r.id) AS tracks,
           (SELECT count(*)::int FROM release_deal d WHERE d.release_id = r.id) AS deals
      FROM release r WHERE r.type <> 'TrackRelease' ORDER BY r.upc`);
  return { counts: await tableCounts(deps), releases: releases.rows };
}

test('a SIGKILLed import worker leaves a job another worker resumes to exactly the uninterrupted catalogue', async () => {
  const shared = await sharedWorkerEnvironment('import-kill-', APP_SECRET);
  cleanups.push(() => shared.cleanup());
  const { env } = shared;
  const config = loadConfig(env);
  const logger = createLogger('silent');

  const setup = await startRuntime(config, { logger, http: false, workers: false });
  const jobId = await prepare(setup.deps);
  await setup.stop();

  const { killedAtBatch } = await runChildAndKill({ script: CHILD, env: { ...env, IMPORT_JOB_ID: jobId }, afterBatches: 2, timeoutMs: 120_000 });
  expect(killedAtBatch).toBeGreaterThanOrEqual(2);

  const previousStale = process.env.IMPORT_STALE_SECONDS;
  process.env.IMPORT_STALE_SECONDS = '1';
  let resumed: Runtime | undefined;
  try {
    resumed = await startRuntime(config, { logger, http: false, workers: true });
    const deps = resumed.deps;
    const left = await getImportJob(deps, jobId);
    expect(['running', 'completed']).toContain(left.status);
    expect(left.processed_files).toBeGreaterThanOrEqual(8);
    // Once its heartbeat is stale, either the batch message the dead worker had queued or the
    // watchdog (called here rather than waiting for its minute) hands it to this process's worker.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await resumeStaleImportJobs(deps);
    const finished = await waitFor(() => getImportJob(deps, jobId), (j) => j.status === 'completed' || j.status === 'failed', 180_000);
    expect(finished).toMatchObject({ status: 'completed', total_files: RELEASES, processed_files: RELEASES, imported_files: RELEASES, failed_files: 0 });
    expect(finished.current_batch).toBeGreaterThan(killedAtBatch);
    const after = await catalogue(deps);
    expect(after.releases).toHaveLength(RELEASES);
    expect(new Set(after.releases.map((r) => r.upc)).size).toBe(RELEASES);

    // The same deliveries imported without interruption on a fresh database.
    const reference = await importTestContext();
    try {
      const refJob = await prepare(reference.deps);
      const done = await runImportJobToEnd(reference.deps, refJob);
      expect(done.status).toBe('completed');
      const expected = await catalogue(reference.deps);
      expect(after.counts).toEqual(expected.counts);
      expect(after.releases).toEqual(expected.releases);
    } finally {
      await reference.close();
    }
  } finally {
    await resumed?.stop();
    if (previousStale === undefined) delete process.env.IMPORT_STALE_SECONDS;
    else process.env.IMPORT_STALE_SECONDS = previousStale;
  }
}, 300_000);
