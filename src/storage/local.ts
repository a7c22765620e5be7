import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { mkdir, readdir, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_READ_BUFFER_MAX_BYTES,
  Semaphore,
  asReadable,
  errorMessage,
  isBinaryBody,
  isFolderDelete,
  joinPath,
  normalizeDirPath,
  normalizeObjectPath,
  rangePastEnd,
  readStreamLimited,
  sortEntries,
  timedConnectionTest,
  toBuffer,
  tooLarge,
  validateRange,
} from './common';
import { contentTypeFromName } from './content-types';
import {
  StorageError,
  type ByteRange,
  type ListPage,
  type ReadResult,
  type StorageAdapter,
  type StorageEntry,
  type WriteBody,
} from './types';

export interface LocalConfig {
  /** Absolute folder that plays the role of the bucket. */
  root: string;
}

/** Temporary files of an interrupted write; never listed. */
const TEMP_PREFIX = '.tmp-upload-';

export class LocalStorageAdapter implements StorageAdapter {
  readonly kind = 'local' as const;
  readonly bucket: string;
  private readonly limiter: Semaphore;

  constructor(config: LocalConfig, opts: { limiter: Semaphore }) {
    const root = (config.root ?? '').trim();
    if (!root) throw new StorageError('bad_config', 'Local folder path is missing');
    if (!path.isAbsolute(root)) throw new StorageError('bad_config', `Local folder must be an absolute path, got ${root}`);
    this.bucket = path.resolve(root);
    this.limiter = opts.limiter;
  }

  /**
   * Maps a bucket path to disk, refusing anything that lands outside the root, also through
   * symlinks. For a path that does not exist yet, its nearest existing ancestor is checked, so a
   * write cannot create folders beyond a symlink either.
   */
  private async resolve(relative: string): Promise<string> {
    const target = relative === '' ? this.bucket : path.join(this.bucket, ...relative.split('/'));
    const realRoot = await realpath(this.bucket).catch(() => this.bucket);
    let probe = target;
    for (;;) {
      let real: string | null = null;
      try {
        real = await realpath(probe);
      } catch {
        // Not there (yet): check the folder above it.
      }
      if (real !== null) {
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
          throw new StorageError('bad_path', `Path ${relative} points outside the folder ${this.bucket}`);
        }
        return target;
      }
      if (probe === this.bucket || path.dirname(probe) === probe) return target;
      probe = path.dirname(probe);
    }
  }

  private toEntry(relative: string, stats: Stats): StorageEntry {
    const isDirectory = stats.isDirectory();
    return {
      path: relative,
      name: path.posix.basename(relative),
      isDirectory,
      size: isDirectory ? 0 : stats.size,
      lastModified: stats.mtime,
      checksum: null,
    };
  }

  private fsError(err: any, relative: string): StorageError {
    if (err instanceof StorageError) return err;
    const code = err?.code as string | undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return new StorageError('not_found', `${relative || 'The folder'} not found in ${this.bucket}`, { cause: err });
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return new StorageError('auth', `Permission denied for ${relative || 'the folder'} in ${this.bucket}`, { cause: err });
    }
    if (code === 'EISDIR') return new StorageError('bad_path', `${relative} is a directory in ${this.bucket}`, { cause: err });
    return new StorageError('protocol', `File system error on ${relative || this.bucket}: ${errorMessage(err)}`, { cause: err });
  }

  async list(dir: string, opts: { pageToken?: string | null; pageSize?: number } = {}): Promise<ListPage> {
    const folder = normalizeDirPath(dir);
    return this.limiter.run(async () => {
      const absolute = await this.resolve(folder);
      let names: string[];
      try {
        names = await readdir(absolute);
      } catch (err: any) {
        if (err?.code === 'ENOENT' && folder !== '') return { entries: [], nextPageToken: null };
        throw this.fsError(err, folder);
      }
      const entries: StorageEntry[] = [];
      for (const name of names) {
        if (name.startsWith(TEMP_PREFIX)) continue;
        try {
          const stats = await stat(path.join(absolute, name));
          if (!stats.isFile() && !stats.isDirectory()) continue;
          entries.push(this.toEntry(joinPath(folder, name), stats));
        } catch {
          // Vanished between readdir and stat, or a dangling symlink: not an object.
        }
      }
      sortEntries(entries);
      // Paging exists so callers can treat every kind alike; the token is the last path served.
      const after = opts.pageToken ?? null;
      const start = after ? entries.findIndex((entry) => entry.path > after) : 0;
      const remaining = start < 0 ? [] : entries.slice(start);
      const pageSize = opts.pageSize && opts.pageSize > 0 ? opts.pageSize : remaining.length;
      const page = remaining.slice(0, pageSize);
      const more = remaining.length > page.length;
      return { entries: page, nextPageToken: more ? page[page.length - 1].path : null };
    });
  }

  async stat(relativePath: string): Promise<StorageEntry | null> {
    const key = normalizeObjectPath(relativePath);
    return this.limiter.run(async () => {
      const absolute = await this.resolve(key);
      try {
        return this.toEntry(key, await stat(absolute));
      } catch (err: any) {
        if (err?.code === 'ENOENT' || err?.code === 'ENOTDIR') return null;
        throw this.fsError(err, key);
      }
    });
  }

  async read(relativePath: string, range?: ByteRange): Promise<ReadResult> {
    const key = normalizeObjectPath(relativePath);
    validateRange(range);
    const release = await this.limiter.acquire();
    try {
      const absolute = await this.resolve(key);
      const stats = await stat(absolute).catch((err) => {
        throw this.fsError(err, key);
      });
      if (stats.isDirectory()) throw new StorageError('bad_path', `${key} is a directory, not a file, in ${this.bucket}`);
      const size = stats.size;
      let served: { start: number; end: number } | null = null;
      if (range) {
        if (range.start >= size && !(size === 0 && range.start === 0)) throw rangePastEnd(key, range.start, size);
        served = { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
      }
      const stream = createReadStream(absolute, served ? { start: served.start, end: served.end } : {});
      stream.on('close', release);
      return { stream, size, contentType: contentTypeFromName(key), range: served };
    } catch (err) {
      release();
      throw this.fsError(err, key);
    }
  }

  async readBuffer(relativePath: string, opts: { maxBytes?: number } = {}): Promise<Buffer> {
    const maxBytes = opts.maxBytes ?? DEFAULT_READ_BUFFER_MAX_BYTES;
    const result = await this.read(relativePath);
    if (result.size > maxBytes) {
      result.stream.destroy();
      throw tooLarge(normalizeObjectPath(relativePath), result.size, maxBytes);
    }
    return readStreamLimited(result.stream, maxBytes, relativePath);
  }

  async write(relativePath: string, body: WriteBody, _opts: { contentType?: string; size?: number } = {}): Promise<void> {
    if (relativePath.endsWith('/')) throw new StorageError('bad_path', `Cannot write to a directory path: ${relativePath}`);
    const key = normalizeObjectPath(relativePath);
    await this.limiter.run(async () => {
      const absolute = await this.resolve(key);
      const folder = path.dirname(absolute);
      // Written beside the target and renamed, so a reader never sees half a file.
      const temp = path.join(folder, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        await mkdir(folder, { recursive: true });
        if (isBinaryBody(body)) await writeFile(temp, toBuffer(body));
        else await pipeline(asReadable(body), createWriteStream(temp));
        await rename(temp, absolute);
      } catch (err) {
        await unlink(temp).catch(() => {});
        throw this.fsError(err, key);
      }
    });
  }

  async delete(relativePath: string): Promise<void> {
    const folder = isFolderDelete(relativePath);
    const key = normalizeObjectPath(relativePath);
    await this.limiter.run(async () => {
      const absolute = await this.resolve(key);
      try {
        if (folder) await rm(absolute, { recursive: true, force: true });
        else await unlink(absolute);
      } catch (err: any) {
        if (err?.code === 'ENOENT') return;
        throw this.fsError(err, key);
      }
    });
  }

  testConnection() {
    return timedConnectionTest(
      async () => {
        const stats = await stat(this.bucket).catch((err) => {
          throw this.fsError(err, '');
        });
        if (!stats.isDirectory()) throw new StorageError('bad_config', `${this.bucket} is a file, not a folder`);
        await readdir(this.bucket).catch((err) => {
          throw this.fsError(err, '');
        });
        return (ms: number) => `Successfully connected to folder ${this.bucket} (${ms} ms)`;
      },
      (err) => {
        if (err instanceof StorageError && err.code === 'not_found') return `Folder ${this.bucket} does not exist`;
        return errorMessage(err);
      },
    );
  }
}
