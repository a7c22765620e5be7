/**
 * Importing one DDEX file into the catalogue (DESIGN.md 6.3): read it from its source, parse it,
 * hash the media it names when the message gives no MD5, then apply it in ONE transaction as a
 * full statement of truth for each of its releases. Importing the same file twice changes nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseErn } from '@/ddex';
import type { AppTx } from '@/db/client';
import type { AppDeps } from '@/server/context';
import { notFound } from '@/server/errors';
import { getSourceStorage } from '@/features/sources/service';
import { recomputeEligibility, recomputeThreads } from '@/features/scanning/threads';
import { isStorageError, type StorageAdapter } from '@/storage';
import { planImport, type ImportPlan } from './plan';
import { lockImportKeys, lockKeysOf, writePurgePlan, writeReleasePlan, type ImportFileContext, type ResolvedFile, type WriteResult } from './writer';

export type ImportDeps = Pick<AppDeps, 'db' | 'config' | 'secrets' | 'logger' | 'jobs'>;

export interface ImportOutcome {
  fileId: string;
  status: 'imported' | 'failed';
  /** What a person reads: what was imported, or why it was not. */
  message: string;
  releaseIds: number[];
  mainReleaseId: number | null;
  createdReleases: number;
  updatedReleases: number;
  takenDown: number;
  resources: number;
  assets: { created: number; reused: number; superseded: number };
  /** Things worth knowing that are not errors (e.g. a purge of a release never imported). */
  notes: string[];
}

/** A problem with the delivery itself: recorded as the file's error, nothing is written. */
export class ImportRefusal extends Error {}

type FileRow = {
  id: string;
  source_id: string;
  source_path: string;
  source_bucket: string | null;
  delivery_folder: string | null;
  partner_id: string | null;
  thread_key: string | null;
};

const HASH_CONCURRENCY = 4;

function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

async function loadFile(deps: Pick<AppDeps, 'db'>, fileId: string): Promise<FileRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fileId)) throw notFound(`DDEX file ${fileId} not found`);
  const rows = await deps.db.execute<FileRow>(sql`
    SELECT id, source_id, source_path, source_bucket, delivery_folder, partner_id, thread_key FROM ddex_file WHERE id = ${fileId}`);
  if (!rows.rows[0]) throw notFound(`DDEX file ${fileId} not found`);
  return rows.rows[0];
}

/** MD5 and size of an object, computed while streaming it. */
async function hashObject(storage: StorageAdapter, key: string): Promise<{ md5: string; size: number }> {
  const read = await storage.read(key);
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of read.stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { md5: hash.digest('hex'), size };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!);
      }
    }),
  );
  return results;
}

/** The files the message names, with an MD5 each: the message's, or computed from the bytes. */
async function resolveFiles(storage: StorageAdapter, plan: ImportPlan): Promise<ResolvedFile[]> {
  const planned = plan.resources.flatMap((r) => r.files.map((f) => ({ resourceReference: r.reference, f })));
  return mapLimit(planned, HASH_CONCURRENCY, async ({ resourceReference, f }) => {
    let md5 = f.md5;
    let size = f.file_size;
    if (!md5) {
      try {
        const hashed = await hashObject(storage, f.key);
        md5 = hashed.md5;
        size ??= hashed.size;
      } catch (error) {
        if (isStorageError(error) && error.code === 'not_found') {
          throw new ImportRefusal(`${f.key} is named by the message but missing from the source, and the message gives no hash for it.`);
        }
        throw error;
      }
    }
    return { resourceReference, key: f.key, kind: f.kind, md5, mimeType: f.mime_type, fileSize: size, isPrimary: f.is_primary };
  });
}

function failedOutcome(fileId: string, message: string): ImportOutcome {
  return {
    fileId,
    status: 'failed',
    message,
    releaseIds: [],
    mainReleaseId: null,
    createdReleases: 0,
    updatedReleases: 0,
    takenDown: 0,
    resources: 0,
    assets: { created: 0, reused: 0, superseded: 0 },
    notes: [],
  };
}

async function recordFileError(deps: Pick<AppDeps, 'db'>, file: FileRow, message: string, parseError: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE ddex_file SET error = ${message}, status = ${parseError ? sql`'error'` : sql`status`}, import_eligible = false, updated_at = now()
       WHERE id = ${file.id}`);
    if (parseError && file.thread_key) await recomputeThreads(tx, { threadIds: [file.thread_key], fileIds: [file.id] });
  });
}

const RETRYABLE = new Set(['40P01', '40001']);

function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Imports one file. A delivery the engine refuses, or whose media are missing, becomes the file's
 * error and an outcome with status 'failed'; nothing of it is written. Storage and database
 * failures (source unreachable, ...) throw: the caller decides (an import job fails and can resume).
 */
export async function importDdexFile(deps: ImportDeps, fileId: string): Promise<ImportOutcome> {
  const file = await loadFile(deps, fileId);
  const storage = await getSourceStorage(deps, file.source_id);
  let bytes: Buffer;
  try {
    bytes = await storage.readBuffer(file.source_path, { maxBytes: deps.config.ddexMaxFileBytes });
  } catch (error) {
    if (isStorageError(error) && (error.code === 'not_found' || error.code === 'too_large' || error.code === 'bad_path')) {
      const message = error.code === 'not_found' ? `The file ${file.source_path} no longer exists in the source.` : error.message;
      await recordFileError(deps, file, message, false);
      return failedOutcome(file.id, message);
    }
    throw error;
  }
  const parsed = parseErn(bytes, { fileName: file.source_path });
  if (!parsed.ok) {
    await recordFileError(deps, file, parsed.error.message, true);
    return failedOutcome(file.id, parsed.error.message);
  }
  const message = parsed.message;
  if (message.kind !== 'NewReleaseMessage' && message.kind !== 'PurgeReleaseMessage') {
    const text = `${file.source_path} is a ${message.rootElement}, not a release delivery: nothing to import.`;
    await recordFileError(deps, file, text, false);
    return failedOutcome(file.id, text);
  }
  const plan = planImport(message, file.delivery_folder ?? folderOf(file.source_path));
  if (plan.kind === 'release' && plan.releases.length === 0) {
    const text = `${file.source_path} names no release: nothing to import.`;
    await recordFileError(deps, file, text, false);
    return failedOutcome(file.id, text);
  }
  let files: ResolvedFile[];
  try {
    files = await resolveFiles(storage, plan);
  } catch (error) {
    if (error instanceof ImportRefusal) {
      await recordFileError(deps, file, error.message, false);
      return failedOutcome(file.id, error.message);
    }
    throw error;
  }
  const context: ImportFileContext = { id: file.id, partnerId: file.partner_id, bucket: file.source_bucket ?? storage.bucket };

  let written: WriteResult | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      written = await deps.db.transaction(async (tx) => applyPlan(tx, plan, context, files, file.thread_key));
      break;
    } catch (error) {
      // Two workers on the same tracks may deadlock despite the ordered locks: try again.
      if (attempt < 4 && RETRYABLE.has(sqlStateOf(error) ?? '')) continue;
      throw error;
    }
  }
  await queueScreening(deps, written.newArtists);
  const summary =
    plan.kind === 'purge'
      ? written.takenDown > 0
        ? `Took down ${written.takenDown} release${written.takenDown === 1 ? '' : 's'}.`
        : 'Purge recorded: the release was never imported.'
      : `Imported ${written.releaseIds.length} release${written.releaseIds.length === 1 ? '' : 's'} (${written.createdReleases} new, ${written.updatedReleases} updated), ${written.resources} resource${written.resources === 1 ? '' : 's'}, ${written.assets.created} new and ${written.assets.reused} reused asset${written.assets.reused === 1 ? '' : 's'}${written.takenDown > 0 ? `; ${written.takenDown} taken down` : ''}.`;
  return {
    fileId: file.id,
    status: 'imported',
    message: [summary, ...written.notes].join(' '),
    releaseIds: written.releaseIds,
    mainReleaseId: written.mainReleaseId,
    createdReleases: written.createdReleases,
    updatedReleases: written.updatedReleases,
    takenDown: written.takenDown,
    resources: written.resources,
    assets: written.assets,
    notes: written.notes,
  };
}

async function applyPlan(tx: AppTx, plan: ImportPlan, file: ImportFileContext, files: ResolvedFile[], threadKey: string | null): Promise<WriteResult> {
  await lockImportKeys(tx, lockKeysOf(plan, file));
  let result: WriteResult;
  let hadError: boolean;
  let threadSize: number;
  if (plan.kind === 'purge') {
    result = await writePurgePlan(tx, plan, file);
    // The first import's time stays: importing the same file again changes nothing.
    const marked = await tx.execute<{ had_error: boolean; thread_size: number }>(sql`
      UPDATE ddex_file f SET imported_at = COALESCE(f.imported_at, now()), status = 'imported', error = NULL, updated_at = now()
        FROM (SELECT id, error IS NOT NULL AS had_error,
                     (SELECT count(*)::int FROM ddex_file t WHERE t.source_id = d.source_id AND t.thread_key = d.thread_key) AS thread_size
                FROM ddex_file d WHERE d.id = ${file.id}) old
       WHERE f.id = old.id
      RETURNING old.had_error, old.thread_size`);
    const before = marked.rows[0];
    hadError = before?.had_error === true || (before?.had_error as unknown) === 't';
    threadSize = Number(before?.thread_size ?? 0);
  } else {
    // The release writer marks the file imported in its last statement.
    result = await writeReleasePlan(tx, plan, file, files);
    hadError = result.fileHadError === true;
    threadSize = result.fileThreadSize ?? 0;
  }
  // Later deliveries of the thread that waited for this initial one become eligible. A file alone
  // in its thread that was not in error keeps its eligibility: nothing to recompute.
  if (threadKey && threadSize > 1) {
    await recomputeThreads(tx, { threadIds: [threadKey], fileIds: [file.id] });
    await recomputeEligibility(tx, { threadIds: [threadKey], fileIds: [file.id] });
  } else if (hadError || !threadKey) {
    await recomputeEligibility(tx, { fileIds: [file.id] });
  }
  return result;
}

/** Artists first seen by an import are screened like those found by a scan, when screening exists. */
async function queueScreening(deps: ImportDeps, artists: { id: string }[]): Promise<void> {
  if (artists.length === 0 || !deps.jobs?.definitions.has('screen-artist')) return;
  for (const artist of artists) {
    await deps.jobs.send('screen-artist', { artistId: artist.id }, { singletonKey: artist.id }).catch((error: unknown) => {
      deps.logger.warn({ err: error, artistId: artist.id }, 'could not queue screening of an imported artist');
    });
  }
}
