import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries, type DemoManifest } from '@/features/demo';
import { localSource, scanSource, scanTestContext, type ScanTestContext } from '../scanning/support';

export interface DemoContext extends ScanTestContext {
  folder: string;
  manifest: DemoManifest;
  sourceId: string;
  artistId(name: string): Promise<string>;
}

/** The demo deliveries scanned from a local folder into a fresh database (no workers run). */
export async function scannedDemo(env: Record<string, string> = {}): Promise<DemoContext> {
  const ctx = await scanTestContext(env);
  const folder = mkdtempSync(path.join(tmpdir(), 'artists-demo-'));
  const manifest = await generateDemoDeliveries(folderWriter(folder));
  const source = await localSource(ctx.deps, folder);
  const job = await scanSource(ctx.deps, source.id);
  if (job.status !== 'completed') throw new Error(`demo scan ended ${job.status}: ${job.error_message}`);
  return {
    ...ctx,
    folder,
    manifest,
    sourceId: source.id,
    async artistId(name: string) {
      const rows = await ctx.deps.db.execute<{ id: string }>(sql`SELECT id FROM artist WHERE name = ${name}`);
      if (!rows.rows[0]) throw new Error(`no artist ${name}`);
      return rows.rows[0].id;
    },
    async close() {
      await ctx.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
