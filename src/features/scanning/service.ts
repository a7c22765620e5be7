/**
 * What the Scanning routes, jobs and scripts call: creating, listing, retrying and stopping scan
 * jobs, re-reading metadata, fixing thread status and loading the demo deliveries.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { FULL_SCAN_TOKEN } from '@/db/schema';
import { badRequest, conflict, notFound } from '@/server/errors';
import { createSource, getSourceStorage, type SourceRow } from '@/features/sources/service';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { DEMO_PARTNERS } from '@/features/demo/catalogue';
import { isStorageError } from '@/storage';
import {
  defaultStaleSeconds,
  STOPPED_MESSAGE,
  ScanFailure,
  WORKER_ID,
  loadSource,
  queueNextBatch,
  readOneFile,
  runScanBatch,
  type ScanDeps,
  type ScanJobRow,
} from './scanner';
import { storeFileRecords } from './store';
import { recomputeEligibility, recomputeThreads } from './threads';
import { readDeliveryXml } from './metadata';

export const SCAN_BATCH_SIZE = 100;
export const DEMO_SOURCE_NAME = 'Demo deliveries';

export type ScanJobView = ScanJobRow & { source_name: string | null; source_storage_type: string | null };

const JOB_COLUMNS = sql`j.*, s.name AS source_name, s.storage_type AS source_storage_type`;

const PG_TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d(:?\d\d)?|Z)$/;

/** Raw rows carry timestamps as Date (pg) or PostgreSQL text (PGlite); the API sends ISO 8601. */
export function withIsoTimestamps<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(out)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'string' && key.endsWith('_at') && PG_TIMESTAMP.test(value)) {
      const normalised = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
      const date = new Date(normalised);
      if (!Number.isNaN(date.getTime())) out[key] = date.toISOString();
    }
  }
  return out as T;
}

export async function getScanJob(deps: Pick<ScanDeps, 'db'>, id: string): Promise<ScanJobView> {
  if (!isUuid(id)) throw notFound(`Scan job ${id} not found`);
  const rows = await deps.db.execute<ScanJobView>(sql`
    SELECT ${JOB_COLUMNS} FROM scan_jobs j LEFT JOIN sources s ON s.id = j.source_id WHERE j.id = ${id}`);
  if (!rows.rows[0]) throw notFound(`Scan job ${id} not found`);
  return withIsoTimestamps(rows.rows[0]);
}

export async function listScanJobs(deps: Pick<ScanDeps, 'db'>, opts: { limit: number; sourceId?: string }): Promise<{ rows: ScanJobView[]; total: number }> {
  const where = opts.sourceId ? sql`WHERE j.source_id = ${opts.sourceId}` : sql``;
  const rows = await deps.db.execute<ScanJobView>(sql`
    SELECT ${JOB_COLUMNS} FROM scan_jobs j LEFT JOIN sources s ON s.id = j.source_id ${where}
     ORDER BY j.created_at DESC, j.id DESC LIMIT ${opts.limit}`);
  const total = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM scan_jobs j ${where}`);
  return { rows: rows.rows.map(withIsoTimestamps), total: Number(total.rows[0]?.n ?? 0) };
}

export async function listImportJobs(deps: Pick<ScanDeps, 'db'>, opts: { limit: number }): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const rows = await deps.db.execute<Record<string, unknown>>(sql`
    SELECT * FROM import_jobs ORDER BY created_at DESC, id DESC LIMIT ${opts.limit}`);
  const total = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_jobs`);
  return { rows: rows.rows.map(withIsoTimestamps), total: Number(total.rows[0]?.n ?? 0) };
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

async function requireSource(deps: Pick<ScanDeps, 'db'>, sourceId: string | undefined | null): Promise<SourceRow> {
  if (!sourceId) throw badRequest('Please select a source first.');
  const source = isUuid(sourceId) ? await loadSource(deps.db, sourceId) : null;
  if (!source) throw notFound(`Source ${sourceId} not found`);
  return source;
}

/**
 * Creates a scan job (pending, batch_size 100, resume_token FULL_SCAN or null) and queues its first
 * batch. A source that already has an active scan gets that job back rather than a second walk.
 */
export async function createScanJob(
  deps: ScanDeps,
  input: { sourceId: string | undefined | null; fullScan?: boolean },
): Promise<{ job: ScanJobView; created: boolean }> {
  const source = await requireSource(deps, input.sourceId);
  const active = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM scan_jobs WHERE source_id = ${source.id} AND kind = 'scan' AND status IN ('pending', 'running')
     ORDER BY created_at LIMIT 1`);
  if (active.rows[0]) return { job: await getScanJob(deps, active.rows[0].id), created: false };
  const full = input.fullScan === true;
  const inserted = await deps.db.execute<{ id: string }>(sql`
    INSERT INTO scan_jobs (source_id, status, kind, full_scan, total_directories, processed_directories, total_files,
                           imported_files, current_batch, batch_size, resume_token)
    VALUES (${source.id}, 'pending', 'scan', ${full}, 0, 0, 0, 0, 0, ${SCAN_BATCH_SIZE}, ${full ? FULL_SCAN_TOKEN : null})
    RETURNING id`);
  const id = inserted.rows[0]!.id;
  try {
    await queueNextBatch(deps, id);
  } catch (error) {
    // The watchdog queues pending jobs whose message was lost; the job row is what counts.
    deps.logger.warn({ err: error, scanJobId: id }, 'could not queue the first scan batch');
  }
  return { job: await getScanJob(deps, id), created: true };
}

/** Pushes one batch now (the oldest active job when none is named). */
export async function processScanJobNow(deps: ScanDeps, jobId?: string | null): Promise<{ success: boolean; message: string; job: ScanJobView | null }> {
  await resumeStaleScanJobs(deps);
  let id = jobId ?? null;
  if (id && !isUuid(id)) throw notFound(`Scan job ${id} not found`);
  if (!id) {
    const oldest = await deps.db.execute<{ id: string }>(sql`
      SELECT id FROM scan_jobs WHERE status IN ('pending', 'running') ORDER BY created_at LIMIT 1`);
    id = oldest.rows[0]?.id ?? null;
    if (!id) return { success: true, message: 'No pending or running scan jobs.', job: null };
  }
  const before = await getScanJob(deps, id);
  if (before.status === 'completed' || before.status === 'failed') {
    return { success: false, message: `Scan job ${id.slice(0, 8)} is ${before.status}; retry it to scan again.`, job: before };
  }
  const outcome = await runScanBatch(deps, id);
  const job = await getScanJob(deps, id);
  const messages: Record<typeof outcome, string> = {
    continue: `Processed batch ${job.current_batch}: ${job.processed_directories} of ${job.total_directories} directories, ${job.total_files} files.`,
    completed: `Scan completed: ${job.processed_directories} directories, ${job.total_files} files.`,
    failed: job.error_message ?? 'The scan failed.',
    skipped: 'Another worker is processing this job right now.',
  };
  return { success: outcome !== 'failed', message: messages[outcome], job };
}

/** Retry (status pending: error cleared, resumes from its frontier) or stop (status failed). */
export async function updateScanJobStatus(deps: ScanDeps, id: string, status: 'pending' | 'failed'): Promise<ScanJobView> {
  const job = await getScanJob(deps, id);
  if (status === 'failed') {
    await deps.db.execute(sql`
      UPDATE scan_jobs SET status = 'failed', error_message = ${STOPPED_MESSAGE}, phase = 'Failed', locked_by = NULL, updated_at = now()
       WHERE id = ${id} AND status IN ('pending', 'running')`);
    return getScanJob(deps, id);
  }
  if (job.status !== 'failed') throw conflict(`Only a failed scan job can be retried; this one is ${job.status}.`);
  await deps.db.execute(sql`
    UPDATE scan_jobs SET status = 'pending', error_message = NULL, completed_at = NULL, locked_by = NULL, heartbeat_at = NULL,
           phase = CASE WHEN current_batch > 0 THEN 'Resuming' ELSE NULL END, updated_at = now()
     WHERE id = ${id} AND status = 'failed'`);
  await queueNextBatch(deps, id);
  return getScanJob(deps, id);
}

export async function stopAllJobs(deps: Pick<ScanDeps, 'db'>): Promise<{ success: true; scanJobs: number; importJobs: number }> {
  const scans = await deps.db.execute<{ id: string }>(sql`
    UPDATE scan_jobs SET status = 'failed', error_message = ${STOPPED_MESSAGE}, phase = 'Failed', locked_by = NULL, updated_at = now()
     WHERE status IN ('pending', 'running') RETURNING id`);
  const imports = await deps.db.execute<{ id: string }>(sql`
    UPDATE import_jobs SET status = 'failed', error_message = ${STOPPED_MESSAGE}, locked_by = NULL, updated_at = now()
     WHERE status IN ('pending', 'running') RETURNING id`);
  return { success: true, scanJobs: scans.rows.length, importJobs: imports.rows.length };
}

export async function scanAllSources(deps: ScanDeps): Promise<{ success: true; created: number; message: string }> {
  const active = await deps.db.execute<{ id: string }>(sql`SELECT id FROM sources WHERE status = 'active' ORDER BY created_at`);
  let created = 0;
  for (const row of active.rows) {
    const result = await createScanJob(deps, { sourceId: row.id });
    if (result.created) created += 1;
  }
  const already = active.rows.length - created;
  return {
    success: true,
    created,
    message: `Created ${created} scan job${created === 1 ? '' : 's'}${already > 0 ? `; ${already} source${already === 1 ? ' was' : 's were'} already being scanned` : ''}.`,
  };
}

export async function purgeScanHistory(deps: Pick<ScanDeps, 'db'>, sourceId?: string | null): Promise<{ success: true; message: string }> {
  if (sourceId) {
    const source = await requireSource(deps, sourceId);
    await deps.db.execute(sql`UPDATE sources SET last_scanned_at = NULL, updated_at = now() WHERE id = ${source.id}`);
    return { success: true, message: `Scan history of ${source.name} purged: the next scan looks at every directory.` };
  }
  const rows = await deps.db.execute<{ id: string }>(sql`UPDATE sources SET last_scanned_at = NULL, updated_at = now() RETURNING id`);
  return { success: true, message: `Scan history of ${rows.rows.length} source${rows.rows.length === 1 ? '' : 's'} purged.` };
}

/** Running jobs whose worker stopped beating (and pending jobs nobody picked up) are queued again. */
export async function resumeStaleScanJobs(deps: ScanDeps, opts: { staleSeconds?: number } = {}): Promise<string[]> {
  const stale = opts.staleSeconds ?? defaultStaleSeconds();
  const rows = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM scan_jobs
     WHERE (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${stale})))
        OR (status = 'pending' AND updated_at < now() - make_interval(secs => ${stale}))`);
  for (const row of rows.rows) await queueNextBatch(deps, row.id);
  if (rows.rows.length > 0) deps.logger.info({ jobs: rows.rows.map((r) => r.id) }, 'resuming stale scan jobs');
  return rows.rows.map((r) => r.id);
}

/** parse-ddex-file: re-reads one file's metadata now. */
export async function parseDdexFile(
  deps: ScanDeps,
  fileId: string | undefined,
): Promise<{ success: boolean; message: string; stats: { releases: number; resources: number } }> {
  if (!fileId) throw badRequest('fileId is required');
  if (!isUuid(fileId)) throw notFound(`DDEX file ${fileId} not found`);
  const found = await deps.db.execute<{ id: string; source_id: string; source_path: string; batch_id: string | null; thread_key: string | null }>(sql`
    SELECT id, source_id, source_path, batch_id, thread_key FROM ddex_file WHERE id = ${fileId}`);
  const file = found.rows[0];
  if (!file) throw notFound(`DDEX file ${fileId} not found`);
  const source = await loadSource(deps.db, file.source_id);
  if (!source) throw notFound('The source of this file no longer exists');
  const none = { releases: 0, resources: 0 };
  let storage;
  try {
    storage = await getSourceStorage(deps, source);
  } catch (error) {
    return { success: false, message: `Cannot open source ${source.name}: ${(error as Error).message}`, stats: none };
  }
  let record;
  let stats = none;
  try {
    record = await readOneFile(deps, storage, file);
    if (record && record.status === 'metadata_scanned') {
      const bytes = await storage.readBuffer(file.source_path, { maxBytes: deps.config.ddexMaxFileBytes });
      const outcome = readDeliveryXml(bytes, { path: file.source_path, size: null, checksum: null, modifiedAt: null }, null);
      if (outcome.kind === 'delivery') stats = outcome.stats;
    }
  } catch (error) {
    if (error instanceof ScanFailure || isStorageError(error)) return { success: false, message: error.message, stats: none };
    throw error;
  }
  if (!record) return { success: false, message: `${file.source_path} could not be read`, stats: none };
  await deps.db.transaction((tx) => storeFileRecords(tx, source.id, storage.bucket, [record], file.thread_key ? [file.thread_key] : []));
  if (record.status === 'error') return { success: false, message: record.error ?? 'Unknown error', stats: none };
  return { success: true, message: `Metadata of ${file.source_path} read again.`, stats };
}

/**
 * rescan-metadata: queues a re-read of the given files (or of every file of a source, or of every
 * file) as metadata jobs, one per source, whose progress shows in the scan jobs list.
 */
export async function rescanMetadata(
  deps: ScanDeps,
  input: { fileIds?: string[]; sourceId?: string },
): Promise<{ success: true; queued: number; jobIds: string[]; message: string }> {
  if (input.fileIds && input.fileIds.some((id) => !isUuid(id))) throw badRequest('fileIds must be DDEX file ids');
  if (input.sourceId) await requireSource(deps, input.sourceId);
  const filters = [sql`TRUE`];
  if (input.fileIds) filters.push(sql`id = ANY(${`{${input.fileIds.join(',')}}`}::uuid[])`);
  if (input.sourceId) filters.push(sql`source_id = ${input.sourceId}`);
  const perSource = await deps.db.execute<{ source_id: string; n: number }>(sql`
    SELECT source_id, count(*)::int AS n FROM ddex_file WHERE ${sql.join(filters, sql` AND `)} GROUP BY source_id`);
  const jobIds: string[] = [];
  let queued = 0;
  for (const row of perSource.rows) {
    const ids = input.fileIds ? sql`(SELECT array_agg(id) FROM ddex_file WHERE source_id = ${row.source_id} AND id = ANY(${`{${input.fileIds.join(',')}}`}::uuid[]))` : sql`NULL`;
    const inserted = await deps.db.execute<{ id: string }>(sql`
      INSERT INTO scan_jobs (source_id, status, kind, batch_size, total_files, file_ids, phase)
      VALUES (${row.source_id}, 'pending', 'metadata', ${SCAN_BATCH_SIZE}, ${row.n}, ${ids}, 'Re-reading metadata')
      RETURNING id`);
    const id = inserted.rows[0]!.id;
    jobIds.push(id);
    queued += Number(row.n);
    await queueNextBatch(deps, id);
  }
  return { success: true, queued, jobIds, message: `Queued a metadata re-read of ${queued} file${queued === 1 ? '' : 's'}.` };
}

/** fix-ddex-status: recomputes every thread and every file's eligibility. */
export async function fixDdexStatus(deps: Pick<ScanDeps, 'db'>): Promise<{ success: true; fixedInitials: number; fixedRedeliveries: number; eligibilityChanged: number }> {
  return deps.db.transaction(async (tx) => {
    const threads = await recomputeThreads(tx);
    const eligibility = await recomputeEligibility(tx);
    return { success: true as const, fixedInitials: threads.fixedInitials, fixedRedeliveries: threads.fixedRedeliveries, eligibilityChanged: eligibility.changed };
  });
}

// ---- demo wiring ---------------------------------------------------------------------------

/**
 * Writes the demo deliveries into `folder` (unless it already holds them), registers or updates the
 * local source 'Demo deliveries' pointing at it, and starts a scan.
 */
export async function loadDemoData(
  deps: ScanDeps,
  opts: { folder?: string; now?: Date } = {},
): Promise<{ success: true; message: string; sourceId: string; scanJobId: string; wroteFiles: number }> {
  const folder = path.resolve(opts.folder ?? path.join(deps.config.dataDir, 'demo-deliveries'));
  await mkdir(folder, { recursive: true });
  const entries = (await readdir(folder)).filter((name) => !name.startsWith('.'));
  const demoFolders = new Set(DEMO_PARTNERS.map((p) => p.folder));
  const foreign = entries.filter((name) => !demoFolders.has(name));
  if (foreign.length > 0) {
    throw badRequest(`${folder} holds files that are not demo deliveries (${foreign.slice(0, 3).join(', ')}); choose an empty folder.`);
  }
  let wroteFiles = 0;
  if (entries.length === 0) {
    const manifest = await generateDemoDeliveries(folderWriter(folder), { now: opts.now });
    wroteFiles = manifest.totals.files;
  }
  const existing = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM sources WHERE name = ${DEMO_SOURCE_NAME} AND storage_type = 'local' ORDER BY created_at LIMIT 1`);
  let sourceId = existing.rows[0]?.id;
  if (sourceId) {
    await deps.db.execute(sql`UPDATE sources SET storage_zone = ${folder}, status = 'active', updated_at = now() WHERE id = ${sourceId}`);
  } else {
    const created = await createSource(deps, { name: DEMO_SOURCE_NAME, storage_type: 'local', storage_zone: folder });
    sourceId = created.id;
  }
  const { job } = await createScanJob(deps, { sourceId });
  return {
    success: true,
    message: `${wroteFiles > 0 ? `Wrote ${wroteFiles} demo files to ${folder}` : `Using the demo deliveries in ${folder}`}; scanning '${DEMO_SOURCE_NAME}'.`,
    sourceId,
    scanJobId: job.id,
    wroteFiles,
  };
}

export { WORKER_ID };
