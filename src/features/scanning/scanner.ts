/**
 * The scan engine (DESIGN.md 6.1). A scan job walks its source one batch of `batch_size`
 * directories at a time. The frontier lives in scan_job_directories; one batch:
 *
 *   1. takes the job's lease (locked_by + heartbeat_at; a stale lease may be taken over),
 *   2. lists up to batch_size pending directories and reads the new or changed ERN files in them
 *      (concurrently, bounded by the storage adapter), outside any transaction,
 *   3. in ONE transaction: checks it still holds the lease, upserts the files, partners, artists,
 *      threads and eligibility, adds the subdirectories found, marks its directories done and
 *      records the job's counters (or completes the job).
 *
 * A worker killed anywhere leaves either nothing or the whole batch written, so whoever resumes the
 * job redoes at most that batch and ends with exactly the rows of an uninterrupted scan.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '@/db/client';
import { FULL_SCAN_TOKEN } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { getSourceStorage, type SourceRow } from '@/features/sources/service';
import { scanSettingsOf } from '@/features/sources/shared';
import { isStorageError, type StorageAdapter, type StorageAdapterOptions, type StorageEntry } from '@/storage';
import {
  errorRecord,
  folderTimestamp,
  isBatchFolderName,
  isManifestName,
  isXmlName,
  readDeliveryXml,
  sortKeyFor,
  type FileFacts,
  type FileRecord,
} from './metadata';
import { storeFileRecords } from './store';

export type ScanDeps = Pick<AppDeps, 'db' | 'database' | 'config' | 'secrets' | 'logger' | 'jobs'>;

export const SCAN_BATCH_JOB = 'scan-process-batch';
/** The artists feature's job name (a string, so scanning does not import that feature). */
const SCREEN_ARTIST_JOB = 'screen-artist';
/**
 * A running job whose heartbeat is older than this is taken over by the next batch or the watchdog.
 * SCAN_STALE_SECONDS overrides the 60 s default (tests use a couple of seconds).
 */
export function defaultStaleSeconds(value: string | undefined = process.env.SCAN_STALE_SECONDS): number {
  if (value === undefined || value.trim() === '') return 60;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`SCAN_STALE_SECONDS must be a positive number of seconds, got "${value}"`);
  return seconds;
}

/** A live worker beats well inside the stale window, so its lease is never taken while it works. */
const heartbeatMs = (staleSeconds: number) => Math.max(200, Math.min(5_000, (staleSeconds * 1000) / 4));
/** Files read at once within a batch; the adapter bounds requests in flight on top of this. */
const READ_CONCURRENCY = 16;

/** One id per process: which worker holds a job's lease. */
export const WORKER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export const STOPPED_MESSAGE = 'Manually stopped by user';

export type ScanJobRow = {
  id: string;
  source_id: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  kind: 'scan' | 'metadata';
  full_scan: boolean;
  phase: string | null;
  total_directories: number;
  processed_directories: number;
  total_files: number;
  imported_files: number;
  processed_files: number;
  error_files: number;
  current_batch: number;
  batch_size: number;
  resume_token: string | null;
  error_message: string | null;
  warnings: string[];
  file_ids: string[] | null;
  heartbeat_at: Date | null;
  locked_by: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

export type BatchOutcome =
  /** More to do: the next batch is queued. */
  | 'continue'
  | 'completed'
  | 'failed'
  /** Nothing done: the job is finished, stopped, or another live worker holds it. */
  | 'skipped';

class LeaseLost extends Error {
  constructor() {
    super('The scan job was stopped or taken over by another worker');
  }
}

/** Thrown for a failure that ends the job with this message. */
export class ScanFailure extends Error {}

interface BatchOptions {
  workerId?: string;
  staleSeconds?: number;
  /** Queue the next batch when there is more to do (default true). */
  continueInBackground?: boolean;
}

/** Runs one batch of a scan job. Never throws for the job's own failures: they end it as failed. */
export async function runScanBatch(deps: ScanDeps, jobId: string, opts: BatchOptions = {}): Promise<BatchOutcome> {
  const workerId = opts.workerId ?? WORKER_ID;
  const staleSeconds = opts.staleSeconds ?? defaultStaleSeconds();
  const job = await claimJob(deps.db, jobId, workerId, staleSeconds);
  if (!job) return 'skipped';
  const heartbeat = setInterval(() => {
    deps.db
      .execute(sql`UPDATE scan_jobs SET heartbeat_at = now() WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'`)
      .catch(() => undefined);
  }, heartbeatMs(staleSeconds));
  heartbeat.unref();
  try {
    const source = await loadSource(deps.db, job.source_id);
    if (!source) throw new ScanFailure('The source of this scan job no longer exists.');
    let storage: StorageAdapter;
    try {
      storage = cachedStorage(jobId, source) ?? (await getSourceStorage(deps, source, storageOptionsOf(source)));
    } catch (error) {
      throw new ScanFailure(`Cannot open source ${source.name}: ${messageOf(error)}`);
    }
    const outcome =
      job.kind === 'metadata'
        ? await metadataBatch(deps, job, source, storage, workerId)
        : await walkBatch(deps, job, source, storage, workerId);
    if (outcome !== 'continue') forgetReadAhead(jobId);
    if (outcome === 'continue' && opts.continueInBackground !== false) await queueNextBatch(deps, jobId);
    return outcome;
  } catch (error) {
    forgetReadAhead(jobId);
    if (error instanceof LeaseLost) return 'skipped';
    const message = error instanceof ScanFailure || isStorageError(error) ? error.message : `Scan failed: ${messageOf(error)}`;
    deps.logger.warn({ err: error, scanJobId: jobId }, 'scan job failed');
    await failJob(deps.db, jobId, workerId, message);
    return 'failed';
  } finally {
    clearInterval(heartbeat);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Per-source tuning from the Sources dialog (defaults in SCAN_SETTING_FIELDS). */
function storageOptionsOf(source: SourceRow): StorageAdapterOptions {
  const settings = scanSettingsOf(source.settings);
  return { maxConcurrentRequests: settings.max_concurrent_requests, timeoutMs: settings.request_timeout_seconds * 1000 };
}

async function claimJob(db: AppDb, jobId: string, workerId: string, staleSeconds: number): Promise<ScanJobRow | null> {
  const result = await db.execute<ScanJobRow>(sql`
    UPDATE scan_jobs
       SET status = 'running',
           started_at = COALESCE(started_at, now()),
           heartbeat_at = now(),
           locked_by = ${workerId},
           full_scan = full_scan OR COALESCE(resume_token = ${FULL_SCAN_TOKEN}, false),
           resume_token = CASE WHEN resume_token = ${FULL_SCAN_TOKEN} THEN NULL ELSE resume_token END,
           phase = COALESCE(phase, 'Initializing'),
           updated_at = now()
     WHERE id = ${jobId}
       AND status IN ('pending', 'running')
       AND (locked_by IS NULL OR locked_by = ${workerId} OR heartbeat_at IS NULL
            OR heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
    RETURNING *`);
  return result.rows[0] ?? null;
}

export async function loadSource(db: AppDb | AppTx, sourceId: string): Promise<SourceRow | null> {
  const rows = await db.query.sources.findMany({ where: (s, { eq }) => eq(s.id, sourceId), limit: 1 });
  return rows[0] ?? null;
}

async function failJob(db: AppDb, jobId: string, workerId: string, message: string): Promise<void> {
  await db.execute(sql`
    UPDATE scan_jobs
       SET status = 'failed', error_message = ${message}, phase = 'Failed', locked_by = NULL, heartbeat_at = now(), updated_at = now()
     WHERE id = ${jobId} AND status = 'running' AND (locked_by = ${workerId} OR locked_by IS NULL)`);
}

/** Sends the job's next batch and wakes this process's idle workers, so batches follow at once. */
export async function queueNextBatch(deps: Pick<AppDeps, 'jobs'>, jobId: string): Promise<void> {
  await deps.jobs.send(SCAN_BATCH_JOB, { scanJobId: jobId }, { singletonKey: `scan:${jobId}` });
  const boss = deps.jobs.boss as unknown as {
    getWipData?: () => { id: string; name: string; count: number }[];
    notifyWorker?: (id: string) => void;
  };
  for (const worker of boss.getWipData?.() ?? []) {
    if (worker.name === SCAN_BATCH_JOB) boss.notifyWorker?.(worker.id);
  }
}

/** Verifies the lease inside the batch transaction: a stopped or taken-over job writes nothing. */
async function assertLease(tx: AppTx, jobId: string, workerId: string): Promise<void> {
  const held = await tx.execute(sql`
    SELECT id FROM scan_jobs WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running' FOR UPDATE`);
  if (held.rows.length === 0) throw new LeaseLost();
}

const RETRY_DELAYS_MS = [200, 1_000];

/**
 * Retries a storage call on transient failures (a dropped connection, 429/5xx, a timeout): one
 * reset socket must not fail a scan of thousands of files. Other failures come back at once.
 */
export async function withStorageRetry<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const transient = isStorageError(error) && (error.code === 'unreachable' || error.code === 'timeout');
      if (!transient || attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

// ---- the directory walk --------------------------------------------------------------------

type PendingDirectory = {
  path: string;
  depth: number;
  sort_key: string;
  page_token: string | null;
  batch_id: string | null;
}

type StoredFile = {
  source_path: string;
  file_size: number | null;
  file_checksum: string | null;
  file_modified_at: Date | string | null;
  parsed_at: Date | string | null;
  thread_key: string | null;
}

interface ListedDirectory {
  dir: PendingDirectory;
  entries: StorageEntry[];
  nextPageToken: string | null;
}

interface NewDirectory {
  path: string;
  depth: number;
  sort_key: string;
  batch_id: string | null;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const sameTime = (a: Date | string | null, b: Date | null) =>
  (a === null && b === null) || (a !== null && b !== null && new Date(a).getTime() === b.getTime());

type DirectoryResult = ListedDirectory & {
  subdirs: StorageEntry[];
  batchId: string | null;
  descend: boolean;
  records: FileRecord[];
  warnings: string[];
  ernFilesSeen: number;
  previousThreadKeys: string[];
};

const directoryKey = (d: PendingDirectory) => `${d.path}\u0000${d.page_token ?? ''}`;

/** Lists and reads a group of directories (DB lookups for the group, then storage calls, bounded). */
function directoryVisitor(deps: ScanDeps, source: SourceRow, storage: StorageAdapter) {
  const settings = source.settings ?? {};
  const incompleteMaxAgeMs = scanSettingsOf(settings).incomplete_batch_max_age_hours * 3_600_000;
  // GCS/S3 page size (their maximum, 1000, unless settings.list_page_size, set in SQL for tests, says otherwise).
  const pageSetting = Number(settings.list_page_size);
  const listPageSize = Number.isInteger(pageSetting) && pageSetting > 0 ? pageSetting : undefined;
  const maxBytes = deps.config.ddexMaxFileBytes;

  // tolerant (read-ahead): a directory that fails is left out, to be visited again by its batch,
  // instead of throwing away the whole group.
  return async (dirs: PendingDirectory[], opts: { tolerant?: boolean } = {}): Promise<DirectoryResult[]> => {
    if (dirs.length === 0) return [];
    // What the database knows about the files in these directories (XMLs live in their delivery
    // folder), so each directory is listed and its changed files read in one go.
    const stored = new Map<string, StoredFile>();
    const storedRows = await deps.db.execute<StoredFile>(sql`
      SELECT source_path, file_size, file_checksum, file_modified_at, parsed_at, thread_key FROM ddex_file
       WHERE source_id = ${source.id}
         AND delivery_folder IN (SELECT jsonb_array_elements_text(${JSON.stringify(dirs.map((d) => d.path))}::jsonb))`);
    for (const row of storedRows.rows) stored.set(row.source_path, row);
    const unchanged = (entry: StorageEntry) => {
      const row = stored.get(entry.path);
      if (!row || !row.parsed_at) return false;
      if (row.file_size !== null && Number(row.file_size) !== entry.size) return false;
      if (row.file_checksum !== entry.checksum) return false;
      return sameTime(row.file_modified_at, entry.lastModified);
    };

    const visit = async (dir: PendingDirectory): Promise<DirectoryResult> => {
      const records: FileRecord[] = [];
      const warnings: string[] = [];
      let ernFilesSeen = 0;
      let page: { entries: StorageEntry[]; nextPageToken: string | null };
      try {
        page = await withStorageRetry(() => storage.list(dir.path, { pageToken: dir.page_token, pageSize: listPageSize }));
      } catch (error) {
        if (isStorageError(error)) {
          const where = dir.path === '' ? 'the root folder' : `folder ${dir.path}`;
          throw new ScanFailure(`${error.message} (while listing ${where} of ${source.name})`);
        }
        throw error;
      }
      const listed: ListedDirectory = { dir, entries: page.entries, nextPageToken: page.nextPageToken };
      const name = baseName(dir.path);
      const files = page.entries.filter((e) => !e.isDirectory);
      const subdirs = page.entries.filter((e) => e.isDirectory);
      const deliveries = files.filter((e) => isXmlName(e.name) && !isManifestName(e.name));
      const manifests = files.filter((e) => isManifestName(e.name));
      let batchId = dir.batch_id;
      let descend = true;

      // Batch folders need their BatchComplete manifest, unless older than the configured age.
      const looksLikeBatch = dir.path !== '' && deliveries.length === 0 && subdirs.length > 0 && (isBatchFolderName(name) || manifests.length > 0);
      if (looksLikeBatch) {
        const manifest = await findManifest(storage, listed, manifests, name);
        if (manifest) {
          batchId = manifest.batchId;
        } else {
          const started = folderTimestamp(name) ?? page.entries.reduce<Date | null>((min, e) => (e.lastModified && (!min || e.lastModified < min) ? e.lastModified : min), null);
          const ageMs = started ? Date.now() - started.getTime() : 0;
          if (ageMs > incompleteMaxAgeMs) {
            batchId = name;
            warnings.push(`Batch ${dir.path} has no BatchComplete manifest but is older than ${incompleteMaxAgeMs / 3_600_000} h: processed anyway.`);
          } else {
            descend = false;
            warnings.push(`Batch ${dir.path} is incomplete (no BatchComplete_${name}.xml yet): skipped until its manifest arrives.`);
          }
        }
      }
      ernFilesSeen += deliveries.length;
      await Promise.all(
        deliveries
          .filter((entry) => !unchanged(entry))
          .map(async (entry) => {
            const facts: FileFacts = { path: entry.path, size: entry.size, checksum: entry.checksum, modifiedAt: entry.lastModified };
            let bytes: Buffer;
            try {
              bytes = await withStorageRetry(() => storage.readBuffer(entry.path, { maxBytes }));
            } catch (error) {
              if (isStorageError(error) && error.code === 'not_found') return; // deleted since the listing
              if (isStorageError(error) && error.code === 'too_large') {
                records.push(errorRecord(facts, batchId, error.message));
                return;
              }
              if (isStorageError(error)) throw new ScanFailure(`${error.message} (while reading ${entry.path} from ${source.name})`);
              throw error;
            }
            const outcome = readDeliveryXml(bytes, facts, batchId);
            if (outcome.kind === 'delivery') records.push(outcome.record);
            else ernFilesSeen -= 1; // an acknowledgement or some other XML: not a delivery
          }),
      );
      // A delivery folder's subfolders are its resources: no deliveries there to find.
      if (deliveries.length > 0) descend = false;
      const previousThreadKeys = records.map((r) => stored.get(r.source_path)?.thread_key).filter((k): k is string => !!k);
      return { ...listed, subdirs, batchId, descend, records, warnings, ernFilesSeen, previousThreadKeys };
    };
    if (!opts.tolerant) return mapLimit(dirs, READ_CONCURRENCY, visit);
    const results = await mapLimit(dirs, READ_CONCURRENCY, (dir) => visit(dir).catch(() => null));
    return results.filter((r): r is DirectoryResult => r !== null);
  };
}

/** This process's storage adapter and read-ahead per scan job (the next batch usually runs here). */
interface JobReadAhead {
  sourceKey: string;
  storage: StorageAdapter;
  expiresAt: number;
  prefetch: Promise<DirectoryResult[]> | null;
  /** Directories visited ahead that a later batch has not taken yet (their rows are untouched). */
  ready: Map<string, DirectoryResult>;
}
const readAhead = new Map<string, JobReadAhead>();
const READ_AHEAD_TTL_MS = 60_000;
const sourceKeyOf = (source: SourceRow) => `${source.id}:${new Date(source.updatedAt).getTime()}`;

/** The adapter this process used for the job's last batch, so requests stay under one bound. */
function cachedStorage(jobId: string, source: SourceRow): StorageAdapter | null {
  const entry = readAhead.get(jobId);
  if (!entry || entry.sourceKey !== sourceKeyOf(source) || entry.expiresAt < Date.now()) return null;
  return entry.storage;
}

/** The read-ahead results for these directories; the others stay for a later batch. */
async function takePrefetched(jobId: string, source: SourceRow, pending: PendingDirectory[]): Promise<Map<string, DirectoryResult>> {
  const entry = readAhead.get(jobId);
  const found = new Map<string, DirectoryResult>();
  if (!entry || entry.sourceKey !== sourceKeyOf(source) || entry.expiresAt < Date.now()) return found;
  if (entry.prefetch) {
    const prefetch = entry.prefetch;
    entry.prefetch = null;
    try {
      for (const result of await prefetch) entry.ready.set(directoryKey(result.dir), result);
    } catch {
      // A failed read-ahead is simply done again by a batch, which reports the failure itself.
    }
  }
  for (const dir of pending) {
    const key = directoryKey(dir);
    const result = entry.ready.get(key);
    if (result) {
      found.set(key, result);
      entry.ready.delete(key);
    }
  }
  return found;
}

async function prefetchNext(
  deps: ScanDeps,
  job: ScanJobRow,
  source: SourceRow,
  storage: StorageAdapter,
  current: PendingDirectory[],
  visitGroup: ReturnType<typeof directoryVisitor>,
): Promise<void> {
  const sourceKey = sourceKeyOf(source);
  const previous = readAhead.get(job.id);
  const ready = previous && previous.sourceKey === sourceKey && previous.expiresAt >= Date.now() ? previous.ready : new Map<string, DirectoryResult>();
  const skip = [...current.map((d) => d.path), ...[...ready.values()].map((r) => r.dir.path)];
  const next = (
    await deps.db.execute<PendingDirectory>(sql`
      SELECT path, depth, sort_key, page_token, batch_id FROM scan_job_directories
       WHERE job_id = ${job.id} AND status = 'pending'
         AND path NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(skip)}::jsonb))
       ORDER BY sort_key, depth, path
       LIMIT ${job.batch_size}`)
  ).rows;
  const prefetch = next.length > 0 ? visitGroup(next, { tolerant: true }) : null;
  prefetch?.catch(() => undefined);
  readAhead.set(job.id, { sourceKey, storage, expiresAt: Date.now() + READ_AHEAD_TTL_MS, prefetch, ready });
}

function forgetReadAhead(jobId: string): void {
  readAhead.delete(jobId);
}

async function walkBatch(deps: ScanDeps, job: ScanJobRow, source: SourceRow, storage: StorageAdapter, workerId: string): Promise<BatchOutcome> {
  const db = deps.db;
  if (job.current_batch === 0) {
    await db.execute(sql`
      INSERT INTO scan_job_directories (job_id, path, depth, sort_key) VALUES (${job.id}, '', 0, '')
      ON CONFLICT DO NOTHING`);
  }
  const pending = (
    await db.execute<PendingDirectory>(sql`
      SELECT path, depth, sort_key, page_token, batch_id FROM scan_job_directories
       WHERE job_id = ${job.id} AND status = 'pending'
       ORDER BY sort_key, depth, path
       LIMIT ${job.batch_size}`)
  ).rows;
  if (pending.length === 0) return completeJob(deps, job, workerId);

  const fullScan = job.full_scan;
  const lastScannedAt = fullScan ? null : source.lastScannedAt;
  const visitGroup = directoryVisitor(deps, source, storage);

  // 1. Per directory: list one page, apply the choreography, read its new and changed files.
  //    Directories this process already visited ahead (while the previous batch committed) are
  //    taken from there; the rest are visited now.
  const ahead = await takePrefetched(job.id, source, pending);
  const fresh = await visitGroup(pending.filter((d) => !ahead.has(directoryKey(d))));
  const freshByKey = new Map(fresh.map((r) => [directoryKey(r.dir), r]));
  const listed = pending.map((d) => ahead.get(directoryKey(d)) ?? freshByKey.get(directoryKey(d))!);
  const records = listed.flatMap((l) => l.records);
  const warnings = listed.flatMap((l) => l.warnings);
  const ernFilesSeen = listed.reduce((sum, l) => sum + l.ernFilesSeen, 0);
  const previousThreadKeys = listed.flatMap((l) => l.previousThreadKeys);

  // Visit the next directories while this batch commits (the next batch is usually this process's).
  await prefetchNext(deps, job, source, storage, pending, visitGroup);

  // 2. The subdirectories to walk next. A lightweight scan skips delivery folders it already
  //    knows that have not changed since the last scan.
  const candidates = lastScannedAt
    ? listed.filter((l) => l.descend).flatMap((l) => l.subdirs.filter((d) => d.lastModified && d.lastModified < lastScannedAt))
    : [];
  const knownFolders = new Set<string>();
  if (candidates.length > 0) {
    const rows = await db.execute<{ delivery_folder: string }>(sql`
      SELECT DISTINCT delivery_folder FROM ddex_file
       WHERE source_id = ${source.id}
         AND delivery_folder IN (SELECT jsonb_array_elements_text(${JSON.stringify(candidates.map((d) => d.path))}::jsonb))`);
    for (const row of rows.rows) knownFolders.add(row.delivery_folder);
  }
  const newDirectories: NewDirectory[] = [];
  for (const l of listed) {
    if (!l.descend) continue;
    for (const sub of l.subdirs) {
      if (knownFolders.has(sub.path)) continue;
      newDirectories.push({ path: sub.path, depth: l.dir.depth + 1, sort_key: sortKeyFor(sub.name, l.dir.sort_key), batch_id: l.batchId });
    }
  }
  warnings.sort();
  records.sort((a, b) => a.source_path.localeCompare(b.source_path));

  // 5. One transaction: results, frontier and progress together.
  let newArtists: { id: string; name: string }[] = [];
  const outcome = await db.transaction(async (tx) => {
    await assertLease(tx, job.id, workerId);
    const storedResult = await storeFileRecords(tx, source.id, storage.bucket, records, previousThreadKeys);
    newArtists = storedResult.newArtists;
    let added = 0;
    if (newDirectories.length > 0) {
      const inserted = await tx.execute<{ path: string }>(sql`
        INSERT INTO scan_job_directories (job_id, path, depth, sort_key, batch_id)
        SELECT ${job.id}::uuid, x.path, x.depth, x.sort_key, x.batch_id
          FROM jsonb_to_recordset(${JSON.stringify(newDirectories)}::jsonb) AS x(path text, depth int, sort_key text, batch_id text)
        ON CONFLICT DO NOTHING RETURNING path`);
      added = inserted.rows.length;
    }
    const morePages = listed.filter((l) => l.nextPageToken);
    const finished = listed.filter((l) => !l.nextPageToken).map((l) => l.dir.path);
    if (finished.length > 0) {
      await tx.execute(sql`
        UPDATE scan_job_directories SET status = 'done', page_token = NULL
         WHERE job_id = ${job.id} AND path IN (SELECT jsonb_array_elements_text(${JSON.stringify(finished)}::jsonb))`);
    }
    for (const l of morePages) {
      await tx.execute(sql`UPDATE scan_job_directories SET page_token = ${l.nextPageToken} WHERE job_id = ${job.id} AND path = ${l.dir.path}`);
    }
    const remaining = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM scan_job_directories WHERE job_id = ${job.id} AND status = 'pending'`);
    const done = Number(remaining.rows[0]?.n ?? 0) === 0;
    const batchNumber = job.current_batch + 1;
    const allWarnings = [...(job.warnings ?? []), ...warnings];
    const skippedBatches = allWarnings.filter((w) => w.includes('is incomplete')).length;
    const phase = done
      ? skippedBatches > 0
        ? `Completed (${skippedBatches} incomplete batch${skippedBatches === 1 ? '' : 'es'} skipped)`
        : 'Completed'
      : `Processing directories (batch ${batchNumber})${skippedBatches > 0 ? `, ${skippedBatches} incomplete batch${skippedBatches === 1 ? '' : 'es'} skipped` : ''}`;
    await tx.execute(sql`
      UPDATE scan_jobs SET
        total_directories = total_directories + ${added} + ${job.current_batch === 0 && job.total_directories === 0 ? 1 : 0},
        processed_directories = processed_directories + ${finished.length},
        total_files = total_files + ${ernFilesSeen},
        processed_files = processed_files + ${records.length},
        imported_files = imported_files + ${storedResult.inserted + storedResult.updated},
        error_files = error_files + ${storedResult.errors},
        current_batch = ${batchNumber},
        resume_token = ${morePages[0]?.nextPageToken ?? null},
        warnings = ${JSON.stringify(allWarnings)}::jsonb,
        phase = ${phase},
        heartbeat_at = now(),
        locked_by = NULL,
        status = ${done ? 'completed' : 'running'},
        completed_at = ${done ? sql`now()` : sql`NULL`},
        updated_at = now()
      WHERE id = ${job.id}`);
    if (done) await markSourceScanned(tx, source.id, job.id);
    return done ? ('completed' as const) : ('continue' as const);
  });
  await queueScreening(deps, newArtists);
  return outcome;
}

/** New main artists are screened, when the artists feature provides screening. */
async function queueScreening(deps: ScanDeps, artists: { id: string }[]): Promise<void> {
  if (artists.length === 0 || !deps.jobs.definitions.has(SCREEN_ARTIST_JOB)) return;
  // SCAN_SCREEN_NEW_ARTISTS=false leaves them to the artists feature's periodic sweep (the scan
  // benchmark measures discovery and metadata alone).
  if (/^(0|false|no|off)$/i.test(process.env.SCAN_SCREEN_NEW_ARTISTS ?? '')) return;
  for (const artist of artists) {
    await deps.jobs.send(SCREEN_ARTIST_JOB, { artistId: artist.id }, { singletonKey: artist.id }).catch((error: unknown) => {
      deps.logger.warn({ err: error, artistId: artist.id }, 'could not queue screening of a new artist');
    });
  }
}

/** The batch's manifest: listed in the folder, or (when the listing has more pages) found by name. */
async function findManifest(
  storage: StorageAdapter,
  listed: ListedDirectory,
  manifests: StorageEntry[],
  folderName: string,
): Promise<{ batchId: string } | null> {
  let candidates = manifests;
  if (candidates.length === 0 && listed.nextPageToken) {
    const expected = await withStorageRetry(() => storage.stat(`${listed.dir.path}/BatchComplete_${folderName}.xml`)).catch(() => null);
    if (expected) candidates = [expected];
  }
  for (const manifest of candidates) {
    let bytes: Buffer;
    try {
      bytes = await withStorageRetry(() => storage.readBuffer(manifest.path, { maxBytes: 16 * 1024 * 1024 }));
    } catch (error) {
      if (isStorageError(error) && error.code === 'not_found') continue;
      throw isStorageError(error) ? new ScanFailure(`${error.message} (while reading ${manifest.path})`) : error;
    }
    const outcome = readDeliveryXml(bytes, { path: manifest.path, size: manifest.size, checksum: manifest.checksum, modifiedAt: manifest.lastModified }, null);
    if (outcome.kind === 'choreography' && outcome.messageKind === 'ManifestMessage') {
      return { batchId: manifest.name.replace(/^BatchComplete_/i, '').replace(/\.xml$/i, '') };
    }
  }
  return null;
}

async function markSourceScanned(tx: AppTx, sourceId: string, jobId: string): Promise<void> {
  // The scan's start, not its end: anything that changed while it ran is new to the next scan.
  await tx.execute(sql`
    UPDATE sources SET
      last_scanned_at = (SELECT started_at FROM scan_jobs WHERE id = ${jobId}),
      files_count = (SELECT count(*)::int FROM ddex_file WHERE source_id = ${sourceId}),
      updated_at = now()
    WHERE id = ${sourceId}`);
}

async function completeJob(deps: ScanDeps, job: ScanJobRow, workerId: string): Promise<BatchOutcome> {
  return deps.db.transaction(async (tx) => {
    await assertLease(tx, job.id, workerId);
    await tx.execute(sql`
      UPDATE scan_jobs SET status = 'completed', completed_at = now(), phase = COALESCE(NULLIF(phase, 'Initializing'), 'Completed'),
             locked_by = NULL, heartbeat_at = now(), resume_token = NULL, updated_at = now()
       WHERE id = ${job.id}`);
    if (job.kind === 'scan') await markSourceScanned(tx, job.source_id, job.id);
    return 'completed' as const;
  });
}

// ---- metadata re-read jobs -----------------------------------------------------------------

/** Re-reads up to batch_size files (by id order, the cursor in resume_token) of the job's source. */
async function metadataBatch(deps: ScanDeps, job: ScanJobRow, source: SourceRow, storage: StorageAdapter, workerId: string): Promise<BatchOutcome> {
  const cursor = job.resume_token && job.resume_token !== FULL_SCAN_TOKEN ? job.resume_token : '00000000-0000-0000-0000-000000000000';
  const onlyIds = job.file_ids ? sql`AND id = ANY(${`{${job.file_ids.join(',')}}`}::uuid[])` : sql``;
  const files = (
    await deps.db.execute<{ id: string; source_path: string; batch_id: string | null; thread_key: string | null; file_checksum: string | null; file_modified_at: Date | string | null }>(sql`
      SELECT id, source_path, batch_id, thread_key, file_checksum, file_modified_at FROM ddex_file
       WHERE source_id = ${source.id} AND id > ${cursor}::uuid ${onlyIds}
       ORDER BY id LIMIT ${job.batch_size}`)
  ).rows;
  if (files.length === 0) return completeJob(deps, job, workerId);
  const records: FileRecord[] = [];
  await mapLimit(files, READ_CONCURRENCY, async (file) => {
    const record = await readOneFile(deps, storage, file);
    if (record) records.push(record);
  });
  return deps.db.transaction(async (tx) => {
    await assertLease(tx, job.id, workerId);
    const stored = await storeFileRecords(tx, source.id, storage.bucket, records, files.map((f) => f.thread_key).filter((k): k is string => !!k));
    const batchNumber = job.current_batch + 1;
    await tx.execute(sql`
      UPDATE scan_jobs SET
        processed_files = processed_files + ${files.length},
        imported_files = imported_files + ${stored.inserted + stored.updated},
        error_files = error_files + ${stored.errors},
        current_batch = ${batchNumber},
        resume_token = ${files[files.length - 1]!.id},
        phase = ${`Re-reading metadata (batch ${batchNumber})`},
        heartbeat_at = now(), locked_by = NULL, updated_at = now()
      WHERE id = ${job.id}`);
    return 'continue' as const;
  });
}

/** Reads one stored file again; null when it no longer exists in the source. */
export async function readOneFile(
  deps: Pick<AppDeps, 'config'>,
  storage: StorageAdapter,
  file: { source_path: string; batch_id: string | null; file_checksum?: string | null; file_modified_at?: Date | string | null },
): Promise<FileRecord | null> {
  const entry = await withStorageRetry(() => storage.stat(file.source_path)).catch((error) => {
    if (isStorageError(error) && error.code === 'not_found') return null;
    throw isStorageError(error) ? new ScanFailure(`${error.message} (while reading ${file.source_path})`) : error;
  });
  const facts: FileFacts = {
    path: file.source_path,
    size: entry?.size ?? null,
    checksum: entry?.checksum ?? null,
    modifiedAt: entry?.lastModified ?? null,
  };
  if (!entry) return errorRecord(facts, file.batch_id, `The file ${file.source_path} no longer exists in the source.`);
  let bytes: Buffer;
  try {
    bytes = await withStorageRetry(() => storage.readBuffer(file.source_path, { maxBytes: deps.config.ddexMaxFileBytes }));
  } catch (error) {
    if (isStorageError(error) && (error.code === 'not_found' || error.code === 'too_large')) return errorRecord(facts, file.batch_id, error.message);
    throw isStorageError(error) ? new ScanFailure(`${error.message} (while reading ${file.source_path})`) : error;
  }
  const outcome = readDeliveryXml(bytes, facts, file.batch_id);
  if (outcome.kind === 'delivery') return outcome.record;
  return errorRecord(facts, file.batch_id, `${file.source_path} is no longer an ERN delivery message.`);
}
