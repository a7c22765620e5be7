import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import {
  DEFAULT_READ_BUFFER_MAX_BYTES,
  Semaphore,
  collectBody,
  directoryEntry,
  errorMessage,
  formatSeconds,
  guardStream,
  isBinaryBody,
  isFolderDelete,
  networkError,
  normalizeDirPath,
  normalizeObjectPath,
  parseContentRange,
  rangePastEnd,
  readStreamLimited,
  sortEntries,
  timedConnectionTest,
  toBuffer,
  tooLarge,
  validateRange,
  baseName,
} from './common';
import {
  StorageError,
  type ByteRange,
  type ListPage,
  type ReadResult,
  type StorageAdapter,
  type StorageEntry,
  type WriteBody,
} from './types';

export interface S3Config {
  bucket: string;
  /** For S3-compatible stores (MinIO, R2, Wasabi, a test fake); AWS when omitted. */
  endpoint?: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key) instead of virtual hosts; most S3-compatible stores need it. */
  forcePathStyle?: boolean;
}

const MAX_LIST_PAGE = 1000;

function stripQuotes(etag: string | undefined): string | null {
  if (!etag) return null;
  return etag.replace(/^"|"$/g, '');
}

export class S3StorageAdapter implements StorageAdapter {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  private readonly target: string;
  private readonly timeoutMs: number;
  private readonly limiter: Semaphore;

  constructor(config: S3Config, opts: { timeoutMs: number; limiter: Semaphore }) {
    const bucket = (config.bucket ?? '').trim();
    if (!bucket) throw new StorageError('bad_config', 'S3 bucket name is missing');
    if (!(config.accessKeyId ?? '').trim()) throw new StorageError('bad_config', `S3 access key ID is missing for bucket ${bucket}`);
    if (!(config.secretAccessKey ?? '').trim()) throw new StorageError('bad_config', `S3 secret access key is missing for bucket ${bucket}`);
    let endpoint: string | undefined;
    if (config.endpoint && config.endpoint.trim() !== '') {
      endpoint = config.endpoint.trim().replace(/\/+$/, '');
      try {
        const url = new URL(endpoint);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
      } catch {
        throw new StorageError('bad_config', `S3 endpoint must be an http(s) URL, got ${config.endpoint}`);
      }
    }
    this.bucket = bucket;
    this.timeoutMs = opts.timeoutMs;
    this.limiter = opts.limiter;
    this.target = endpoint ? `S3 endpoint ${endpoint}` : `Amazon S3 (${config.region || 'us-east-1'})`;
    this.client = new S3Client({
      region: config.region?.trim() || 'us-east-1',
      endpoint,
      forcePathStyle: config.forcePathStyle ?? Boolean(endpoint),
      // On AWS a bucket in another region than the one configured answers with a redirect; follow it.
      followRegionRedirects: true,
      credentials: { accessKeyId: config.accessKeyId.trim(), secretAccessKey: config.secretAccessKey.trim() },
      maxAttempts: 3,
      requestHandler: { connectionTimeout: opts.timeoutMs, requestTimeout: opts.timeoutMs },
      // S3-compatible stores often reject the newer flexible-checksum headers; send them only when an API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Sends one command under a concurrency slot and a deadline; keepSlot hands the slot to the caller. */
  private async send<T>(command: any, subject: string, keepSlot = false): Promise<{ output: T; release: () => void }> {
    const release = await this.limiter.acquire();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const output = (await this.client.send(command, { abortSignal: controller.signal })) as T;
      if (!keepSlot) release();
      return { output, release: keepSlot ? release : () => {} };
    } catch (err) {
      release();
      if (timedOut) {
        throw new StorageError('timeout', `${this.target} did not answer within ${formatSeconds(this.timeoutMs)}`, { cause: err });
      }
      throw this.failure(err, subject);
    } finally {
      clearTimeout(timer);
    }
  }

  private failure(err: any, subject: string): StorageError {
    if (err instanceof StorageError) return err;
    const network = networkError(err, this.target, this.timeoutMs);
    if (network) return network;
    const name: string = err?.name ?? err?.Code ?? '';
    const status: number | null = err?.$metadata?.httpStatusCode ?? null;
    const detail = err?.message && err.message !== 'UnknownError' ? `: ${err.message}` : '';
    if (name === 'NoSuchBucket') return new StorageError('not_found', `Bucket ${this.bucket} does not exist at ${this.target}`, { status, cause: err });
    if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) {
      return new StorageError('not_found', `${subject} not found in bucket ${this.bucket}`, { status, cause: err });
    }
    if (name === 'InvalidAccessKeyId') {
      return new StorageError('auth', `Invalid access key ID for bucket ${this.bucket}: ${this.target} does not know this key`, { status, cause: err });
    }
    if (name === 'SignatureDoesNotMatch') {
      return new StorageError('auth', `Invalid secret access key for bucket ${this.bucket}: the request signature does not match`, { status, cause: err });
    }
    if (name === 'AccessDenied' || name === 'Forbidden' || status === 403 || status === 401) {
      return new StorageError('auth', `Permission denied for bucket ${this.bucket}${detail}`, { status, cause: err });
    }
    if (name === 'InvalidRange' || status === 416) return new StorageError('bad_range', `Requested range is outside ${subject}`, { status, cause: err });
    if (name === 'TimeoutError' || name === 'RequestTimeout') {
      return new StorageError('timeout', `${this.target} did not answer within ${formatSeconds(this.timeoutMs)}`, { status, cause: err });
    }
    if (status !== null && (status >= 500 || status === 429)) {
      return new StorageError('unreachable', `${this.target} answered HTTP ${status} for ${subject}; try again later`, { status, cause: err });
    }
    return new StorageError('protocol', `${this.target} failed on ${subject}: ${name || 'error'}${detail}`, { status, cause: err });
  }

  async list(dir: string, opts: { pageToken?: string | null; pageSize?: number } = {}): Promise<ListPage> {
    const folder = normalizeDirPath(dir);
    const prefix = folder === '' ? '' : `${folder}/`;
    const pageSize = Math.min(Math.max(Math.floor(opts.pageSize ?? MAX_LIST_PAGE), 1), MAX_LIST_PAGE);
    const { output } = await this.send<ListObjectsV2CommandOutput>(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        Delimiter: '/',
        MaxKeys: pageSize,
        ContinuationToken: opts.pageToken ?? undefined,
      }),
      folder || 'the bucket root',
    );
    const entries: StorageEntry[] = [];
    for (const common of output.CommonPrefixes ?? []) {
      if (!common.Prefix) continue;
      entries.push(directoryEntry(common.Prefix.replace(/\/$/, '')));
    }
    for (const object of output.Contents ?? []) {
      // A zero-byte 'folder/' object is a console-made folder marker, not a file.
      if (!object.Key || object.Key === prefix || object.Key.endsWith('/')) continue;
      entries.push({
        path: object.Key,
        name: baseName(object.Key),
        isDirectory: false,
        size: Number(object.Size ?? 0),
        lastModified: object.LastModified ?? null,
        checksum: stripQuotes(object.ETag),
      });
    }
    return { entries: sortEntries(entries), nextPageToken: output.IsTruncated ? (output.NextContinuationToken ?? null) : null };
  }

  async stat(path: string): Promise<StorageEntry | null> {
    const key = normalizeObjectPath(path);
    try {
      const { output } = await this.send<any>(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), key);
      return {
        path: key,
        name: baseName(key),
        isDirectory: false,
        size: Number(output.ContentLength ?? 0),
        lastModified: output.LastModified ?? null,
        checksum: stripQuotes(output.ETag),
      };
    } catch (err) {
      if (!(err instanceof StorageError) || err.code !== 'not_found') throw err;
    }
    // No object by that name: it may still be a folder (a common prefix).
    const { output } = await this.send<ListObjectsV2CommandOutput>(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, MaxKeys: 1 }),
      key,
    );
    return (output.KeyCount ?? output.Contents?.length ?? 0) > 0 ? directoryEntry(key) : null;
  }

  async read(path: string, range?: ByteRange): Promise<ReadResult> {
    const key = normalizeObjectPath(path);
    validateRange(range);
    let sent;
    try {
      sent = await this.send<any>(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
        key,
        true,
      );
    } catch (err) {
      if (range && err instanceof StorageError && err.code === 'bad_range') {
        const size = (await this.stat(key))?.size ?? 0;
        throw rangePastEnd(key, range.start, size);
      }
      throw err;
    }
    const { output, release } = sent;
    const body: Readable = output.Body instanceof Readable ? output.Body : Readable.from([]);
    const contentRange = parseContentRange(output.ContentRange);
    const size = contentRange ? contentRange.size : Number(output.ContentLength ?? 0);
    return {
      stream: guardStream(body, {
        release,
        idleMs: this.timeoutMs,
        describeStall: () => `${this.target} stopped sending ${key} for ${formatSeconds(this.timeoutMs)}`,
      }),
      size,
      contentType: output.ContentType ?? null,
      range: contentRange ? { start: contentRange.start, end: contentRange.end } : null,
    };
  }

  async readBuffer(path: string, opts: { maxBytes?: number } = {}): Promise<Buffer> {
    const maxBytes = opts.maxBytes ?? DEFAULT_READ_BUFFER_MAX_BYTES;
    const result = await this.read(path);
    if (result.size > maxBytes) {
      result.stream.destroy();
      throw tooLarge(normalizeObjectPath(path), result.size, maxBytes);
    }
    return readStreamLimited(result.stream, maxBytes, path);
  }

  async write(path: string, body: WriteBody, opts: { contentType?: string; size?: number } = {}): Promise<void> {
    if (path.endsWith('/')) throw new StorageError('bad_path', `Cannot write to a directory path: ${path}`);
    const key = normalizeObjectPath(path);
    let payload: Buffer | Readable;
    let length: number | undefined;
    if (isBinaryBody(body)) {
      payload = toBuffer(body);
      length = payload.length;
    } else if (opts.size !== undefined) {
      payload = body instanceof Readable ? body : Readable.from(body as AsyncIterable<Buffer>);
      length = opts.size;
    } else {
      // PutObject needs a length up front; without one the stream is gathered first.
      payload = await collectBody(body);
      length = payload.length;
    }
    await this.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: payload,
        ContentLength: length,
        ContentType: opts.contentType ?? 'application/octet-stream',
      }),
      key,
    );
  }

  async delete(path: string): Promise<void> {
    const folder = isFolderDelete(path);
    const key = normalizeObjectPath(path);
    if (!folder) {
      await this.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), key);
      return;
    }
    let token: string | undefined;
    do {
      const { output } = await this.send<ListObjectsV2CommandOutput>(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, ContinuationToken: token }),
        key,
      );
      await Promise.all(
        (output.Contents ?? []).map((object) => this.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key! }), object.Key!)),
      );
      token = output.IsTruncated ? output.NextContinuationToken : undefined;
    } while (token);
  }

  testConnection() {
    return timedConnectionTest(
      async () => {
        await this.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }), 'the bucket root');
        return (ms: number) => `Successfully connected to bucket ${this.bucket} (${ms} ms)`;
      },
      (err) => (err instanceof StorageError ? err.message : `Unable to connect to S3: ${errorMessage(err)}`),
    );
  }
}
