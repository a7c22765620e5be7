import { Storage, type Bucket, type File } from '@google-cloud/storage';
import { createPrivateKey } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DEFAULT_READ_BUFFER_MAX_BYTES,
  Semaphore,
  asReadable,
  baseName,
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
  withDeadline,
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

export interface GcsConfig {
  projectId: string;
  bucketName: string;
  /** The service-account key file's JSON text. */
  serviceAccountKey: string;
  /** Another JSON API host (an emulator, a test fake, a private endpoint). */
  apiEndpoint?: string;
}

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
}

const MAX_LIST_PAGE = 1000;

/** Checks the key text enough to say exactly what is wrong before any request is made. */
export function parseServiceAccountKey(text: string): ServiceAccountKey {
  if (typeof text !== 'string' || text.trim() === '') throw new StorageError('bad_config', 'Service account key is empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new StorageError('bad_config', `Service account key is not valid JSON: ${errorMessage(err)}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new StorageError('bad_config', 'Service account key must be a JSON object (the key file downloaded from Google Cloud)');
  }
  const key = parsed as Record<string, unknown>;
  if (key.type !== undefined && key.type !== 'service_account') {
    throw new StorageError('bad_config', `Service account key has type '${String(key.type)}'; a key of type 'service_account' is needed`);
  }
  const missing = ['client_email', 'private_key'].filter((field) => typeof key[field] !== 'string' || (key[field] as string).trim() === '');
  if (missing.length > 0) throw new StorageError('bad_config', `Service account key lacks ${missing.join(' and ')}`);
  try {
    createPrivateKey(key.private_key as string);
  } catch {
    throw new StorageError('bad_config', 'Service account key has a private_key that is not a valid PEM private key');
  }
  return {
    client_email: key.client_email as string,
    private_key: key.private_key as string,
    private_key_id: typeof key.private_key_id === 'string' ? key.private_key_id : undefined,
    project_id: typeof key.project_id === 'string' ? key.project_id : undefined,
  };
}

function gcsChecksum(metadata: { md5Hash?: string; crc32c?: string }): string | null {
  if (metadata.md5Hash) return Buffer.from(metadata.md5Hash, 'base64').toString('hex');
  if (metadata.crc32c) return `crc32c:${metadata.crc32c}`;
  return null;
}

function headerValue(headers: any, name: string): string | null {
  if (!headers) return null;
  if (typeof headers.get === 'function') return headers.get(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0] ?? null;
  return value === undefined || value === null ? null : String(value);
}

export class GcsStorageAdapter implements StorageAdapter {
  readonly kind = 'google_cloud' as const;
  readonly bucket: string;
  readonly storage: Storage;
  private readonly gcsBucket: Bucket;
  private readonly clientEmail: string;
  private readonly target: string;
  private readonly timeoutMs: number;
  private readonly limiter: Semaphore;

  constructor(config: GcsConfig, opts: { timeoutMs: number; limiter: Semaphore }) {
    const bucketName = (config.bucketName ?? '').trim();
    const projectId = (config.projectId ?? '').trim();
    if (!bucketName) throw new StorageError('bad_config', 'GCS bucket name is missing');
    if (!projectId) throw new StorageError('bad_config', `GCS project ID is missing for bucket ${bucketName}`);
    const key = parseServiceAccountKey(config.serviceAccountKey);
    let apiEndpoint: string | undefined;
    if (config.apiEndpoint && config.apiEndpoint.trim() !== '') {
      apiEndpoint = config.apiEndpoint.trim().replace(/\/+$/, '');
      try {
        new URL(apiEndpoint);
      } catch {
        throw new StorageError('bad_config', `GCS API endpoint is not a valid URL: ${config.apiEndpoint}`);
      }
    }
    this.bucket = bucketName;
    this.clientEmail = key.client_email;
    this.timeoutMs = opts.timeoutMs;
    this.limiter = opts.limiter;
    this.target = apiEndpoint ? `Google Cloud Storage at ${apiEndpoint}` : 'Google Cloud Storage';
    this.storage = new Storage({
      projectId,
      credentials: { client_email: key.client_email, private_key: key.private_key },
      apiEndpoint,
      // A custom endpoint switches the client's auth off unless asked; we always want the key checked.
      useAuthWithCustomEndpoint: Boolean(apiEndpoint),
      timeout: opts.timeoutMs,
      // The client retries connection failures with back-off for many seconds; call() retries only
      // what is worth retrying (429, 5xx), so an unreachable host is reported at once.
      retryOptions: { autoRetry: false },
    });
    if (apiEndpoint) {
      // google-auth-library 9 ignores the key's token_uri and always fetches tokens from Google;
      // a self-signed JWT lets an endpoint other than Google's check the key without that call.
      this.storage.authClient.useJWTAccessWithScope = true;
    }
    this.gcsBucket = this.storage.bucket(bucketName);
  }

  private failure(err: any, subject: string): StorageError {
    if (err instanceof StorageError) return err;
    const network = networkError(err, this.target, this.timeoutMs);
    if (network) return network;
    const status = typeof err?.code === 'number' ? err.code : typeof err?.status === 'number' ? err.status : null;
    const message = errorMessage(err);
    if (status === 401 || /invalid_grant|invalid_client|unauthorized_client/i.test(message)) {
      return new StorageError('auth', `Invalid service account credentials for bucket ${this.bucket}: the key of ${this.clientEmail} was rejected`, { status, cause: err });
    }
    if (status === 403) {
      return new StorageError('auth', `Permission denied: service account ${this.clientEmail} may not use bucket ${this.bucket}`, { status, cause: err });
    }
    if (status === 404) {
      if (/bucket/i.test(message) && !/object|no such object/i.test(message)) {
        return new StorageError('not_found', `Bucket ${this.bucket} does not exist`, { status, cause: err });
      }
      return new StorageError('not_found', `${subject} not found in bucket ${this.bucket}`, { status, cause: err });
    }
    if (status === 416) return new StorageError('bad_range', `Requested range is outside ${subject}`, { status, cause: err });
    if (status !== null && (status >= 500 || status === 429)) {
      return new StorageError('unreachable', `${this.target} answered HTTP ${status} for ${subject}; try again later`, { status, cause: err });
    }
    if (/timeout|timed out/i.test(message)) {
      return new StorageError('timeout', `${this.target} did not answer within ${formatSeconds(this.timeoutMs)}`, { status, cause: err });
    }
    return new StorageError('protocol', `${this.target} failed on ${subject}: ${message}`, { status, cause: err });
  }

  /**
   * One API call under a concurrency slot and a deadline per attempt. A busy or failing service
   * (429, 5xx) gets two more tries after short pauses; every other failure is final at once.
   */
  private async call<T>(subject: string, fn: () => Promise<T>): Promise<T> {
    return this.limiter.run(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await withDeadline(fn(), this.timeoutMs, () => `${this.target} did not answer within ${formatSeconds(this.timeoutMs)}`);
        } catch (err) {
          const failure = this.failure(err, subject);
          const busy = failure.code === 'unreachable' && failure.status !== null;
          if (!busy || attempt >= 3) throw failure;
          await new Promise((resolve) => setTimeout(resolve, 250 * 4 ** (attempt - 1)));
        }
      }
    });
  }

  private toEntry(file: File): StorageEntry {
    const metadata = file.metadata;
    return {
      path: file.name,
      name: baseName(file.name),
      isDirectory: false,
      size: Number(metadata.size ?? 0),
      lastModified: metadata.updated ? new Date(metadata.updated) : null,
      checksum: gcsChecksum(metadata),
    };
  }

  async list(dir: string, opts: { pageToken?: string | null; pageSize?: number } = {}): Promise<ListPage> {
    const folder = normalizeDirPath(dir);
    const prefix = folder === '' ? '' : `${folder}/`;
    const maxResults = Math.min(Math.max(Math.floor(opts.pageSize ?? MAX_LIST_PAGE), 1), MAX_LIST_PAGE);
    const [files, nextQuery, apiResponse] = await this.call(folder || 'the bucket root', () =>
      this.gcsBucket.getFiles({
        prefix,
        delimiter: '/',
        maxResults,
        pageToken: opts.pageToken ?? undefined,
        autoPaginate: false,
      }),
    );
    const entries: StorageEntry[] = [];
    for (const sub of ((apiResponse as any)?.prefixes ?? []) as string[]) entries.push(directoryEntry(sub.replace(/\/$/, '')));
    for (const file of files) {
      // A zero-byte 'folder/' object made by the console marks a folder; it is not a file.
      if (file.name === prefix || file.name.endsWith('/')) continue;
      entries.push(this.toEntry(file));
    }
    const token = (nextQuery as { pageToken?: string } | null)?.pageToken ?? null;
    return { entries: sortEntries(entries), nextPageToken: token };
  }

  async stat(path: string): Promise<StorageEntry | null> {
    const key = normalizeObjectPath(path);
    const file = this.gcsBucket.file(key);
    try {
      await this.call(key, () => file.getMetadata());
      return this.toEntry(file);
    } catch (err) {
      if (!(err instanceof StorageError) || err.code !== 'not_found' || /^Bucket /.test(err.message)) throw err;
    }
    const [files, , apiResponse] = await this.call(key, () =>
      this.gcsBucket.getFiles({ prefix: `${key}/`, maxResults: 1, autoPaginate: false }),
    );
    const found = files.length > 0 || ((apiResponse as any)?.prefixes ?? []).length > 0;
    return found ? directoryEntry(key) : null;
  }

  async read(path: string, range?: ByteRange): Promise<ReadResult> {
    const key = normalizeObjectPath(path);
    validateRange(range);
    const release = await this.limiter.acquire();
    const file = this.gcsBucket.file(key);
    const source = file.createReadStream(range ? { start: range.start, end: range.end } : {});
    // The request starts only once someone reads; piping starts it and keeps the bytes until the caller does.
    const buffered = new PassThrough();
    source.on('error', (err) => buffered.destroy(err));
    buffered.on('close', () => source.destroy());
    source.pipe(buffered);
    let response: any;
    try {
      response = await withDeadline(
        new Promise<any>((resolve, reject) => {
          source.on('response', (res: any) => {
            if ((res?.statusCode ?? res?.status ?? 200) < 300) resolve(res);
          });
          source.once('error', reject);
          buffered.once('error', reject);
        }),
        this.timeoutMs,
        () => `${this.target} did not answer within ${formatSeconds(this.timeoutMs)}`,
      );
    } catch (err) {
      source.destroy();
      buffered.destroy();
      release();
      const failure = this.failure(err, key);
      if (failure.code === 'bad_range' && range) {
        const size = (await this.stat(key).catch(() => null))?.size ?? 0;
        throw rangePastEnd(key, range.start, size);
      }
      throw failure;
    }
    const headers = response.headers;
    const status = response.statusCode ?? response.status ?? 200;
    const contentRange = parseContentRange(headerValue(headers, 'content-range'));
    const storedLength = headerValue(headers, 'x-goog-stored-content-length') ?? headerValue(headers, 'content-length');
    const size = contentRange && contentRange.size >= 0 ? contentRange.size : Number(storedLength ?? 0);
    return {
      stream: guardStream(buffered as Readable, {
        release,
        idleMs: this.timeoutMs,
        describeStall: () => `${this.target} stopped sending ${key} for ${formatSeconds(this.timeoutMs)}`,
      }),
      size,
      contentType: headerValue(headers, 'content-type'),
      range: status === 206 && contentRange ? { start: contentRange.start, end: contentRange.end } : null,
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
    const file = this.gcsBucket.file(key);
    const contentType = opts.contentType ?? 'application/octet-stream';
    await this.limiter.run(async () => {
      try {
        // Single-request (multipart) uploads: every object this product writes is a file it can send in one go.
        if (isBinaryBody(body)) {
          await file.save(toBuffer(body), { resumable: false, contentType });
        } else {
          await pipeline(asReadable(body), file.createWriteStream({ resumable: false, contentType }));
        }
      } catch (err) {
        throw this.failure(err, key);
      }
    });
  }

  async delete(path: string): Promise<void> {
    const folder = isFolderDelete(path);
    const key = normalizeObjectPath(path);
    if (!folder) {
      await this.call(key, () => this.gcsBucket.file(key).delete({ ignoreNotFound: true }));
      return;
    }
    let pageToken: string | undefined;
    do {
      const [files, nextQuery] = await this.call(key, () =>
        this.gcsBucket.getFiles({ prefix: `${key}/`, maxResults: MAX_LIST_PAGE, pageToken, autoPaginate: false }),
      );
      await Promise.all(files.map((file) => this.call(file.name, () => file.delete({ ignoreNotFound: true }))));
      pageToken = (nextQuery as { pageToken?: string } | null)?.pageToken;
    } while (pageToken);
  }

  testConnection() {
    return timedConnectionTest(
      async () => {
        await this.call('the bucket root', () => this.gcsBucket.getFiles({ maxResults: 1, autoPaginate: false }));
        return (ms: number) => `Successfully connected to bucket ${this.bucket} (${ms} ms)`;
      },
      (err) => (err instanceof StorageError ? err.message : `Unable to connect to Google Cloud Storage: ${errorMessage(err)}`),
    );
  }
}
