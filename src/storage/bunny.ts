import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  DEFAULT_READ_BUFFER_MAX_BYTES,
  Semaphore,
  asReadable,
  baseName,
  formatSeconds,
  guardStream,
  isBinaryBody,
  isFolderDelete,
  joinPath,
  networkError,
  normalizeDirPath,
  normalizeObjectPath,
  parentDir,
  parseContentRange,
  rangePastEnd,
  readStreamLimited,
  sortEntries,
  timedConnectionTest,
  toBuffer,
  tooLarge,
  validateRange,
  errorMessage,
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

export interface BunnyConfig {
  storageZone: string;
  accessKey: string;
  /** Explicit endpoint, e.g. a test fake; wins over region. */
  baseUrl?: string;
  /** Bunny storage region code; 'de' (Falkenstein) is the default host. */
  region?: string;
}

export const BUNNY_DEFAULT_BASE_URL = 'https://storage.bunnycdn.com';
export const BUNNY_REGIONS = ['de', 'uk', 'ny', 'la', 'sg', 'se', 'br', 'jh', 'syd'] as const;

/** One object of Bunny's directory listing, as its API sends it. */
interface BunnyListItem {
  ObjectName: string;
  Path: string;
  IsDirectory: boolean;
  Length: number;
  LastChanged: string | null;
  DateCreated?: string | null;
  Checksum: string | null;
}

export function bunnyBaseUrl(config: Pick<BunnyConfig, 'baseUrl' | 'region'>): string {
  if (config.baseUrl && config.baseUrl.trim() !== '') {
    const raw = config.baseUrl.trim();
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new StorageError('bad_config', `Bunny base URL is not a valid URL: ${raw}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new StorageError('bad_config', `Bunny base URL must start with https:// or http://, got ${raw}`);
    }
    return raw.replace(/\/+$/, '');
  }
  const region = (config.region ?? '').trim().toLowerCase();
  if (region === '' || region === 'de') return BUNNY_DEFAULT_BASE_URL;
  if (!(BUNNY_REGIONS as readonly string[]).includes(region)) {
    throw new StorageError(
      'bad_config',
      `Unknown Bunny storage region '${config.region}'. Known regions: ${BUNNY_REGIONS.join(', ')}; set a base URL for any other endpoint.`,
    );
  }
  return `https://${region}.storage.bunnycdn.com`;
}

/** Bunny sends timestamps without a zone; they are UTC. */
function parseBunnyDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** Drops bytes outside [start, end] for a server that answered a range request with the whole object. */
function sliceStream(start: number, end: number): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const chunkStart = offset;
      offset += chunk.length;
      const from = Math.max(start - chunkStart, 0);
      const to = Math.min(end + 1 - chunkStart, chunk.length);
      if (to > from) this.push(chunk.subarray(from, to));
      done();
    },
  });
}

export class BunnyStorageAdapter implements StorageAdapter {
  readonly kind = 'bunny_cdn' as const;
  readonly bucket: string;
  readonly baseUrl: string;
  private readonly accessKey: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly limiter: Semaphore;

  constructor(config: BunnyConfig, opts: { timeoutMs: number; fetch?: typeof fetch; limiter: Semaphore }) {
    const zone = (config.storageZone ?? '').trim();
    const key = (config.accessKey ?? '').trim();
    if (!zone) throw new StorageError('bad_config', 'Bunny storage zone is missing');
    if (zone.includes('/')) throw new StorageError('bad_config', `Bunny storage zone may not contain '/': ${zone}`);
    if (!key) throw new StorageError('bad_config', `Bunny access key is missing for storage zone ${zone}`);
    this.bucket = zone;
    this.accessKey = key;
    this.baseUrl = bunnyBaseUrl(config);
    this.timeoutMs = opts.timeoutMs;
    this.fetchImpl = opts.fetch ?? fetch;
    this.limiter = opts.limiter;
  }

  private url(path: string, asDirectory: boolean): string {
    const zonePart = `${this.baseUrl}/${encodeURIComponent(this.bucket)}/`;
    if (path === '') return zonePart;
    return zonePart + encodePath(path) + (asDirectory ? '/' : '');
  }

  private get host(): string {
    return `Bunny Storage at ${this.baseUrl}`;
  }

  /**
   * Sends one request while holding a concurrency slot. With keepSlot the caller owns the slot
   * (and the response body) and must call release; otherwise the body is read here, under the
   * deadline, and returned as text.
   */
  private async send(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: any; stream?: boolean } = {},
  ): Promise<{ response: Response; text: string | null; release: () => void }> {
    const release = await this.limiter.acquire();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const requestInit: RequestInit & { duplex?: 'half' } = {
        method,
        headers: { AccessKey: this.accessKey, Accept: 'application/json', ...init.headers },
        body: init.body,
        signal: controller.signal,
      };
      if (init.body && !isBinaryBody(init.body) && typeof init.body !== 'string') requestInit.duplex = 'half';
      const response = await this.fetchImpl(url, requestInit);
      if (init.stream && response.ok) {
        clearTimeout(timer);
        return { response, text: null, release };
      }
      const text = await response.text();
      clearTimeout(timer);
      release();
      return { response, text, release: () => {} };
    } catch (err) {
      clearTimeout(timer);
      release();
      if (timedOut) {
        throw new StorageError('timeout', `${this.host} did not answer within ${formatSeconds(this.timeoutMs)}`, { cause: err });
      }
      throw networkError(err, this.host, this.timeoutMs) ?? new StorageError('unreachable', `Cannot reach ${this.host}: ${errorMessage(err)}`, { cause: err });
    }
  }

  /** Bunny answers errors with {"HttpCode":401,"Message":"Unauthorized"}. */
  private failure(response: Response, text: string | null, subject: string): StorageError {
    let detail = '';
    if (text) {
      try {
        const parsed = JSON.parse(text) as { Message?: string };
        detail = parsed.Message ?? '';
      } catch {
        detail = text.slice(0, 200);
      }
    }
    const status = response.status;
    const suffix = detail ? ` (${detail})` : '';
    if (status === 401) return new StorageError('auth', `Invalid access key for storage zone ${this.bucket}`, { status });
    if (status === 403) return new StorageError('auth', `Permission denied for storage zone ${this.bucket}${suffix}`, { status });
    if (status === 404) return new StorageError('not_found', `${subject} not found in storage zone ${this.bucket}`, { status });
    if (status === 416) return new StorageError('bad_range', `Requested range is outside ${subject}`, { status });
    if (status === 429 || status >= 500) {
      return new StorageError('unreachable', `${this.host} answered HTTP ${status} for ${subject}${suffix}; try again later`, { status });
    }
    return new StorageError('protocol', `${this.host} answered HTTP ${status} for ${subject}${suffix}`, { status });
  }

  async list(dir: string, _opts?: { pageToken?: string | null; pageSize?: number }): Promise<ListPage> {
    const folder = normalizeDirPath(dir);
    const { response, text } = await this.send('GET', this.url(folder, true));
    if (response.status === 404) {
      if (folder === '') throw new StorageError('not_found', `Storage zone ${this.bucket} was not found at ${this.baseUrl}`, { status: 404 });
      return { entries: [], nextPageToken: null };
    }
    if (!response.ok) throw this.failure(response, text, folder === '' ? 'the zone root' : `Directory ${folder}`);
    let items: BunnyListItem[];
    try {
      items = JSON.parse(text ?? '');
    } catch {
      throw new StorageError('protocol', `${this.host} sent a listing of ${folder || 'the zone root'} that is not JSON`);
    }
    if (!Array.isArray(items)) {
      throw new StorageError('protocol', `${this.host} sent a listing of ${folder || 'the zone root'} that is not a JSON array`);
    }
    const entries: StorageEntry[] = items.map((item) => ({
      path: joinPath(folder, item.ObjectName),
      name: item.ObjectName,
      isDirectory: Boolean(item.IsDirectory),
      size: item.IsDirectory ? 0 : Number(item.Length) || 0,
      lastModified: parseBunnyDate(item.LastChanged ?? item.DateCreated),
      checksum: item.IsDirectory ? null : (item.Checksum ?? null),
    }));
    return { entries: sortEntries(entries), nextPageToken: null };
  }

  /** Bunny has no metadata call for one object, so stat reads the parent directory's listing. */
  async stat(path: string): Promise<StorageEntry | null> {
    const key = normalizeObjectPath(path);
    const { entries } = await this.list(parentDir(key));
    const name = baseName(key);
    return entries.find((entry) => entry.name === name) ?? null;
  }

  async read(path: string, range?: ByteRange): Promise<ReadResult> {
    const key = normalizeObjectPath(path);
    validateRange(range);
    const headers: Record<string, string> = { Accept: '*/*' };
    if (range) headers.Range = `bytes=${range.start}-${range.end ?? ''}`;
    const { response, text, release } = await this.send('GET', this.url(key, false), { headers, stream: true });
    if (!response.ok) {
      if (response.status === 416 && range) {
        const size = parseContentRange(response.headers.get('content-range'))?.size ?? 0;
        throw rangePastEnd(key, range.start, size);
      }
      throw this.failure(response, text, key);
    }
    const contentType = response.headers.get('content-type');
    const body = response.body ? Readable.fromWeb(response.body as any) : Readable.from([]);
    let size: number;
    let served: { start: number; end: number } | null = null;
    let stream: Readable = body;
    if (response.status === 206) {
      const contentRange = parseContentRange(response.headers.get('content-range'));
      if (!contentRange) {
        body.destroy();
        release();
        throw new StorageError('protocol', `${this.host} answered a range request for ${key} without a valid Content-Range`);
      }
      size = contentRange.size;
      served = { start: contentRange.start, end: contentRange.end };
    } else {
      size = Number(response.headers.get('content-length') ?? -1);
      if (range) {
        if (size >= 0 && range.start >= size && size > 0) {
          body.destroy();
          release();
          throw rangePastEnd(key, range.start, size);
        }
        const end = Math.min(range.end ?? Number.MAX_SAFE_INTEGER, size >= 0 ? size - 1 : Number.MAX_SAFE_INTEGER);
        served = { start: range.start, end };
        stream = body.pipe(sliceStream(range.start, end));
        body.on('error', (err) => stream.destroy(err));
      }
    }
    return {
      stream: guardStream(stream, {
        release,
        idleMs: this.timeoutMs,
        describeStall: () => `${this.host} stopped sending ${key} for ${formatSeconds(this.timeoutMs)}`,
      }),
      size,
      contentType,
      range: served,
    };
  }

  async readBuffer(path: string, opts: { maxBytes?: number } = {}): Promise<Buffer> {
    const maxBytes = opts.maxBytes ?? DEFAULT_READ_BUFFER_MAX_BYTES;
    const key = normalizeObjectPath(path);
    // The scan reads thousands of small XML files: skip the stream plumbing when the size is known.
    const { response, text, release } = await this.send('GET', this.url(key, false), { headers: { Accept: '*/*' }, stream: true });
    if (!response.ok) throw this.failure(response, text, key);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (!Number.isFinite(declared)) {
      const body = response.body ? Readable.fromWeb(response.body as any) : Readable.from([]);
      const guarded = guardStream(body, {
        release,
        idleMs: this.timeoutMs,
        describeStall: () => `${this.host} stopped sending ${key} for ${formatSeconds(this.timeoutMs)}`,
      });
      return readStreamLimited(guarded, maxBytes, key);
    }
    try {
      if (declared > maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw tooLarge(key, declared, maxBytes);
      }
      const bytes = await withDeadline(response.arrayBuffer(), this.timeoutMs, () => `${this.host} did not finish sending ${key} within ${formatSeconds(this.timeoutMs)}`);
      return Buffer.from(bytes);
    } catch (err) {
      if (err instanceof StorageError) throw err;
      throw networkError(err, this.host, this.timeoutMs) ?? new StorageError('unreachable', `Lost the connection to ${this.host} while reading ${key}: ${errorMessage(err)}`, { cause: err });
    } finally {
      release();
    }
  }

  async write(path: string, body: WriteBody, opts: { contentType?: string; size?: number } = {}): Promise<void> {
    const key = normalizeObjectPath(path);
    if (path.endsWith('/')) throw new StorageError('bad_path', `Cannot write to a directory path: ${path}`);
    // Bunny picks the served content type from the file extension; uploads are always octet-stream.
    const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
    let requestBody: any;
    if (isBinaryBody(body)) {
      const buffer = toBuffer(body);
      headers.Checksum = createHash('sha256').update(buffer).digest('hex').toUpperCase();
      requestBody = buffer;
    } else {
      // A stream goes through unbuffered, so it travels without a checksum; with a known size it
      // is sent with a Content-Length rather than chunked.
      requestBody = asReadable(body);
      if (opts.size !== undefined) headers['Content-Length'] = String(opts.size);
    }
    const { response, text } = await this.send('PUT', this.url(key, false), { headers, body: requestBody });
    if (!response.ok) throw this.failure(response, text, key);
  }

  async delete(path: string): Promise<void> {
    const folder = isFolderDelete(path);
    const key = normalizeObjectPath(path);
    const { response, text } = await this.send('DELETE', this.url(key, folder));
    if (response.status === 404) return;
    if (!response.ok) throw this.failure(response, text, key);
  }

  testConnection() {
    return timedConnectionTest(
      async () => {
        await this.list('');
        return (ms: number) => `Successfully connected to storage zone ${this.bucket} (${ms} ms)`;
      },
      (err) => {
        if (err instanceof StorageError) return err.message;
        return `Unable to connect to Bunny CDN: ${errorMessage(err)}`;
      },
    );
  }
}
