import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { parseErn } from '@/ddex';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { createSecretBox } from '@/server/secrets';
import { createJobQueue } from '@/jobs/queue';
import { allJobDefinitions } from '@/jobs/definitions';
import type { AppDeps } from '@/server/context';
import { createSource } from '@/features/sources/service';
import { runScanBatch } from '@/features/scanning/scanner';
import { createScanJob, getScanJob } from '@/features/scanning/service';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/** ../shared of the repository: absent on a user's machine, so tests that need it skip. */
export const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const SAMPLES = path.join(SHARED, 'ddex/samples');
export const hasSamples = existsSync(SAMPLES);

export interface ImportTestContext {
  deps: AppDeps;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** The real services on a fresh test database; pg-boss runs no workers, so tests drive the work. */
export async function importTestContext(): Promise<ImportTestContext> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'import-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'import-test-secret-import-test-secret-0123', LOG_LEVEL: 'silent' });
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

/** Scans a folder as a local source to the end; returns the source id. */
export async function scanFolder(deps: AppDeps, folder: string, name = 'Import test source'): Promise<string> {
  const source = await createSource(deps, { name, storage_type: 'local', storage_zone: folder });
  const { job } = await createScanJob(deps, { sourceId: source.id });
  for (let i = 0; i < 1000; i++) {
    if ((await runScanBatch(deps, job.id, { continueInBackground: false })) !== 'continue') break;
  }
  const done = await getScanJob(deps, job.id);
  if (done.status !== 'completed') throw new Error(`scan of ${folder} ended ${done.status}: ${done.error_message}`);
  return source.id;
}

/** Small stand-in bytes for a media file, the same for the same name (so redeliveries hash alike). */
export function mediaBytes(name: string): Buffer {
  return Buffer.from(`media stand-in for ${name}\n`.repeat(8));
}

/**
 * Copies sample messages into delivery folders (<folder>/<name>/<file>.xml) and creates every media
 * file each message names, so the importer can hash them.
 */
export function stageSamples(root: string, samples: { file: string; folder: string }[]): void {
  for (const { file, folder } of samples) {
    const bytes = readFileSync(path.join(SAMPLES, file));
    const target = path.join(root, folder);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, path.basename(file)), bytes);
    const parsed = parseErn(bytes);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
    for (const resource of parsed.message.resources) {
      for (const f of resource.files) {
        const rel = f.path ?? f.uri;
        if (!f.provided || !rel || /^[a-z]+:\/\//i.test(rel)) continue;
        const out = path.join(target, rel);
        mkdirSync(path.dirname(out), { recursive: true });
        writeFileSync(out, mediaBytes(path.basename(rel)));
      }
    }
  }
}

export async function fileIdByPath(deps: AppDeps, sourceId: string, sourcePath: string): Promise<string> {
  const rows = await deps.db.execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE source_id = ${sourceId} AND source_path = ${sourcePath}`);
  if (!rows.rows[0]) throw new Error(`no ddex_file for ${sourcePath}`);
  return rows.rows[0].id;
}

export async function count(deps: AppDeps, table: string, where = sql``): Promise<number> {
  const rows = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} ${where}`);
  return Number(rows.rows[0]!.n);
}

export const CATALOGUE_TABLES = [
  'release',
  'release_identifier',
  'release_contributor',
  'release_resource',
  'resource',
  'resource_identifier',
  'resource_contributor',
  'resource_technical',
  'resource_right',
  'asset',
  'asset_delivery_history',
  'release_deal',
  'deal_territory',
  'release_schedule',
  'geo_rule',
  'import_state',
  'artist',
] as const;

export async function tableCounts(deps: AppDeps): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of CATALOGUE_TABLES) out[table] = await count(deps, table);
  return out;
}
