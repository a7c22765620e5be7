import { BunnyStorageAdapter, type BunnyConfig } from './bunny';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, DEFAULT_TIMEOUT_MS, Semaphore, errorMessage } from './common';
import { GcsStorageAdapter, type GcsConfig } from './gcs';
import { LocalStorageAdapter, type LocalConfig } from './local';
import { S3StorageAdapter, type S3Config } from './s3';
import { StorageError, type ConnectionTestResult, type StorageAdapter } from './types';

export * from './types';
export { BUNNY_DEFAULT_BASE_URL, BUNNY_REGIONS, bunnyBaseUrl, BunnyStorageAdapter } from './bunny';
export { GcsStorageAdapter, parseServiceAccountKey } from './gcs';
export { LocalStorageAdapter } from './local';
export { contentTypeFromName } from './content-types';
export { S3StorageAdapter } from './s3';
export { DEFAULT_MAX_CONCURRENT_REQUESTS, DEFAULT_READ_BUFFER_MAX_BYTES, DEFAULT_TIMEOUT_MS, normalizeObjectPath } from './common';

export type StorageConfig =
  | ({ kind: 'bunny_cdn' } & BunnyConfig)
  | ({ kind: 'google_cloud' } & GcsConfig)
  | ({ kind: 'local' } & LocalConfig)
  | ({ kind: 's3' } & S3Config);

export interface StorageAdapterOptions {
  /** Per request: time to the response headers, and the longest pause while a body streams. Default 30 s. */
  timeoutMs?: number;
  /** Only the Bunny client is built on fetch; tests and proxies may pass their own. */
  fetch?: typeof fetch;
  /** Requests this adapter instance keeps in flight at most (a streamed read holds its slot until the body ends). Default 8. */
  maxConcurrentRequests?: number;
}

/** Builds the adapter for a source; throws a 'bad_config' StorageError naming what is wrong with the config. */
export function createStorageAdapter(config: StorageConfig, opts: StorageAdapterOptions = {}): StorageAdapter {
  if (!config || typeof config !== 'object') throw new StorageError('bad_config', 'Storage configuration is missing');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new StorageError('bad_config', `timeoutMs must be a positive number of milliseconds, got ${opts.timeoutMs}`);
  }
  const limiter = new Semaphore(opts.maxConcurrentRequests ?? DEFAULT_MAX_CONCURRENT_REQUESTS);
  switch (config.kind) {
    case 'bunny_cdn':
      return new BunnyStorageAdapter(config, { timeoutMs, fetch: opts.fetch, limiter });
    case 'google_cloud':
      return new GcsStorageAdapter(config, { timeoutMs, limiter });
    case 'local':
      return new LocalStorageAdapter(config, { limiter });
    case 's3':
      return new S3StorageAdapter(config, { timeoutMs, limiter });
    default:
      throw new StorageError(
        'bad_config',
        `Unknown storage kind '${String((config as { kind?: unknown }).kind)}'; expected bunny_cdn, google_cloud, local or s3`,
      );
  }
}

/**
 * What the Sources page's 'Test' calls: builds the adapter and runs its connection test. Never
 * throws; a configuration mistake comes back as a failed test with the reason.
 */
export async function testStorageConnection(config: StorageConfig, opts: StorageAdapterOptions = {}): Promise<ConnectionTestResult> {
  let adapter: StorageAdapter;
  try {
    adapter = createStorageAdapter(config, { timeoutMs: 10_000, ...opts });
  } catch (err) {
    return { success: false, message: errorMessage(err), responseTime: 0 };
  }
  return adapter.testConnection();
}
