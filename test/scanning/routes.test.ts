import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: string;
let user: string;
let folder: string;

beforeAll(async () => {
  app = await startTestApp();
  await app.createUser('admin@example.com', 'admin-password-1', 'admin');
  await app.createUser('user@example.com', 'user-password-1', 'user');
  admin = await app.signIn('admin@example.com', 'admin-password-1');
  user = await app.signIn('user@example.com', 'user-password-1');
  folder = mkdtempSync(path.join(tmpdir(), 'scan-routes-'));
  await generateDemoDeliveries(folderWriter(folder));
}, 60_000);

afterAll(async () => {
  await app?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function call(pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const res = await app.request(pathname, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cookie: init.cookie ?? user,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function processUntilDone(jobId: string) {
  for (let i = 0; i < 50; i++) {
    const r = await call('/api/fn/process-scan-job', { method: 'POST', body: { jobId } });
    expect(r.status).toBe(200);
    if (r.body.job.status !== 'running' && r.body.job.status !== 'pending') return r.body;
  }
  throw new Error('scan did not finish');
}

describe('Scan Jobs API (contract shapes)', () => {
  let sourceId: string;
  let jobId: string;

  it('refuses to start a scan without a source', async () => {
    const r = await call('/api/scan-jobs', { method: 'POST', body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Please select a source first.');
  });

  it('creates a pending job with the spec defaults and lists it with its source', async () => {
    const created = await call('/api/sources', { method: 'POST', cookie: admin, body: { name: 'Routes demo', storage_type: 'local', storage_zone: folder } });
    expect(created.status).toBeLessThan(300);
    sourceId = created.body.id;
    const r = await call('/api/scan-jobs', { method: 'POST', body: { source_id: sourceId, full_scan: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      source_id: sourceId,
      status: 'pending',
      batch_size: 100,
      resume_token: 'FULL_SCAN',
      total_directories: 0,
      processed_directories: 0,
      total_files: 0,
      imported_files: 0,
      current_batch: 0,
      source_name: 'Routes demo',
      source_storage_type: 'local',
    });
    jobId = r.body.id;
    const list = await call(`/api/scan-jobs?limit=20&source_id=${sourceId}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ id: jobId, source_name: 'Routes demo', source_storage_type: 'local' });
    expect(Number.isNaN(Date.parse(list.body.rows[0].created_at))).toBe(false);
    expect((await call(`/api/scan-jobs/${jobId}`)).body.id).toBe(jobId);
    expect((await call('/api/scan-jobs/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('process-scan-job pushes batches until the scan completes', async () => {
    const first = await call('/api/fn/process-scan-job', { method: 'POST', body: {} });
    expect(first.body).toMatchObject({ success: true, job: { id: jobId, status: 'running', current_batch: 1, full_scan: true } });
    expect(first.body.message).toMatch(/batch 1/);
    const done = await processUntilDone(jobId);
    expect(done).toMatchObject({ success: true, job: { status: 'completed', resume_token: null } });
    expect(done.job.total_files).toBeGreaterThan(25);
    const sources = await call('/api/sources', { cookie: admin });
    expect(sources.body.rows.find((s: { id: string }) => s.id === sourceId).last_scanned_at).not.toBeNull();
  });

  it('retries only failed jobs and stops with the spec message', async () => {
    expect((await call(`/api/scan-jobs/${jobId}`, { method: 'PATCH', body: { status: 'pending' } })).status).toBe(409);
    expect((await call(`/api/scan-jobs/${jobId}`, { method: 'PATCH', body: { status: 'done' } })).status).toBe(400);
    const second = await call('/api/scan-jobs', { method: 'POST', body: { source_id: sourceId } });
    const stopped = await call(`/api/scan-jobs/${second.body.id}`, { method: 'PATCH', body: { status: 'failed' } });
    expect(stopped.body).toMatchObject({ status: 'failed', error_message: 'Manually stopped by user' });
    const retried = await call(`/api/scan-jobs/${second.body.id}`, { method: 'PATCH', body: { status: 'pending' } });
    expect(retried.body).toMatchObject({ status: 'pending', error_message: null });
    const all = await call('/api/fn/stop-all-jobs', { method: 'POST' });
    expect(all.body).toEqual({ success: true, scanJobs: 1, importJobs: 0 });
  });

  it('scan-all-sources creates one job per active source', async () => {
    const r = await call('/api/fn/scan-all-sources', { method: 'POST' });
    expect(r.body).toMatchObject({ success: true, created: 1 });
    await call('/api/fn/stop-all-jobs', { method: 'POST' });
  });

  it('purge-scan-history clears last_scanned_at', async () => {
    const r = await call('/api/fn/purge-scan-history', { method: 'POST', body: { sourceId } });
    expect(r.body.success).toBe(true);
    expect(r.body.message).toMatch(/Routes demo/);
    const sources = await call('/api/sources', { cookie: admin });
    expect(sources.body.rows.find((s: { id: string }) => s.id === sourceId).last_scanned_at).toBeNull();
  });

  it('lists import jobs (empty until the import feature creates them)', async () => {
    expect((await call('/api/import-jobs?limit=20')).body).toEqual({ rows: [], total: 0 });
  });

  it('parse-ddex-file re-reads one file and reports its releases and resources; an unreadable one fails with the reason', async () => {
    const files = await app.runtime.deps.database.query<{ id: string; status: string }>(
      `SELECT id, status FROM ddex_file WHERE source_id = $1 ORDER BY source_path`,
      [sourceId],
    );
    const good = files.find((f) => f.status !== 'error')!;
    const r = await call('/api/fn/parse-ddex-file', { method: 'POST', body: { fileId: good.id } });
    expect(r.body.success).toBe(true);
    expect(r.body.stats.releases).toBeGreaterThanOrEqual(1);
    expect(r.body.stats.resources).toBeGreaterThanOrEqual(2);
    const bad = files.find((f) => f.status === 'error')!;
    const b = await call('/api/fn/parse-ddex-file', { method: 'POST', body: { fileId: bad.id } });
    expect(b.body.success).toBe(false);
    expect(b.body.message).toMatch(/line \d+, column \d+/);
    expect((await call('/api/fn/parse-ddex-file', { method: 'POST', body: {} })).status).toBe(400);
  });

  it('rescan-metadata queues a re-read job whose progress shows in the scan jobs list', async () => {
    const r = await call('/api/fn/rescan-metadata', { method: 'POST', body: { sourceId } });
    expect(r.body.success).toBe(true);
    expect(r.body.queued).toBeGreaterThan(25);
    const done = await processUntilDone(r.body.jobIds[0]);
    expect(done.job).toMatchObject({ status: 'completed', kind: 'metadata', processed_files: r.body.queued });
  });

  it('fix-ddex-status is admin-only and reports what it fixed', async () => {
    expect((await call('/api/fn/fix-ddex-status', { method: 'POST' })).status).toBe(403);
    const r = await call('/api/fn/fix-ddex-status', { method: 'POST', cookie: admin });
    expect(r.body).toEqual({ success: true, fixedInitials: 0, fixedRedeliveries: 0 });
  });

  it('load-demo-data writes the demo folder, registers the source and starts its scan', async () => {
    expect((await call('/api/fn/load-demo-data', { method: 'POST' })).status).toBe(403);
    const r = await call('/api/fn/load-demo-data', { method: 'POST', cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, sourceId: expect.any(String), scanJobId: expect.any(String) });
    const demoFolder = path.join(app.runtime.deps.config.dataDir, 'demo-deliveries');
    expect(readdirSync(demoFolder).sort()).toEqual(['dijkstra-platen', 'northwind-digital', 'schelde-sound']);
    const job = (await call(`/api/scan-jobs/${r.body.scanJobId}`)).body;
    expect(job).toMatchObject({ source_id: r.body.sourceId, source_name: 'Demo deliveries', status: 'pending' });
    // Again: same source, the running scan is reused, no second copy of the data.
    const again = await call('/api/fn/load-demo-data', { method: 'POST', cookie: admin });
    expect(again.body.sourceId).toBe(r.body.sourceId);
    expect(again.body.scanJobId).toBe(r.body.scanJobId);
  }, 60_000);
});
