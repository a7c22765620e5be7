import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { createScanJob } from '@/features/scanning/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { localSource } from '../scanning/support';

let app: TestApp;
let folder: string;

beforeAll(async () => {
  app = await startTestApp({ workers: true });
  folder = mkdtempSync(path.join(tmpdir(), 'artists-queue-'));
  await generateDemoDeliveries(folderWriter(folder));
}, 60_000);

afterAll(async () => {
  await app?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a scan in the background queues screen-artist for each new main artist, and the workers screen them all', async () => {
  const deps = app.runtime.deps;
  const source = await localSource(deps, folder);
  await createScanJob(deps, { sourceId: source.id });
  let rows: { name: string; screened: boolean; source: string | null; reasoning: string | null }[] = [];
  for (let i = 0; i < 120; i++) {
    rows = (
      await deps.db.execute<{ name: string; screened: boolean; source: string | null; reasoning: string | null }>(sql`
        SELECT name, screened_at IS NOT NULL AS screened, screening_source AS source, ai_reasoning AS reasoning FROM artist WHERE is_main_artist ORDER BY name`)
    ).rows;
    if (rows.length >= 20 && rows.every((r) => r.screened)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(rows.length).toBeGreaterThanOrEqual(20);
  expect(rows.filter((r) => !r.screened).map((r) => r.name)).toEqual([]);
  expect(rows.every((r) => r.source === 'heuristic' && /^Benelux roots: (yes|no|unknown)\./.test(r.reasoning ?? ''))).toBe(true);
}, 90_000);

test('approving with autopush on imports the eligible files with no further step (workers running)', async () => {
  const deps = app.runtime.deps;
  await app.createUser('user@example.com', 'user-password-1', 'user');
  const cookie = await app.signIn('user@example.com', 'user-password-1');
  const id = (await deps.db.execute<{ id: string }>(sql`SELECT id FROM artist WHERE name = 'Mees Hoogland'`)).rows[0]!.id;
  const res = await app.request(`/api/artists/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'approved' }), cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.import_job.total_files).toBe(1);
  let imported = 0;
  for (let i = 0; i < 120 && imported === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    imported = Number(
      (await deps.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM ddex_file_artist l JOIN ddex_file f ON f.id = l.ddex_file_id
         WHERE l.artist_id = ${id} AND f.imported_at IS NOT NULL`)).rows[0]!.n,
    );
  }
  expect(imported).toBe(1);
  const job = (await deps.db.execute<{ status: string; imported_files: number }>(sql`SELECT status, imported_files FROM import_jobs WHERE id = ${body.import_job.id}`)).rows[0]!;
  expect(job).toMatchObject({ status: 'completed', imported_files: 1 });
}, 90_000);
