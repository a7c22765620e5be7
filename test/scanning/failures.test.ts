import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDemoDeliveries, memoryWriter } from '@/features/demo';
import { runScanBatch } from '@/features/scanning/scanner';
import { updateSource } from '@/features/sources/service';
import { createScanJob, getScanJob, resumeStaleScanJobs, stopAllJobs, updateScanJobStatus } from '@/features/scanning/service';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { bunnySource, fileRows, scanSource, scanToEnd, scanTestContext, type ScanTestContext } from './support';

let ctx: ScanTestContext;
let bunny: FakeBunny;

beforeAll(async () => {
  ctx = await scanTestContext();
  bunny = await startFakeBunny({ zones: { zone: 'good-key' } });
  const memory = memoryWriter();
  await generateDemoDeliveries(memory);
  for (const [p, bytes] of memory.files) bunny.put('zone', p, Buffer.from(bytes));
}, 60_000);

afterAll(async () => {
  await bunny?.close();
  await ctx?.close();
});

async function rowCounts() {
  const files = await ctx.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ddex_file`);
  return Number(files.rows[0]!.n);
}

describe('a scan that cannot reach its source fails with a message a person can act on', () => {
  test('wrong access key', async () => {
    const source = await bunnySource(ctx.deps, bunny.baseUrl, 'zone', 'wrong-key', 'Wrong key');
    const before = await rowCounts();
    const job = await scanSource(ctx.deps, source.id);
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(/Invalid access key for storage zone zone/);
    expect(job.locked_by).toBeNull();
    expect(await rowCounts()).toBe(before);
  });

  test('unreachable host', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const source = await bunnySource(ctx.deps, `http://127.0.0.1:${closed}`, 'zone', 'good-key', 'Unreachable');
    const job = await scanSource(ctx.deps, source.id);
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(/reach|refused/i);
    expect(job.error_message).toContain('127.0.0.1');
  });

  test('a source that never answers times out', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const hung: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hung.address() as { port: number }).port;
      const source = await bunnySource(ctx.deps, `http://127.0.0.1:${port}`, 'zone', 'good-key', 'Hung');
      // The dialog's 'Request timeout (seconds)' is what bounds each request.
      await updateSource(ctx.deps, source.id, { settings: { request_timeout_seconds: 1 } });
      const job = await scanSource(ctx.deps, source.id);
      expect(job.status).toBe('failed');
      expect(job.error_message).toMatch(/did not answer within 1 s/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });
});

describe('transient failures', () => {
  test('a dropped connection is retried and the scan completes', async () => {
    // A proxy in front of the fake that drops every third request's connection once.
    let seen = 0;
    let dropped = 0;
    const proxy = createHttpServer(async (req, res) => {
      seen += 1;
      if (seen % 3 === 0 && dropped < 5) {
        dropped += 1;
        req.socket.destroy();
        return;
      }
      const upstream = await fetch(`${bunny.baseUrl}${req.url}`, { headers: { AccessKey: String(req.headers.accesskey ?? '') } });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxy.address() as { port: number }).port;
      const source = await bunnySource(ctx.deps, `http://127.0.0.1:${port}`, 'zone', 'good-key', 'Flaky');
      const job = await scanSource(ctx.deps, source.id);
      expect(dropped).toBe(5);
      expect(job.status).toBe('completed');
      expect(job.total_files).toBeGreaterThan(25);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  }, 60_000);
});

describe('stopping, retrying and resuming', () => {
  test('stop-all fails the running job, its batch writes nothing, and a retry resumes to the full result', async () => {
    const source = await bunnySource(ctx.deps, bunny.baseUrl, 'zone', 'good-key', 'Stop and retry');
    const { job } = await createScanJob(ctx.deps, { sourceId: source.id });
    expect(job).toMatchObject({ status: 'pending', batch_size: 100, resume_token: null, total_directories: 0, current_batch: 0 });
    expect(await runScanBatch(ctx.deps, job.id, { continueInBackground: false })).toBe('continue');
    expect(await runScanBatch(ctx.deps, job.id, { continueInBackground: false })).toBe('continue');
    const running = await getScanJob(ctx.deps, job.id);
    expect(running.status).toBe('running');
    expect(running.current_batch).toBe(2);
    expect(running.processed_directories).toBeGreaterThan(0);

    // Stop while a batch is in flight (slow source): the batch finds its lease gone and writes nothing.
    const filesBefore = await rowCounts();
    bunny.setLatency(150);
    const inFlight = runScanBatch(ctx.deps, job.id, { continueInBackground: false });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const stopped = await stopAllJobs(ctx.deps);
    expect(stopped).toMatchObject({ success: true, scanJobs: 1, importJobs: 0 });
    expect(await inFlight).toBe('skipped');
    bunny.setLatency(0);
    expect(await rowCounts()).toBe(filesBefore);
    const failed = await getScanJob(ctx.deps, job.id);
    expect(failed).toMatchObject({ status: 'failed', error_message: 'Manually stopped by user' });
    expect(await runScanBatch(ctx.deps, job.id, { continueInBackground: false })).toBe('skipped');
    expect((await getScanJob(ctx.deps, job.id)).current_batch).toBe(2);

    const retried = await updateScanJobStatus(ctx.deps, job.id, 'pending');
    expect(retried).toMatchObject({ status: 'pending', error_message: null });
    const done = await scanToEnd(ctx.deps, job.id);
    expect(done.status).toBe('completed');
    expect(done.processed_directories).toBe(done.total_directories);

    // The same rows as an uninterrupted scan of the same zone.
    const other = await bunnySource(ctx.deps, bunny.baseUrl, 'zone', 'good-key', 'Uninterrupted');
    await scanSource(ctx.deps, other.id);
    const strip = (rows: Awaited<ReturnType<typeof fileRows>>) => rows.map(({ partner_name, ...rest }) => ({ ...rest, partner_name }));
    expect(strip(await fileRows(ctx.deps, source.id))).toEqual(strip(await fileRows(ctx.deps, other.id)));
  }, 60_000);

  test('a job whose worker stopped beating is taken over; a live lease is respected', async () => {
    const source = await bunnySource(ctx.deps, bunny.baseUrl, 'zone', 'good-key', 'Stale lease');
    const { job } = await createScanJob(ctx.deps, { sourceId: source.id });
    // Another worker holds it with a fresh heartbeat: this one leaves it alone.
    await ctx.deps.db.execute(sql`UPDATE scan_jobs SET status = 'running', locked_by = 'other-worker', heartbeat_at = now() WHERE id = ${job.id}`);
    expect(await runScanBatch(ctx.deps, job.id, { continueInBackground: false })).toBe('skipped');
    expect(await resumeStaleScanJobs(ctx.deps, { staleSeconds: 60 })).not.toContain(job.id);
    // Its heartbeat goes stale: the watchdog queues it and a batch takes the lease over.
    await ctx.deps.db.execute(sql`UPDATE scan_jobs SET heartbeat_at = now() - interval '5 minutes' WHERE id = ${job.id}`);
    expect(await resumeStaleScanJobs(ctx.deps, { staleSeconds: 60 })).toContain(job.id);
    const done = await scanToEnd(ctx.deps, job.id);
    expect(done.status).toBe('completed');
  }, 60_000);
});
