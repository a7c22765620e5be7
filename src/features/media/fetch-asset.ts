import path from 'node:path';
import { Readable } from 'node:stream';
import { sources } from '@/db/schema';
import { getSourceStorage, type SourceRow } from '@/features/sources/service';
import type { AppDeps } from '@/server/context';
import { ApiError, badRequest, notFound } from '@/server/errors';
import { contentTypeFromName, isStorageError, type StorageAdapter, type StorageEntry } from '@/storage';
import { etagMatches, resolveRange } from './range';
import { coverVariantCache, isCoverVariant, variantFormatFor, VariantError, COVER_VARIANT_NAMES, type CoverVariant } from './variants';

type MediaDeps = Pick<AppDeps, 'db' | 'database' | 'secrets' | 'config'>;

// Originals rarely change under the same key (a changed file is a new asset), but a browser must
// still revalidate now and then; variants are addressed by the original's version in their ETag.
const ORIGINAL_CACHE_CONTROL = 'private, max-age=3600';
const VARIANT_CACHE_CONTROL = 'private, max-age=86400';
/** A cover larger than this is not resized (a DDEX cover is a few MB at most). */
const MAX_COVER_BYTES = 64 * 1024 * 1024;

function contentTypeOf(key: string, stored: string | null, reported: string | null): string {
  // Some stores answer application/octet-stream for everything: a known extension is better.
  const fromName = contentTypeFromName(key);
  if (stored) return stored;
  if (fromName) return fromName;
  if (reported && reported !== 'application/octet-stream') return reported;
  return 'application/octet-stream';
}

export interface FetchAssetRequest {
  bucket: string;
  key: string;
  variant?: string | null;
  range?: string | null;
  ifNoneMatch?: string | null;
  accept?: string | null;
  method?: 'GET' | 'HEAD';
}

/** Every folder above a key: 'a/b/c.wav' -> ['a', 'a/b']. */
function ancestorsOf(key: string): string[] {
  const parts = key.split('/');
  const folders: string[] = [];
  for (let i = 1; i < parts.length; i += 1) folders.push(parts.slice(0, i).join('/'));
  return folders;
}

function cleanKey(raw: string): string {
  const key = raw.replace(/^\/+/, '');
  if (key === '' || key.includes('\u0000') || key.split('/').some((part) => part === '..' || part === '.')) {
    throw badRequest(`"${raw}" is not an object key`, 'bad_key');
  }
  return key;
}

/** The sources whose bucket this is: storage_zone, gcs_bucket_name, or a local folder's resolved path. */
async function sourcesOfBucket(deps: MediaDeps, bucket: string): Promise<SourceRow[]> {
  const rows = await deps.db.select().from(sources).orderBy(sources.createdAt);
  return rows.filter(
    (row) =>
      row.storageZone === bucket ||
      row.gcsBucketName === bucket ||
      (row.storageType === 'local' && path.isAbsolute(bucket) && path.resolve(row.storageZone) === path.resolve(bucket)),
  );
}

/**
 * Which of the bucket's sources may serve this key: an asset recorded in that bucket, or a
 * delivery file (the message itself, or anything in its delivery folder) of that source. Anything
 * else is refused, so fetch-asset can never be used to read arbitrary objects of a bucket.
 */
async function authorisedSource(deps: MediaDeps, candidates: SourceRow[], bucket: string, key: string): Promise<{ source: SourceRow; asset: { mimeType: string | null } | null } | null> {
  const ids = candidates.map((row) => row.id);
  const buckets = [...new Set([bucket, ...candidates.flatMap((row) => [row.storageZone, row.gcsBucketName ?? ''])].filter(Boolean))];
  const assets = await deps.database.query<{ mime_type: string | null }>(
    'SELECT mime_type FROM asset WHERE key = $1 AND bucket = ANY($2::text[]) ORDER BY superseded_at NULLS FIRST LIMIT 1',
    [key, buckets],
  );
  if (assets[0]) return { source: candidates[0]!, asset: { mimeType: assets[0].mime_type } };
  const files = await deps.database.query<{ source_id: string }>(
    `SELECT source_id FROM ddex_file
      WHERE source_id = ANY($1::uuid[]) AND (source_path = $2 OR delivery_folder = ANY($3::text[]))
      LIMIT 1`,
    [ids, key, ancestorsOf(key)],
  );
  const owner = files[0] && candidates.find((row) => row.id === files[0]!.source_id);
  return owner ? { source: owner, asset: null } : null;
}

function storageProblem(error: unknown, key: string): never {
  if (isStorageError(error)) {
    if (error.code === 'not_found') throw notFound(`${key} is not in the storage any more`, 'object_not_found');
    if (error.code === 'bad_path') throw badRequest(error.message, 'bad_key');
    throw new ApiError(502, 'storage_unavailable', `The storage could not serve ${key}: ${error.message}`);
  }
  throw error;
}

function versionOf(entry: StorageEntry): string {
  return entry.checksum ?? `${entry.size}-${entry.lastModified?.getTime() ?? 0}`;
}

function etagOf(version: string, suffix = ''): string {
  // Quoted and free of characters an ETag may not hold.
  return `"${`${version}${suffix}`.replace(/[^A-Za-z0-9+/=._:-]/g, '')}"`;
}

/**
 * fetch-asset: streams an object of a source to a signed-in user (the route checks the session),
 * with Range support for seeking, or a resized cover when `variant` is thumb or small.
 */
export async function fetchAsset(deps: MediaDeps, request: FetchAssetRequest): Promise<Response> {
  const bucket = request.bucket.trim();
  if (!bucket) throw badRequest('bucket is required', 'bad_bucket');
  const key = cleanKey(request.key);
  const variant = request.variant?.trim() || null;
  if (variant !== null && !isCoverVariant(variant)) throw badRequest(`variant must be one of ${COVER_VARIANT_NAMES.join(', ')}`, 'bad_variant');

  const candidates = await sourcesOfBucket(deps, bucket);
  if (candidates.length === 0) throw notFound(`No source has the bucket ${bucket}`, 'unknown_bucket');
  const owner = await authorisedSource(deps, candidates, bucket, key);
  if (!owner) throw notFound(`${key} is not an asset or delivery file of ${bucket}`, 'unknown_key');

  let storage: StorageAdapter;
  try {
    storage = await getSourceStorage(deps, owner.source);
  } catch (error) {
    throw new ApiError(502, 'storage_unavailable', `The source of ${bucket} cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entry = await storage.stat(key).catch((error: unknown) => storageProblem(error, key));
  if (!entry || entry.isDirectory) throw notFound(`${key} is not in the storage any more`, 'object_not_found');
  const contentType = contentTypeOf(key, owner.asset?.mimeType ?? null, null);

  if (variant) return serveVariant(deps, { storage, sourceId: owner.source.id, key, entry, contentType, variant, request });

  const etag = etagOf(versionOf(entry));
  const common: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Cache-Control': ORIGINAL_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
  };
  if (entry.lastModified) common['Last-Modified'] = entry.lastModified.toUTCString();
  if (etagMatches(request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers: common });

  const size = entry.size;
  const range = resolveRange(request.range, size);
  if (range.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}` } });
  }
  if (request.method === 'HEAD') {
    const length = range.kind === 'partial' ? range.end - range.start + 1 : size;
    const headers: Record<string, string> = { ...common, 'Content-Type': contentType, 'Content-Length': String(length) };
    if (range.kind === 'partial') headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    return new Response(null, { status: range.kind === 'partial' ? 206 : 200, headers });
  }

  const read = await storage
    .read(key, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined)
    .catch((error: unknown) => storageProblem(error, key));
  const served = read.range ?? (range.kind === 'partial' ? { start: range.start, end: range.end } : null);
  const length = served ? served.end - served.start + 1 : read.size;
  const headers: Record<string, string> = {
    ...common,
    'Content-Type': contentTypeOf(key, owner.asset?.mimeType ?? null, read.contentType),
    'Content-Length': String(length),
  };
  if (served) headers['Content-Range'] = `bytes ${served.start}-${served.end}/${read.size}`;
  const body = Readable.toWeb(read.stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status: served ? 206 : 200, headers });
}

async function serveVariant(
  deps: MediaDeps,
  ctx: { storage: StorageAdapter; sourceId: string; key: string; entry: StorageEntry; contentType: string; variant: CoverVariant; request: FetchAssetRequest },
): Promise<Response> {
  if (!ctx.contentType.startsWith('image/')) throw badRequest(`variant applies to images; ${ctx.key} is ${ctx.contentType}`, 'not_an_image');
  const format = variantFormatFor(ctx.request.accept);
  const cache = coverVariantCache(deps.config.dataDir);
  const cacheKey = cache.cacheKey({ sourceId: ctx.sourceId, key: ctx.key, version: versionOf(ctx.entry), variant: ctx.variant, format });
  const etag = `"${cacheKey.slice(0, 32)}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': VARIANT_CACHE_CONTROL,
    // The format follows Accept: shared caches must keep the two apart.
    Vary: 'Accept',
    'X-Content-Type-Options': 'nosniff',
  };
  if (etagMatches(ctx.request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  let bytes: Buffer;
  try {
    bytes = await cache.get(cacheKey, ctx.variant, format, () =>
      ctx.storage.readBuffer(ctx.key, { maxBytes: MAX_COVER_BYTES }).catch((error: unknown) => storageProblem(error, ctx.key)),
    );
  } catch (error) {
    if (error instanceof VariantError) throw new ApiError(422, 'unreadable_image', `${ctx.key}: ${error.message}`);
    throw error;
  }
  headers['Content-Type'] = format === 'webp' ? 'image/webp' : 'image/jpeg';
  headers['Content-Length'] = String(bytes.length);
  return new Response(ctx.request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

/** The URL the SPA uses for an asset (the spec's fetch-asset with bucket and key). */
export function fetchAssetUrl(bucket: string, key: string, variant?: CoverVariant): string {
  const query = new URLSearchParams({ bucket, key });
  if (variant) query.set('variant', variant);
  return `/api/fn/fetch-asset?${query.toString()}`;
}
