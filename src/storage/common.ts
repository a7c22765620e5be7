import { PassThrough, Readable } from 'node:stream';
import { StorageError, type ByteRange, type ConnectionTestResult, type StorageEntry } from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONCURRENT_REQUESTS = 8;
export const DEFAULT_READ_BUFFER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Turns a caller's object path into the canonical form: relative to the bucket root, '/'-separated,
 * no leading or trailing slash. Refuses anything that could address outside the bucket or folder.
 */
export function normalizeObjectPath(input: string, what = 'Path'): string {
  if (typeof input !== 'string') throw new StorageError('bad_path', `${what} must be a string`);
  if (input.includes('\0')) throw new StorageError('bad_path', `${what} contains a NUL character: ${JSON.stringify(input)}`);
  if (input.startsWith('/') || /^[A-Za-z]:[\\/]/.test(input)) {
    throw new StorageError('bad_path', `${what} must be relative to the bucket root, not absolute: ${input}`);
  }
  const trimmed = input.replace(/\/+$/, '');
  if (trimmed === '') throw new StorageError('bad_path', `${what} is empty`);
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (segment === '') throw new StorageError('bad_path', `${what} has an empty segment ('//'): ${input}`);
    if (segment === '.' || segment === '..') {
      throw new StorageError('bad_path', `${what} may not contain '.' or '..' segments: ${input}`);
    }
  }
  return trimmed;
}

/** Like normalizeObjectPath but '' and '/' name the root, returned as ''. */
export function normalizeDirPath(input: string | undefined | null): string {
  if (input === undefined || input === null || input === '' || input === '/') return '';
  return normalizeObjectPath(input, 'Directory');
}

export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

export function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

export function parentDir(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** A recursive delete is asked for with a trailing '/', as Bunny's API does. */
export function isFolderDelete(path: string): boolean {
  return path.endsWith('/');
}

export function validateRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new StorageError('bad_range', `Range start must be a whole number of bytes >= 0, got ${start}`);
  }
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new StorageError('bad_range', `Range end must be a whole number >= start (${start}), got ${end}`);
  }
}

export function rangePastEnd(path: string, start: number, size: number): StorageError {
  return new StorageError('bad_range', `Range starts at byte ${start} but ${path} has only ${size} bytes`, { status: 416 });
}

/** Parses 'bytes 0-99/1234'. */
export function parseContentRange(header: string | null | undefined): { start: number; end: number; size: number } | null {
  if (!header) return null;
  // 'bytes */1234' is how a 416 answer states the size.
  const unsatisfied = /^bytes\s+\*\/(\d+)$/i.exec(header.trim());
  if (unsatisfied) return { start: -1, end: -1, size: Number(unsatisfied[1]) };
  const m = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec(header.trim());
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), size: m[3] === '*' ? -1 : Number(m[3]) };
}

/** Bounds the number of requests in flight; waiters are served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new StorageError('bad_config', `maxConcurrentRequests must be a whole number >= 1, got ${limit}`);
    }
  }

  get inFlight(): number {
    return this.active;
  }

  async acquire(): Promise<() => void> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // Hand the slot straight to the next waiter so a newcomer cannot overtake it.
      if (next) next();
      else this.active--;
    };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** Rejects with a 'timeout' StorageError when the promise takes longer than ms. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageError('timeout', describe())), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

/**
 * Wraps a response body so that the concurrency slot is given back when the body ends or is
 * abandoned, and a body that stalls for longer than idleMs fails with a 'timeout' error instead
 * of hanging its reader forever. Time the reader itself holds the stream back (backpressure, e.g.
 * a paused audio player) does not count as a stall.
 */
export function guardStream(source: Readable, opts: { release: () => void; idleMs: number; describeStall: () => string }): Readable {
  const out = new PassThrough();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const err = new StorageError('timeout', opts.describeStall());
      source.destroy(err);
      out.destroy(err);
    }, opts.idleMs);
  };
  const finish = () => {
    clearTimeout(timer);
    opts.release();
  };
  arm();
  source.on('data', arm);
  source.on('pause', () => clearTimeout(timer));
  source.on('resume', arm);
  source.on('error', (err) => {
    finish();
    out.destroy(err);
  });
  source.on('end', finish);
  out.on('close', () => {
    finish();
    if (!source.destroyed) source.destroy();
  });
  source.pipe(out);
  return out;
}

/** Reads a whole stream, refusing to hold more than maxBytes. */
export async function readStreamLimited(stream: Readable, maxBytes: number, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > maxBytes) {
      stream.destroy();
      throw tooLarge(path, total, maxBytes, true);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total);
}

export function tooLarge(path: string, size: number, maxBytes: number, atLeast = false): StorageError {
  return new StorageError(
    'too_large',
    `${path} is ${atLeast ? 'more than ' : ''}${size} bytes, above the limit of ${maxBytes} bytes for reading into memory`,
  );
}

export function toBuffer(body: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

export function isBinaryBody(body: unknown): body is Buffer | Uint8Array {
  return Buffer.isBuffer(body) || body instanceof Uint8Array;
}

export async function collectBody(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export function asReadable(body: NodeJS.ReadableStream): Readable {
  return body instanceof Readable ? body : Readable.from(body as AsyncIterable<Buffer>);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  ECONNABORTED: 'connection aborted',
  UND_ERR_SOCKET: 'connection closed',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
};
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Finds a Node system error code anywhere in an error's cause chain. */
export function findErrorCode(err: unknown): string | null {
  let current: any = err;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current.code === 'string' && (NETWORK_CODES[current.code] || TIMEOUT_CODES.has(current.code))) return current.code;
    if (Array.isArray(current.errors)) {
      for (const inner of current.errors) {
        const code = findErrorCode(inner);
        if (code) return code;
      }
    }
    current = current.cause;
  }
  return null;
}

/** Maps a network-level failure to 'unreachable' or 'timeout'; null when it is not one. */
export function networkError(err: unknown, target: string, timeoutMs: number): StorageError | null {
  const code = findErrorCode(err);
  if (!code) return null;
  if (TIMEOUT_CODES.has(code)) {
    return new StorageError('timeout', `${target} did not answer within ${formatSeconds(timeoutMs)}`, { cause: err });
  }
  return new StorageError('unreachable', `Cannot reach ${target}: ${NETWORK_CODES[code]} (${code})`, { cause: err });
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/**
 * Runs a connection check, timing it and turning every failure into a message. The check returns
 * a function that words the success message once the elapsed time is known.
 */
export async function timedConnectionTest(
  check: () => Promise<(elapsedMs: number) => string>,
  explain: (err: unknown) => string,
): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const word = await check();
    const responseTime = Math.round(performance.now() - started);
    return { success: true, message: word(responseTime), responseTime };
  } catch (err) {
    let message: string;
    try {
      message = explain(err);
    } catch {
      message = errorMessage(err);
    }
    return { success: false, message, responseTime: Math.round(performance.now() - started) };
  }
}

export function directoryEntry(path: string): StorageEntry {
  return { path, name: baseName(path), isDirectory: true, size: 0, lastModified: null, checksum: null };
}

export function sortEntries(entries: StorageEntry[]): StorageEntry[] {
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
