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
