import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBulkDeliveries, generateDemoDeliveries } from '@/features/demo';
import { createStorageAdapter, type StorageAdapter } from '@/storage';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';

// A storage adapter is a DeliveryWriter as it is: `npm run demo` can write straight into a local
// source and the scan benchmark straight into the Bunny fake.
const NOW = new Date('2026-05-04T10:00:00.000Z');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

async function readAll(adapter: StorageAdapter, filePath: string): Promise<Buffer> {
  const result = await adapter.read(filePath);
  const chunks: Buffer[] = [];
  for await (const chunk of result.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('writing deliveries through storage adapters', () => {
  let folder: string;
  let bunny: FakeBunny;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'demo-local-source-'));
    bunny = await startFakeBunny({ zones: { deliveries: 'zone-key' } });
  });

  afterAll(async () => {
    await bunny?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('the demo lands in a local source where the adapter lists and reads it back', async () => {
    const adapter = createStorageAdapter({ kind: 'local', root: folder });
    const manifest = await generateDemoDeliveries(adapter, { now: NOW });
    const partners = await adapter.list('');
    expect(partners.entries.filter((e) => e.isDirectory).map((e) => e.name).sort()).toEqual(manifest.partners.map((p) => p.folder).sort());
    const batch = manifest.batches.find((b) => b.complete)!;
    const batchListing = await adapter.list(batch.folder);
    expect(batchListing.entries.map((e) => e.name)).toContain(`BatchComplete_${batch.batchId}.xml`);
    for (const file of manifest.files.filter((_, i) => i % 20 === 0)) {
      expect(md5(await readAll(adapter, file.path)), file.path).toBe(file.md5);
    }
  });

  it('bulk deliveries land in a Bunny storage zone over its HTTP API', async () => {
    const adapter = createStorageAdapter({ kind: 'bunny_cdn', storageZone: 'deliveries', accessKey: 'zone-key', baseUrl: bunny.baseUrl });
    // A little latency, as a real service has, makes overlapping writes observable.
    bunny.setLatency(5);
    bunny.resetCounters();
    const started = performance.now();
    const bulk = await generateBulkDeliveries(adapter, { count: 40, concurrency: 8 });
    const seconds = (performance.now() - started) / 1000;
    console.log(`bulk through the Bunny fake: ${bulk.files} files in ${seconds.toFixed(1)} s (${Math.round(bulk.files / seconds)} writes/s)`);
    const stored = bunny.files('deliveries');
    expect(stored).toHaveLength(bulk.files);
    for (const delivery of bulk.deliveries) expect(stored).toContain(delivery.path);
    for (const batch of bulk.batches) expect(stored).toContain(batch.manifestPath);
    expect(bunny.maxConcurrent).toBeGreaterThan(1);
    expect(bunny.maxConcurrent).toBeLessThanOrEqual(8);
  });

  it('a failing write stops the bulk generator with that error', async () => {
    let writes = 0;
    const failing = {
      async write(relPath: string) {
        writes += 1;
        if (writes === 30) throw new Error(`disk full while writing ${relPath}`);
      },
    };
    await expect(generateBulkDeliveries(failing, { count: 20 })).rejects.toThrow(/disk full while writing/);
  });
});
