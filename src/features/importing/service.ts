/**
 * What the Import routes, jobs and other features call: importing one file, and import jobs that
 * import a list of files in batches with counts, per-file failures, heartbeat, stop and resume.
 *
 * The import_jobs row is the truth (pg-boss only dispatches). A batch imports its files, each in
 * its own transaction, then records the batch's counts in one transaction that first checks the
 * job's lease. A worker killed mid-batch leaves the counts of the last whole batch: whoever resumes
 * redoes that batch, and re-importing a file changes nothing, so no row is duplicated.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { AppDb } from '@/db/client';
import type { ImportFileFailure } from '@/db/schema';
import { ApiError, badRequest, conflict, notFound } from '@/server/errors';
import { isStorageError } from '@/storage';
import { withIsoTimestamps } from '@/features/scanning/service';
import { importDdexFile, type ImportDeps, type ImportOutcome } from './import-file';

export { importDdexFile, ImportRefusal, type ImportOutcome, type ImportDeps } from './import-file';

export const IMPORT_BATCH_JOB = 'import-process-batch';
export const IMPORT_WATCHDOG_JOB = 'import-watchdog';
export const IMPORT_BATCH_SIZE = 50;
export const APPROVED_ARTISTS_BATCH_SIZE = 50;
export const NO_FILES_TO_IMPORT = 'No Files to Import';
export const STOPPED_MESSAGE = 'Manually stopped by user';

/** One id per process: which worker holds a job's lease. */
export const IMPORT_WORKER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export interface ImportJobRow {
  id: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  file_ids: string[];
  total_files: number;
  processed_files: number;
  imported_files: number;
  failed_files: number;
  current_batch: number;
  batch_size: number;
  deliver_after: boolean;
  requested_by: string | null;
  error_message: string | null;
  failures: ImportFileFailure[];
  heartbeat_at: string | null;
  locked_by: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

/**
 * A running job whose heartbeat is older than this is taken over. IMPORT_STALE_SECONDS overrides
 * the 60 s default (tests use a second or two).
 */
export function importStaleSeconds(value: string | undefined = process.env.IMPORT_STALE_SECONDS): number {
  if (value === undefined || value.trim() === '') return 60;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`IMPORT_STALE_SECONDS must be a positive number of seconds, got "${value}"`);
  return seconds;
}

const heartbeatMs = (staleSeconds: number) => Math.max(200, Math.min(5_000, (staleSeconds * 1000) / 4));
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toJobRow(row: Record<string, unknown>): ImportJobRow {
  const out = withIsoTimestamps(row) as unknown as ImportJobRow;
  if (typeof out.file_ids === 'string') out.file_ids = String(out.file_ids).replace(/[{}]/g, '').split(',').filter(Boolean);
  return out;
}

export async function getImportJob(deps: Pick<ImportDeps, 'db'>, id: string): Promise<ImportJobRow> {
  if (!UUID.test(id)) throw notFound(`Import job ${id} not found`);
  const rows = await deps.db.execute<Record<string, unknown>>(sql`SELECT * FROM import_jobs WHERE id = ${id}`);
  if (!rows.rows[0]) throw notFound(`Import job ${id} not found`);
  return toJobRow(rows.rows[0]);
}

/**
 * The files of `fileIds` that can be imported, in delivery order: not in error, and eligible or
 * already imported (a re-import). A later delivery still waiting for its initial one brings that
 * initial along (first), when every main artist of the thread is approved: otherwise a thread of
 * several deliveries would never become importable.
 */
export async function importableFileIds(db: AppDb, fileIds: readonly string[]): Promise<string[]> {
  const ids = fileIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    WITH asked AS (SELECT * FROM ddex_file WHERE id = ANY(${uuidArray(ids)}) AND error IS NULL),
    direct AS (SELECT id FROM asked WHERE import_eligible OR imported_at IS NOT NULL),
    waiting AS (
      SELECT a.id, a.source_id, a.thread_key FROM asked a
       WHERE a.status IN ('waiting_for_initial', 'waiting_for_initial_delivery') AND a.imported_at IS NULL AND a.is_latest_in_thread
    ),
    initials AS (
      SELECT i.id, w.id AS waiting_id FROM waiting w
        JOIN ddex_file i ON i.source_id = w.source_id AND i.thread_key = w.thread_key AND i.delivery_sequence = 1
                        AND i.error IS NULL AND i.imported_at IS NULL
       WHERE EXISTS (SELECT 1 FROM ddex_file_artist l WHERE l.ddex_file_id = i.id)
         AND NOT EXISTS (
           SELECT 1 FROM ddex_file f JOIN ddex_file_artist l ON l.ddex_file_id = f.id JOIN artist ar ON ar.id = l.artist_id
            WHERE f.id IN (i.id, w.id) AND (ar.status <> 'approved' OR ar.always_ignore))
    ),
    -- An initial that later deliveries wait for brings the thread's latest delivery along (after it),
    -- so one import takes a redelivered thread all the way to its newest state.
    followers AS (
      SELECT l.id FROM asked a
        JOIN ddex_file l ON l.source_id = a.source_id AND l.thread_key = a.thread_key AND l.is_latest_in_thread
                        AND l.id <> a.id AND l.error IS NULL AND l.imported_at IS NULL
       WHERE a.import_eligible AND a.delivery_sequence = 1 AND a.imported_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM ddex_file_artist fl JOIN artist ar ON ar.id = fl.artist_id
            WHERE fl.ddex_file_id = l.id AND (ar.status <> 'approved' OR ar.always_ignore))
    ),
    chosen AS (
      SELECT id FROM direct UNION SELECT id FROM initials UNION SELECT waiting_id FROM initials UNION SELECT id FROM followers
    )
    SELECT f.id FROM ddex_file f JOIN chosen c ON c.id = f.id
     ORDER BY f.message_created_at ASC NULLS LAST, f.delivery_sequence ASC NULLS FIRST, f.source_path`);
  return rows.rows.map((r) => r.id);
}

/** Creates the import_jobs row (pending) for the importable files given, and queues its first batch. */
export async function startImportJob(
  deps: ImportDeps,
  input: { fileIds: readonly string[]; requestedBy: string | null; deliverAfter?: boolean; batchSize?: number },
): Promise<ImportJobRow> {
  const fileIds = await importableFileIds(deps.db, [...new Set(input.fileIds)]);
  if (fileIds.length === 0) throw badRequest(NO_FILES_TO_IMPORT, 'no_files_to_import');
  const batchSize = input.batchSize ?? IMPORT_BATCH_SIZE;
  const inserted = await deps.db.execute<{ id: string }>(sql`
    INSERT INTO import_jobs (status, file_ids, total_files, processed_files, imported_files, failed_files, current_batch, batch_size,
                             deliver_after, requested_by)
    VALUES ('pending', ${uuidArray(fileIds)}, ${fileIds.length}, 0, 0, 0, 0, ${batchSize}, ${input.deliverAfter === true}, ${input.requestedBy})
    RETURNING id`);
  const id = inserted.rows[0]!.id;
  try {
    await queueImportBatch(deps, id);
  } catch (error) {
    // The watchdog queues pending jobs whose message was lost; the row is what counts.
    deps.logger.warn({ err: error, importJobId: id }, 'could not queue the first import batch');
  }
  return getImportJob(deps, id);
}

/** Queues a batch and wakes this process's idle import workers, so batches follow at once. */
export async function queueImportBatch(deps: Pick<ImportDeps, 'jobs'>, jobId: string): Promise<void> {
  await deps.jobs.send(IMPORT_BATCH_JOB, { importJobId: jobId }, { singletonKey: `import:${jobId}` });
  const boss = deps.jobs.boss as unknown as {
    getWipData?: () => { id: string; name: string }[];
    notifyWorker?: (id: string) => void;
  };
  for (const worker of boss.getWipData?.() ?? []) {
    if (worker.name === IMPORT_BATCH_JOB) boss.notifyWorker?.(worker.id);
  }
}

export type ImportBatchOutcome = 'continue' | 'completed' | 'failed' | 'skipped';

export interface ImportBatchOptions {
  workerId?: string;
  staleSeconds?: number;
  /** Queue the next batch when there is more to do (default true). */
  continueInBackground?: boolean;
  /** Files imported at once (default: 4 on PostgreSQL, 1 on the embedded database). */
  concurrency?: number;
}

class JobFailure extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one batch of an import job. Never throws for the job's own failures: they end it as failed. */
export async function runImportBatch(deps: ImportDeps, jobId: string, opts: ImportBatchOptions = {}): Promise<ImportBatchOutcome> {
  const workerId = opts.workerId ?? IMPORT_WORKER_ID;
  const staleSeconds = opts.staleSeconds ?? importStaleSeconds();
  const claimed = await deps.db.execute<Record<string, unknown>>(sql`
    UPDATE import_jobs
       SET status = 'running', started_at = COALESCE(started_at, now()), heartbeat_at = now(), locked_by = ${workerId}, updated_at = now()
     WHERE id = ${jobId}
       AND status IN ('pending', 'running')
       AND (locked_by IS NULL OR locked_by = ${workerId} OR heartbeat_at IS NULL
            OR heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
    RETURNING *`);
  if (!claimed.rows[0]) return 'skipped';
  const job = toJobRow(claimed.rows[0]);

  let stopped = false;
  const heartbeat = setInterval(() => {
    deps.db
      .execute<{ id: string }>(sql`
        UPDATE import_jobs SET heartbeat_at = now() WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running' RETURNING id`)
      .then((r) => {
        if (r.rows.length === 0) stopped = true;
      })
      .catch(() => undefined);
  }, heartbeatMs(staleSeconds));
  heartbeat.unref();

  try {
    const files = job.file_ids.slice(job.processed_files, job.processed_files + job.batch_size);
    const outcomes: ImportOutcome[] = [];
    const failures: ImportFileFailure[] = [];
    let jobError: string | null = null;
    const concurrency = opts.concurrency ?? ((deps as { database?: { kind?: string } }).database?.kind === 'postgres' ? 4 : 1);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, files.length) }, async () => {
        while (next < files.length && !stopped && jobError === null) {
          const fileId = files[next++]!;
          try {
            const outcome = await importDdexFile(deps, fileId);
            outcomes.push(outcome);
            if (outcome.status === 'failed') failures.push({ fileId, message: outcome.message });
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) {
              outcomes.push({ fileId, status: 'failed' } as ImportOutcome);
              failures.push({ fileId, message: `DDEX file ${fileId} no longer exists.` });
            } else {
              jobError = isStorageError(error) ? `Import stopped: ${error.message}` : `Import failed: ${messageOf(error)}`;
              deps.logger.warn({ err: error, importJobId: jobId, fileId }, 'import job failed');
            }
          }
        }
      }),
    );
    if (jobError !== null) throw new JobFailure(jobError);
    if (stopped) return 'skipped';

    const imported = outcomes.filter((o) => o.status === 'imported').length;
    const failed = outcomes.length - imported;
    const outcome = await deps.db.transaction(async (tx) => {
      const held = await tx.execute(sql`
        SELECT id FROM import_jobs WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running' FOR UPDATE`);
      if (held.rows.length === 0) return 'skipped' as const;
      const processed = job.processed_files + files.length;
      const done = processed >= job.total_files;
      await tx.execute(sql`
        UPDATE import_jobs SET
          processed_files = ${processed},
          imported_files = imported_files + ${imported},
          failed_files = failed_files + ${failed},
          failures = failures || ${JSON.stringify(failures)}::jsonb,
          current_batch = current_batch + 1,
          heartbeat_at = now(),
          locked_by = NULL,
          status = ${done ? 'completed' : 'running'},
          completed_at = ${done ? sql`now()` : sql`NULL`},
          updated_at = now()
        WHERE id = ${jobId}`);
      return done ? ('completed' as const) : ('continue' as const);
    });
    if (outcome === 'continue' && opts.continueInBackground !== false) await queueImportBatch(deps, jobId);
    if (outcome === 'completed' && job.deliver_after) await deliverAfterImport(deps, jobId);
    return outcome;
  } catch (error) {
    const message = error instanceof JobFailure ? error.message : `Import failed: ${messageOf(error)}`;
    await deps.db.execute(sql`
      UPDATE import_jobs SET status = 'failed', error_message = ${message}, locked_by = NULL, heartbeat_at = now(), updated_at = now()
       WHERE id = ${jobId} AND status = 'running' AND (locked_by = ${workerId} OR locked_by IS NULL)`);
    return 'failed';
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Autopush: the releases of a finished job go to every active destination. Delivery arrives with a
 * later issue; when its 'deliver-to-all' job exists, each imported main release is queued for it.
 */
async function deliverAfterImport(deps: ImportDeps, jobId: string): Promise<void> {
  if (!deps.jobs.definitions.has('deliver-to-all')) return;
  const rows = await deps.db.execute<{ id: number }>(sql`
    SELECT DISTINCT r.id FROM release r
      JOIN import_state s ON s.release_id = r.id
     WHERE s.ddex_file_id = ANY((SELECT file_ids FROM import_jobs WHERE id = ${jobId})) AND r.type <> 'TrackRelease' AND NOT r.is_taken_down`);
  for (const row of rows.rows) {
    await deps.jobs.send('deliver-to-all', { releaseId: Number(row.id), requestedBy: 'autopush' }).catch((error: unknown) => {
      deps.logger.warn({ err: error, releaseId: row.id }, 'could not queue the autopush delivery');
    });
  }
}

/** Runs an import job to its end in this process (the CLI, import-approved-artists, tests). */
export async function runImportJobToEnd(deps: ImportDeps, jobId: string, opts: Omit<ImportBatchOptions, 'continueInBackground'> = {}): Promise<ImportJobRow> {
  for (let i = 0; i < 100_000; i++) {
    const outcome = await runImportBatch(deps, jobId, { ...opts, continueInBackground: false });
    if (outcome !== 'continue') break;
  }
  return getImportJob(deps, jobId);
}

/** PATCH status 'failed': stops the job; its worker stops before the next file. */
export async function stopImportJob(deps: Pick<ImportDeps, 'db'>, id: string): Promise<ImportJobRow> {
  await getImportJob(deps, id);
  await deps.db.execute(sql`
    UPDATE import_jobs SET status = 'failed', error_message = ${STOPPED_MESSAGE}, locked_by = NULL, updated_at = now()
     WHERE id = ${id} AND status IN ('pending', 'running')`);
  return getImportJob(deps, id);
}

export function canResumeImportJob(job: Pick<ImportJobRow, 'status' | 'processed_files' | 'total_files'>): boolean {
  return job.status === 'failed' || (job.status === 'completed' && job.processed_files < job.total_files);
}

/**
 * process-import-job: a pending or running job is pushed (its next batch queued); a failed one, or
 * a completed one that stopped short, is resumed from its counts.
 */
export async function processImportJob(deps: ImportDeps, jobId: string): Promise<{ success: boolean; message: string; job: ImportJobRow }> {
  await resumeStaleImportJobs(deps);
  const job = await getImportJob(deps, jobId);
  if (job.status === 'pending' || job.status === 'running') {
    await queueImportBatch(deps, job.id);
    return { success: true, message: `Import job ${job.id.slice(0, 8)} is ${job.status}: ${job.processed_files} of ${job.total_files} files processed.`, job };
  }
  if (!canResumeImportJob(job)) {
    throw conflict(`Import job ${job.id.slice(0, 8)} is completed: every file was processed.`);
  }
  await deps.db.execute(sql`
    UPDATE import_jobs SET status = 'pending', error_message = NULL, completed_at = NULL, locked_by = NULL, heartbeat_at = NULL, updated_at = now()
     WHERE id = ${job.id} AND status IN ('failed', 'completed')`);
  await queueImportBatch(deps, job.id);
  const resumed = await getImportJob(deps, job.id);
  return {
    success: true,
    message: `Import job ${job.id.slice(0, 8)} resumed at file ${resumed.processed_files + 1} of ${resumed.total_files}.`,
    job: resumed,
  };
}

/** Running jobs whose worker stopped beating (and pending jobs nobody picked up) are queued again. */
export async function resumeStaleImportJobs(deps: ImportDeps, opts: { staleSeconds?: number } = {}): Promise<string[]> {
  const stale = opts.staleSeconds ?? importStaleSeconds();
  const rows = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM import_jobs
     WHERE (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${stale})))
        OR (status = 'pending' AND updated_at < now() - make_interval(secs => ${stale}))`);
  for (const row of rows.rows) await queueImportBatch(deps, row.id);
  if (rows.rows.length > 0) deps.logger.info({ jobs: rows.rows.map((r) => r.id) }, 'resuming stale import jobs');
  return rows.rows.map((r) => r.id);
}

/**
 * Every eligible, unimported file, and every latest delivery still waiting for its initial (which
 * importableFileIds expands into initial + latest), in delivery order.
 */
async function eligibleUnimportedRoots(db: AppDb, artistIds?: readonly string[]): Promise<string[]> {
  const byArtist = artistIds
    ? sql`AND f.id IN (SELECT ddex_file_id FROM ddex_file_artist WHERE artist_id = ANY(${uuidArray(artistIds.filter((id) => UUID.test(id)))}))`
    : sql``;
  const rows = await db.execute<{ id: string }>(sql`
    SELECT f.id FROM ddex_file f
     WHERE f.imported_at IS NULL AND f.error IS NULL
       AND (f.import_eligible OR (f.status IN ('waiting_for_initial', 'waiting_for_initial_delivery') AND f.is_latest_in_thread))
       ${byArtist}
     ORDER BY f.message_created_at ASC NULLS LAST, f.source_path`);
  return rows.rows.map((r) => r.id);
}

/** auto-import-eligible: one job for every eligible, unimported file. */
export async function autoImportEligible(deps: ImportDeps, requestedBy: string | null): Promise<{ success: boolean; count: number; jobId: string | null; message: string }> {
  const ids = await importableFileIds(deps.db, await eligibleUnimportedRoots(deps.db));
  if (ids.length === 0) return { success: false, count: 0, jobId: null, message: NO_FILES_TO_IMPORT };
  const job = await startImportJob(deps, { fileIds: ids, requestedBy });
  return { success: true, count: job.total_files, jobId: job.id, message: `Importing ${job.total_files} eligible file${job.total_files === 1 ? '' : 's'}.` };
}

/**
 * import-approved-artists: imports up to `batchSize` eligible files of approved, not-ignored main
 * artists now (as an import job run in this request, so it shows in the jobs list), and says how
 * many remain for the next call.
 */
export async function importApprovedArtists(
  deps: ImportDeps,
  opts: { batchSize?: number; artistIds?: readonly string[]; requestedBy?: string | null } = {},
): Promise<{ count: number; totalFiles: number; batchSize: number; message: string; imported: number; failed: number; jobId: string | null }> {
  const batchSize = opts.batchSize ?? APPROVED_ARTISTS_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw badRequest('batchSize must be a whole number from 1 to 500');
  const approved = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM artist WHERE status = 'approved' AND NOT always_ignore AND is_main_artist
    ${opts.artistIds ? sql`AND id = ANY(${uuidArray(opts.artistIds.filter((id) => UUID.test(id)))})` : sql``}`);
  const artistIds = approved.rows.map((r) => r.id);
  const roots = artistIds.length === 0 ? [] : await eligibleUnimportedRoots(deps.db, artistIds);
  const all = await importableFileIds(deps.db, roots);
  if (all.length === 0) {
    return { count: 0, totalFiles: 0, batchSize, message: 'No eligible files of approved artists to import.', imported: 0, failed: 0, jobId: null };
  }
  // A waiting delivery and its initial stay together, so a batch may hold one file more than asked.
  const batch = await importableFileIds(deps.db, roots.slice(0, batchSize));
  const artistsOfBatch = await deps.db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT l.artist_id)::int AS n FROM ddex_file_artist l
     WHERE l.ddex_file_id = ANY(${uuidArray(batch)}) AND l.artist_id = ANY(${uuidArray(artistIds)})`);
  const job = await startImportJob(deps, { fileIds: batch, requestedBy: opts.requestedBy ?? 'import-approved-artists', batchSize });
  const done = await runImportJobToEnd(deps, job.id);
  const remaining = all.length - batch.length;
  const count = Number(artistsOfBatch.rows[0]?.n ?? 0);
  return {
    count,
    totalFiles: all.length,
    batchSize,
    message: `Imported ${done.imported_files} of ${batch.length} file${batch.length === 1 ? '' : 's'} from ${count} approved artist${count === 1 ? '' : 's'}${done.failed_files > 0 ? ` (${done.failed_files} failed)` : ''}${remaining > 0 ? `; ${remaining} more to import: run it again.` : '.'}`,
    imported: done.imported_files,
    failed: done.failed_files,
    jobId: job.id,
  };
}
