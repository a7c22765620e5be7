import { beforeAll, describe, expect, it } from 'vitest';
import { parseErn, summarize } from '@/ddex';
import { generateBulkDeliveries, generateDemoDeliveries, memoryWriter, type DemoManifest } from '@/features/demo';

// The scanner reads deliveries through the DDEX engine; these checks make sure the engine reads
// the demo exactly as the DemoManifest describes it, so scanner tests can trust the manifest.
const NOW = new Date('2026-05-04T10:00:00.000Z');
const TODAY = '2026-05-04';

describe('the DDEX engine reads the demo deliveries as the manifest describes them', () => {
  let manifest: DemoManifest;
  let files: Map<string, Uint8Array>;

  beforeAll(async () => {
    const writer = memoryWriter();
    manifest = await generateDemoDeliveries(writer, { now: NOW });
    files = writer.files;
  });

  it('header and release fields of every readable message', () => {
    for (const message of manifest.messages.filter((m) => !m.malformed)) {
      const summary = summarize(files.get(message.path)!, { fileName: message.path, today: TODAY });
      const release = manifest.releases.find((r) => r.upc === message.upc)!;
      const partner = manifest.partners.find((p) => p.folder === message.partnerFolder)!;
      expect(summary.error, message.path).toBeNull();
      expect(summary.messageType).toBe(message.messageType);
      expect(summary.ernVersion).toBe(message.ernVersion);
      expect(summary.messageId).toBe(message.messageId);
      expect(summary.messageThreadId).toBe(message.threadId);
      expect(summary.senderPartyId).toBe(partner.partyId);
      expect(summary.upc).toBe(message.upc);
      expect(summary.takedown).toBe(message.kind === 'takedown');
      if (message.messageType === 'NewReleaseMessage') {
        expect(summary.releaseTitle).toBe(release.title);
        expect(summary.artistName).toBe(release.artist);
        expect(summary.isrcs).toEqual(release.isrcs);
        expect(summary.trackCount).toBe(release.trackCount);
        expect(summary.durationMs).toBe(release.totalDurationSeconds * 1000);
      }
    }
  });

  it('files with their MD5s, metadata-only updates and takedowns', () => {
    for (const message of manifest.messages.filter((m) => !m.malformed)) {
      const parsed = parseErn(files.get(message.path)!, { today: TODAY });
      if (!parsed.ok) throw new Error(`${message.path}: ${parsed.error.message}`);
      expect(parsed.message.isMetadataOnly, message.path).toBe(message.mediaFiles.length === 0);
      expect(parsed.message.isTakedown, message.path).toBe(message.kind === 'takedown');
      const stated = parsed.message.resources.flatMap((r) => r.files).map((f) => [`${message.deliveryFolder}/${f.path}`, f.hash]);
      const written = message.mediaFiles.map((p) => [p, manifest.files.find((f) => f.path === p)!.md5]);
      expect(stated.sort()).toEqual(written.sort());
    }
  });

  it('recognises BatchComplete manifests and reports the malformed file with a position', () => {
    for (const batch of manifest.batches.filter((b) => b.complete)) {
      const parsed = parseErn(files.get(batch.manifestPath!)!);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.message.kind).toBe('ManifestMessage');
      expect(parsed.message.manifest!.messages.map((m) => `${batch.folder}/${m.url}`).sort()).toEqual([...batch.messagePaths].sort());
    }
    const broken = parseErn(files.get(manifest.malformedFile.path)!);
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.error.code).toBe('malformed_xml');
      expect(broken.error.line).toBeGreaterThan(1);
    }
  });

  it('bulk messages of both versions', async () => {
    const writer = memoryWriter();
    const bulk = await generateBulkDeliveries(writer, { count: 8 });
    for (const delivery of bulk.deliveries) {
      const summary = summarize(writer.files.get(delivery.path)!, { today: TODAY });
      expect(summary.error).toBeNull();
      expect([summary.ernVersion, summary.upc, summary.trackCount, summary.artistName]).toEqual([
        delivery.ernVersion,
        delivery.upc,
        delivery.trackCount,
        delivery.artist,
      ]);
    }
  });
});
