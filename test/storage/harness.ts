/** Shared set-up for the storage tests: one harness per storage kind, each backed by its fake. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { StorageError, createStorageAdapter, type StorageAdapter, type StorageAdapterOptions, type StorageConfig, type StorageKind } from '@/storage';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs';
import { startFakeS3, type FakeS3 } from '../fakes/s3';

export interface Harness {
  kind: StorageKind;
  config: StorageConfig;
  /** Puts an object straight into the backing store, bypassing the adapter. */
  seed(key: string, body: Buffer | string): Promise<void>;
  adapter(opts?: StorageAdapterOptions): StorageAdapter;
  /** Peak concurrent requests seen by the fake, where the fake can tell. */
  maxConcurrent(): number | null;
  resetCounters(): void;
  close(): Promise<void>;
}

export async function bunnyHarness(opts: { latencyMs?: number } = {}): Promise<Harness & { fake: FakeBunny }> {
  const zone = 'partner-drops';
  const fake = await startFakeBunny({ zones: { [zone]: 'zone-access-key-1234' }, latencyMs: opts.latencyMs });
  const config: StorageConfig = { kind: 'bunny_cdn', storageZone: zone, accessKey: 'zone-access-key-1234', baseUrl: fake.baseUrl };
  return {
    kind: 'bunny_cdn',
    fake,
    config,
    async seed(key, body) {
      fake.put(zone, key, body);
    },
    adapter: (o) => createStorageAdapter(config, o),
    maxConcurrent: () => fake.maxConcurrent,
    resetCounters: () => fake.resetCounters(),
    close: () => fake.close(),
  };
}

export async function gcsHarness(opts: { latencyMs?: number } = {}): Promise<Harness & { fake: FakeGcs }> {
  const bucket = 'ddex-inbox';
  const fake = await startFakeGcs({ buckets: [bucket], latencyMs: opts.latencyMs });
  const config: StorageConfig = {
    kind: 'google_cloud',
    projectId: fake.projectId,
    bucketName: bucket,
    serviceAccountKey: fake.serviceAccount.keyJson,
    apiEndpoint: fake.apiEndpoint,
  };
  return {
    kind: 'google_cloud',
    fake,
    config,
    async seed(key, body) {
      fake.put(bucket, key, body);
    },
    adapter: (o) => createStorageAdapter(config, o),
    maxConcurrent: () => fake.maxConcurrent,
    resetCounters: () => fake.resetCounters(),
    close: () => fake.close(),
  };
}

export async function s3Harness(): Promise<Harness & { fake: FakeS3 }> {
  const bucket = 'ddex-inbox';
  const fake = await startFakeS3({ buckets: [bucket] });
  const config: StorageConfig = {
    kind: 's3',
    bucket,
    endpoint: fake.endpoint,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
  };
  return {
    kind: 's3',
    fake,
    config,
    seed: (key, body) => fake.put(bucket, key, body),
    adapter: (o) => createStorageAdapter(config, o),
    maxConcurrent: () => null,
    resetCounters: () => {},
    close: () => fake.close(),
  };
}

export async function localHarness(): Promise<Harness & { root: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'local-source-'));
  const config: StorageConfig = { kind: 'local', root };
  return {
    kind: 'local',
    root,
    config,
    async seed(key, body) {
      const target = path.join(root, ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    adapter: (o) => createStorageAdapter(config, o),
    maxConcurrent: () => null,
    resetCounters: () => {},
    close: () => rm(root, { recursive: true, force: true }),
  };
}

/** A TCP server that accepts connections and never answers: the 'hung service' case. */
export async function startSilentServer(): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function expectStorageError(promise: Promise<unknown>, code: StorageError['code']): Promise<StorageError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a StorageError ${code}`).toBeInstanceOf(StorageError);
  expect((err as StorageError).code, (err as Error).message).toBe(code);
  return err as StorageError;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
