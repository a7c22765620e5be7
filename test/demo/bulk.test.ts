import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateBulkDeliveries, memoryWriter, type BulkManifest } from '@/features/demo';
import { ISRC_PATTERN, isValidGtin } from '@/features/demo/ids';
import { child, decode, descendants, parseXml, textOf } from './support';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('bulk deliveries for the scan benchmark', () => {
  it('writes 10,000 deliveries into memory in well under a minute, mixed versions and layouts', { timeout: 120_000 }, async () => {
    const writer = memoryWriter();
    const started = performance.now();
    const bulk: BulkManifest = await generateBulkDeliveries(writer, { count: 10_000 });
    const seconds = (performance.now() - started) / 1000;
    console.log(`bulk: 10,000 deliveries, ${bulk.files} files, ${(bulk.bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s`);
    // Alone it takes 8 to 13 s; the margin is for a full parallel test run on two cores.
    expect(seconds).toBeLessThan(55);

    expect(bulk.deliveries).toHaveLength(10_000);
    expect(writer.files.size).toBe(bulk.files);
    const tracks = bulk.deliveries.reduce((sum, d) => sum + d.trackCount, 0);
    // Each delivery: its XML, one placeholder per track and a cover; plus one manifest per batch.
    expect(bulk.files).toBe(bulk.deliveries.length * 2 + tracks + bulk.batches.length);
    expect(tracks / bulk.deliveries.length).toBeGreaterThan(11);
    expect(tracks / bulk.deliveries.length).toBeLessThan(13);

    const combos = new Map<string, number>();
    for (const d of bulk.deliveries) combos.set(`${d.ernVersion}/${d.layout}`, (combos.get(`${d.ernVersion}/${d.layout}`) ?? 0) + 1);
    expect([...combos.keys()].sort()).toEqual(['3.8.2/batch', '3.8.2/release-by-release', '4.3/batch', '4.3/release-by-release']);
    for (const n of combos.values()) expect(n).toBe(2_500);

    const upcs = new Set(bulk.deliveries.map((d) => d.upc));
    expect(upcs.size).toBe(10_000);
    expect(new Set(bulk.deliveries.map((d) => d.path)).size).toBe(10_000);
    expect(new Set(bulk.partners.map((p) => p.folder)).size).toBe(4);

    // Every batched delivery is listed by exactly one BatchComplete manifest.
    const batched = bulk.deliveries.filter((d) => d.layout === 'batch');
    expect(bulk.batches.reduce((sum, b) => sum + b.messageCount, 0)).toBe(batched.length);
    const batch = bulk.batches[0];
    const manifestDoc = parseXml(decode(writer.files.get(batch.manifestPath)!));
    const entries = descendants(manifestDoc, 'MessageInBatch');
    expect(entries).toHaveLength(batch.messageCount);
    for (const entry of entries) {
      const messageBytes = writer.files.get(`${batch.folder}/${textOf(child(entry, 'URL'))}`)!;
      expect(md5(messageBytes)).toBe(textOf(child(child(entry, 'HashSum')!, 'HashSum')));
    }

    // A sample of messages: well-formed, real identifiers, hashes that match the placeholders.
    for (const delivery of bulk.deliveries.filter((_, i) => i % 500 === 0)) {
      const doc = parseXml(decode(writer.files.get(delivery.path)!));
      expect(isValidGtin(delivery.upc)).toBe(true);
      expect(descendants(doc, 'ICPN').map(textOf)).toContain(delivery.upc);
      const isrcs = descendants(descendants(doc, 'ResourceList')[0], 'ISRC').map(textOf);
      expect(isrcs).toHaveLength(delivery.trackCount);
      for (const isrc of isrcs) expect(isrc).toMatch(ISRC_PATTERN);
      const folder = delivery.path.slice(0, delivery.path.lastIndexOf('/'));
      const files = descendants(doc, 'File');
      expect(files).toHaveLength(delivery.trackCount + 1);
      for (const file of files) {
        const relative = textOf(child(file, 'URI')) || textOf(child(file, 'FilePath')) + textOf(child(file, 'FileName'));
        const hash = child(file, 'HashSum')!;
        const stated = textOf(child(hash, 'HashSumValue')) || textOf(child(hash, 'HashSum'));
        const bytes = writer.files.get(`${folder}/${relative}`);
        expect(bytes, relative).toBeDefined();
        expect(bytes!.length).toBeLessThan(64);
        expect(md5(bytes!)).toBe(stated);
      }
    }
  });

  it('is deterministic per seed and different across seeds', async () => {
    const a = memoryWriter();
    const b = memoryWriter();
    const c = memoryWriter();
    await generateBulkDeliveries(a, { count: 60, seed: 7, partners: 3 });
    await generateBulkDeliveries(b, { count: 60, seed: 7, partners: 3 });
    await generateBulkDeliveries(c, { count: 60, seed: 8, partners: 3 });
    expect([...b.files.keys()]).toEqual([...a.files.keys()]);
    for (const [file, bytes] of a.files) expect(md5(b.files.get(file)!)).toBe(md5(bytes));
    const firstXml = [...a.files.keys()].find((p) => p.endsWith('.xml'))!;
    expect(decode(c.files.get(firstXml)!)).not.toBe(decode(a.files.get(firstXml)!));
  });

  it('closes a last, partly filled batch and honours the partner count', async () => {
    const writer = memoryWriter();
    const bulk = await generateBulkDeliveries(writer, { count: 13, partners: 1, batchSize: 4 });
    expect(bulk.partners).toHaveLength(1);
    const batched = bulk.deliveries.filter((d) => d.layout === 'batch');
    expect(bulk.batches.map((b) => b.messageCount).reduce((x, y) => x + y, 0)).toBe(batched.length);
    expect(bulk.batches.every((b) => writer.files.has(b.manifestPath))).toBe(true);
    expect(bulk.batches.at(-1)!.messageCount).toBeLessThanOrEqual(4);
  });

  it('rejects impossible options with a clear error', async () => {
    await expect(generateBulkDeliveries(memoryWriter(), { count: -1 })).rejects.toThrow(/count must be an integer/);
    await expect(generateBulkDeliveries(memoryWriter(), { count: 1.5 })).rejects.toThrow(/count must be an integer/);
    await expect(generateBulkDeliveries(memoryWriter(), { count: 1, partners: 0 })).rejects.toThrow(/partners must be/);
  });
});
