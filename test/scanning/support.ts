import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { createSecretBox } from '@/server/secrets';
import { createJobQueue } from '@/jobs/queue';
import { allJobDefinitions } from '@/jobs/definitions';
import type { AppDeps } from '@/server/context';
import { createSource } from '@/features/sources/service';
import { runScanBatch, type ScanDeps } from '@/features/scanning/scanner';
import { createScanJob, getScanJob } from '@/features/scanning/service';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

export interface ScanTestContext {
  deps: ScanDeps;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** The real services on a fresh test database; pg-boss runs no workers, so tests drive batches. */
export async function scanTestContext(env: Record<string, string> = {}): Promise<ScanTestContext> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scan-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'scan-test-secret-scan-test-secret-0123456789', LOG_LEVEL: 'silent', ...env });
  const logger = createLogger('silent');
  const deps = { config, database, db: database.db, logger, secrets: createSecretBox(config.appSecret) } as unknown as AppDeps;
  deps.jobs = await createJobQueue(database, logger, allJobDefinitions(deps));
  return {
    deps,
    database,
    dataDir,
    async close() {
      await deps.jobs.stop().catch(() => undefined);
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs batches in this process until the job completes or fails; returns the final row. */
export async function scanToEnd(deps: ScanDeps, jobId: string, maxBatches = 10_000) {
  for (let i = 0; i < maxBatches; i++) {
    const outcome = await runScanBatch(deps, jobId, { continueInBackground: false });
    if (outcome !== 'continue') break;
  }
  return getScanJob(deps, jobId);
}

export async function scanSource(deps: ScanDeps, sourceId: string, fullScan = false) {
  const { job } = await createScanJob(deps, { sourceId, fullScan });
  return scanToEnd(deps, job.id);
}

export async function localSource(deps: ScanDeps, folder: string, name = 'Local demo') {
  return createSource(deps, { name, storage_type: 'local', storage_zone: folder });
}

export async function bunnySource(deps: ScanDeps, baseUrl: string, zone: string, key: string, name = 'Bunny demo') {
  return createSource(deps, { name, storage_type: 'bunny_cdn', storage_zone: zone, access_key: key, endpoint_url: baseUrl });
}

export type FileRowView = {
  source_path: string;
  status: string;
  error: string | null;
  partner_name: string | null;
  partner_slug: string | null;
  artist_name: string | null;
  release_title: string | null;
  upc: string | null;
  isrc: string | null;
  message_id: string | null;
  message_thread_id: string | null;
  thread_key: string | null;
  delivery_type: string;
  delivery_sequence: number | null;
  is_latest_in_thread: boolean;
  import_eligible: boolean;
  is_takedown: boolean;
  has_media: boolean;
  batch_id: string | null;
  message_type: string | null;
  duration_ms: number | null;
  release_date: string | null;
  artists: string[];
}

/** Every ddex_file of a source with what a person checks, ordered by path. */
export async function fileRows(deps: ScanDeps, sourceId: string): Promise<FileRowView[]> {
  const result = await deps.db.execute<FileRowView>(sql`
    SELECT f.source_path, f.status, f.error, p.name AS partner_name, p.slug AS partner_slug, f.artist_name, f.release_title,
           f.upc, f.isrc, f.message_id, f.message_thread_id, f.thread_key, f.delivery_type, f.delivery_sequence,
           f.is_latest_in_thread, f.import_eligible, f.is_takedown, f.has_media, f.batch_id, f.message_type, f.duration_ms,
           f.release_date::text AS release_date,
           COALESCE((SELECT array_agg(a.name ORDER BY a.name) FROM ddex_file_artist l JOIN artist a ON a.id = l.artist_id
                      WHERE l.ddex_file_id = f.id), '{}') AS artists
      FROM ddex_file f LEFT JOIN partner p ON p.id = f.partner_id
     WHERE f.source_id = ${sourceId}
     ORDER BY f.source_path`);
  return result.rows;
}
