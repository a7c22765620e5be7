/**
 * The Import API as the DDEX Files and Scan Jobs pages call it: import-jobs (create, read, stop),
 * process-import-job (push and resume), auto-import-eligible and import-approved-artists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { recomputeEligibility } from '@/features/scanning/threads';
import { runImportJobToEnd } from '@/features/importing/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { scanFolder } from './support';

let app: TestApp;
let user: string;
let folder: string;

beforeAll(async () => {
  app = await startTestApp();
  await app.createUser('user@example.com', 'user-password-1', 'user');
  user = await app.signIn('user@example.com', 'user-password-1');
  folder = mkdtempSync(path.join(tmpdir(), 'import-routes-'));
  await generateDemoDeliveries(folderWriter(folder));
  await scanFolder(app.runtime.deps, folder, 'Demo deliveries');
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function call(pathname: string, init: { method?: string; body?: unknown; cookie?: string | null } = {}) {
  const res = await app.request(pathname, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cookie: init.cookie === null ? undefined : (init.cookie ?? user),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const db = () => app.runtime.deps.db;

describe('Import API', () => {
  let jobId: string;
  let eligible: string[];

  it('needs a session', async () => {
    expect((await call('/api/import-jobs', { method: 'POST', body: { file_ids: [] }, cookie: null })).status).toBe(401);
    expect((await call('/api/fn/auto-import-eligible', { method: 'POST', cookie: null })).status).toBe(401);
  });

  it("answers 'No Files to Import' when the list is empty or none is importable", async () => {
    for (const body of [{}, { file_ids: [] }, { file_ids: ['not-a-file-id'] }]) {
      const r = await call('/api/import-jobs', { method: 'POST', body });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('No Files to Import');
    }
    // Files of pending artists are not eligible yet.
    const pendingFiles = await db().execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE error IS NULL LIMIT 3`);
    const r = await call('/api/import-jobs', { method: 'POST', body: { file_ids: pendingFiles.rows.map((f) => f.id) } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('No Files to Import');
    expect((await call('/api/import-jobs', { method: 'POST', body: { file_ids: 'x' } })).status).toBe(400);
    expect(await call('/api/fn/auto-import-eligible', { method: 'POST' })).toMatchObject({
      status: 200,
      body: { success: false, count: 0, jobId: null, message: 'No Files to Import' },
    });
  });

  it('creates a pending job with the importable files once their artists are approved', async () => {
    await db().execute(sql`UPDATE artist SET status = 'approved' WHERE name IN ('Ivy Calder', 'Kaito Morishima')`);
    await recomputeEligibility(db());
    eligible = (await db().execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE import_eligible AND imported_at IS NULL ORDER BY id`)).rows.map((r) => r.id);
    expect(eligible.length).toBeGreaterThan(0);
    const r = await call('/api/import-jobs', { method: 'POST', body: { file_ids: [...eligible, 'not-a-file-id'] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'pending', total_files: eligible.length, processed_files: 0, imported_files: 0, failed_files: 0, current_batch: 0, batch_size: 50, requested_by: 'user@example.com' });
    expect([...r.body.file_ids].sort()).toEqual(eligible);
    jobId = r.body.id;
    const read = await call(`/api/import-jobs/${jobId}`);
    expect(read).toMatchObject({ status: 200, body: { id: jobId, status: 'pending' } });
    expect((await call('/api/import-jobs/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await call('/api/import-jobs/nope')).status).toBe(404);
    const list = await call('/api/import-jobs');
    expect(list.body.rows[0].id).toBe(jobId);
  });

  it('stops a job, and resumes the stopped job with process-import-job', async () => {
    expect((await call(`/api/import-jobs/${jobId}`, { method: 'PATCH', body: { status: 'running' } })).status).toBe(400);
    const stopped = await call(`/api/import-jobs/${jobId}`, { method: 'PATCH', body: { status: 'failed' } });
    expect(stopped).toMatchObject({ status: 200, body: { status: 'failed', error_message: 'Manually stopped by user' } });
    const resumed = await call('/api/fn/process-import-job', { method: 'POST', body: { jobId } });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ success: true, job: { id: jobId, status: 'pending', error_message: null } });
    expect(resumed.body.message).toMatch(/resumed/);
    const done = await runImportJobToEnd(app.runtime.deps, jobId);
    expect(done).toMatchObject({ status: 'completed', processed_files: eligible.length, imported_files: eligible.length, failed_files: 0 });
    const again = await call('/api/fn/process-import-job', { method: 'POST', body: { jobId } });
    expect(again.status).toBe(409);
    expect((await call('/api/fn/process-import-job', { method: 'POST', body: {} })).status).toBe(400);
  });

  it('a completed job with fewer processed than total can be resumed', async () => {
    await db().execute(sql`UPDATE import_jobs SET processed_files = processed_files - 1 WHERE id = ${jobId}`);
    const r = await call('/api/fn/process-import-job', { method: 'POST', body: { jobId } });
    expect(r.body).toMatchObject({ success: true, job: { status: 'pending' } });
    const done = await runImportJobToEnd(app.runtime.deps, jobId);
    expect(done.status).toBe('completed');
    expect(done.processed_files).toBe(done.total_files);
  });

  it('re-importing an imported file is allowed (row action "Re-import")', async () => {
    const r = await call('/api/import-jobs', { method: 'POST', body: { file_ids: [eligible[0]] } });
    expect(r).toMatchObject({ status: 201, body: { total_files: 1 } });
    expect((await runImportJobToEnd(app.runtime.deps, r.body.id)).imported_files).toBe(1);
  });

  it('import-approved-artists imports the eligible files of approved artists and reports the counts', async () => {
    expect((await call('/api/fn/import-approved-artists', { method: 'POST', body: { batchSize: 0 } })).status).toBe(400);
    await db().execute(sql`UPDATE artist SET status = 'approved' WHERE name = 'Sanne Verhoef'`);
    await recomputeEligibility(db());
    const r = await call('/api/fn/import-approved-artists', { method: 'POST', body: { batchSize: 50 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 1, totalFiles: 4, batchSize: 50, imported: 4, failed: 0 });
    expect(typeof r.body.message).toBe('string');
    const none = await call('/api/fn/import-approved-artists', { method: 'POST', body: { batchSize: 50 } });
    expect(none.body).toMatchObject({ count: 0, totalFiles: 0, imported: 0, failed: 0 });
  });

  it('auto-import-eligible starts one job for every eligible, unimported file', async () => {
    await db().execute(sql`UPDATE artist SET status = 'approved' WHERE name = 'Mila Novak'`);
    await recomputeEligibility(db());
    const r = await call('/api/fn/auto-import-eligible', { method: 'POST' });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.count).toBeGreaterThan(0);
    const job = await call(`/api/import-jobs/${r.body.jobId}`);
    expect(job.body.total_files).toBe(r.body.count);
  });
});
