import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { HOUSEKEEPING_JOB } from '@/features/maintenance/jobs';

/** Reads SSE events from a response body; `next` waits for the first event matching `predicate`. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(predicate: (event: string, data: string) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (predicate(event, data)) return { event, data };
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) return null;
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), remaining))]);
        if (!chunk || chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

describe('live updates', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp();
    await app.createUser('viewer@example.com', 'viewer-password-1', 'user');
    cookie = await app.signIn('viewer@example.com', 'viewer-password-1');
  });
  afterAll(() => app?.stop());

  it('refuses the stream without a session', async () => {
    expect((await app.request('/api/realtime')).status).toBe(401);
  });

  it('streams a row inserted in the database as a change event within a second', async () => {
    const res = await app.request('/api/realtime', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = sseReader(res);
    expect(await events.next((event) => event === 'ready', 2000)).not.toBeNull();

    const started = Date.now();
    const inserted = await app.runtime.deps.db.execute(
      sql`insert into partner (name, slug) values ('Live Label', 'live-label') returning id`,
    );
    const id = String((inserted as unknown as { rows: Array<{ id: string }> }).rows[0].id);
    const got = await events.next((event, data) => event === 'change' && data.includes('"partner"'), 1000);
    await events.close();
    expect(got, 'change event for partner').not.toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(got!.data)).toEqual({ table: 'partner', op: 'INSERT', id });
  });
});

describe('job queue', () => {
  it('runs the housekeeping job end to end on a worker and removes expired sessions', async () => {
    const app = await startTestApp({ workers: true });
    try {
      const userId = await app.createUser('old@example.com', 'old-password-1', 'user');
      const cookie = await app.signIn('old@example.com', 'old-password-1');
      await app.runtime.deps.db.execute(sql`update auth_session set expires_at = now() - interval '1 day' where user_id = ${userId}`);
      const jobId = await app.runtime.deps.jobs.send(HOUSEKEEPING_JOB, {});
      expect(jobId).toBeTruthy();
      const deadline = Date.now() + 15_000;
      let job: any = null;
      while (Date.now() < deadline) {
        job = await app.runtime.deps.jobs.boss.getJobById(HOUSEKEEPING_JOB, jobId!);
        if (job?.state === 'completed' || job?.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(job?.state).toBe('completed');
      expect(job?.output).toMatchObject({ expiredSessions: 1 });
      expect((await app.request('/api/me', { cookie })).status).toBe(401);
    } finally {
      await app.stop();
    }
  });
});
