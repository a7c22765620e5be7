import type { Readable } from 'node:stream';

export type StorageKind = 'bunny_cdn' | 'google_cloud' | 'local' | 's3';

export interface StorageEntry {
  /** Path relative to the bucket root, '/'-separated, no leading slash; directories end without '/'. */
  path: string;
  name: string;
  isDirectory: boolean;
  size: number;
  lastModified: Date | null;
  /** sha256 uppercase hex (bunny), md5 lowercase hex or 'crc32c:<base64>' (gcs), ETag without quotes (s3), null (local, directories). */
  checksum: string | null;
}

export interface ListPage {
  entries: StorageEntry[];
  nextPageToken: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive; omitted means to the end of the object. */
  end?: number;
}

export interface ReadResult {
  stream: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
  contentType: string | null;
  /** The inclusive byte range served, or null for the whole object. */
  range: { start: number; end: number } | null;
}

export type WriteBody = Buffer | Uint8Array | NodeJS.ReadableStream;

export interface ConnectionTestResult {
  success: boolean;
  message: string;
  /** Milliseconds spent on the round trip. */
  responseTime: number;
}

export interface StorageAdapter {
  readonly kind: StorageKind;
  /** Storage zone / bucket / folder: what asset.bucket stores. */
  readonly bucket: string;
  /**
   * One directory level (delimiter '/'), paths relative to the bucket root ('' is the root).
   * Bunny returns a whole directory per request (nextPageToken null); GCS and S3 page.
   * A directory that does not exist lists as empty.
   */
  list(dir: string, opts?: { pageToken?: string | null; pageSize?: number }): Promise<ListPage>;
  /** null when nothing exists at the path. */
  stat(path: string): Promise<StorageEntry | null>;
  read(path: string, range?: ByteRange): Promise<ReadResult>;
  /** Refuses objects above maxBytes with a 'too_large' StorageError. */
  readBuffer(path: string, opts?: { maxBytes?: number }): Promise<Buffer>;
  write(path: string, body: WriteBody, opts?: { contentType?: string; size?: number }): Promise<void>;
  /** Idempotent: deleting what is not there succeeds. A path ending in '/' deletes the folder recursively. */
  delete(path: string): Promise<void>;
  /** Cheap authenticated round trip; never throws. */
  testConnection(): Promise<ConnectionTestResult>;
}

export type StorageErrorCode =
  | 'auth'
  | 'not_found'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'bad_config'
  | 'protocol'
  /** A path that is malformed or would leave the bucket/folder ('..', absolute, NUL). */
  | 'bad_path'
  /** A byte range that is malformed or starts past the end of the object. */
  | 'bad_range';

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  /** HTTP status from the storage service, when there was one. */
  readonly status: number | null;

  constructor(code: StorageErrorCode, message: string, opts: { status?: number | null; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'StorageError';
    this.code = code;
    this.status = opts.status ?? null;
  }
}

export function isStorageError(err: unknown): err is StorageError {
  return err instanceof StorageError;
}
