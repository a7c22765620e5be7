import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderWriter, generateDemoDeliveries, memoryWriter, type DemoManifest } from '@/features/demo';
import { ISRC_PATTERN, isValidGrid, isValidGtin } from '@/features/demo/ids';
import { readWavInfo } from '@/features/demo/media';
import { child, decode, descendants, parseXml, textOf, type XmlNode } from './support';

const NOW = new Date('2026-05-04T10:00:00.000Z');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
  }
  return out;
}

/** The files a message names, with the hash and size the message states for each. */
function referencedFiles(doc: XmlNode): { relativePath: string; md5: string; size?: number }[] {
  return descendants(doc, 'File').map((file) => {
    const uri = textOf(child(file, 'URI'));
    const relativePath = uri || textOf(child(file, 'FilePath')) + textOf(child(file, 'FileName'));
    const hash = child(file, 'HashSum')!;
    const value = textOf(child(hash, 'HashSumValue')) || textOf(child(hash, 'HashSum'));
    const algorithm = textOf(child(hash, 'Algorithm')) || textOf(child(hash, 'HashSumAlgorithmType'));
    expect(algorithm).toBe('MD5');
    const size = child(file, 'FileSize');
    return { relativePath, md5: value, size: size ? Number(textOf(size)) : undefined };
  });
}

describe('demo deliveries written to a folder', () => {
  let root: string;
  let manifest: DemoManifest;
  let elapsedMs: number;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'demo-deliveries-'));
    const started = performance.now();
    manifest = await generateDemoDeliveries(folderWriter(root), { now: NOW });
    elapsedMs = performance.now() - started;
  });

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('takes a few seconds at most', () => {
    expect(elapsedMs).toBeLessThan(8_000);
  });

  it('the manifest lists exactly the files on disk, with their sizes and MD5s', async () => {
    const onDisk = (await listFiles(root)).sort();
    expect(manifest.files.map((f) => f.path).sort()).toEqual(onDisk);
    for (const file of manifest.files) {
      const bytes = await readFile(path.join(root, file.path));
      expect(bytes.length, file.path).toBe(file.sizeBytes);
      expect(md5(bytes), file.path).toBe(file.md5);
    }
    expect(manifest.totals.files).toBe(onDisk.length);
  });

  it('covers what the issue asks: 3+ partners, 25+ releases, both ERN versions and both layouts', () => {
    expect(manifest.partners.length).toBeGreaterThanOrEqual(3);
    const readable = manifest.releases.filter((r) => !r.malformed);
    expect(readable.length).toBeGreaterThanOrEqual(25);
    const combos = new Set(readable.map((r) => `${r.ernVersion}/${r.layout}`));
    expect(combos).toEqual(new Set(['3.8.2/release-by-release', '3.8.2/batch', '4.3/release-by-release', '4.3/batch']));
    const origins = new Set(manifest.artists.map((a) => a.origin));
    expect(origins).toEqual(new Set(['NL', 'BE', 'INT']));
    expect(manifest.artists.filter((a) => a.releaseUpcs.length >= 2).length).toBeGreaterThanOrEqual(3);
    expect(readable.some((r) => r.languageOfPerformance === 'nl' && r.territories.includes('NL'))).toBe(true);
  });

  it('follows the documented layout for every message', () => {
    for (const message of manifest.messages) {
      const partner = message.partnerFolder;
      const pattern =
        message.layout === 'batch'
          ? new RegExp(`^${partner}/(\\d{17})/${message.upc}/${message.upc}\\.xml$`)
          : new RegExp(`^${partner}/\\d{17}_${message.upc}/${message.upc}\\.xml$`);
      expect(message.path, message.path).toMatch(pattern);
      if (message.layout === 'batch') expect(message.path.split('/')[1]).toBe(message.batchId);
      for (const media of message.mediaFiles) expect(media.startsWith(`${message.deliveryFolder}/resources/`)).toBe(true);
    }
  });

  it('uses realistic identifiers: GS1-valid 13-digit UPCs, ISRC shape, GRid check characters', () => {
    const upcs = manifest.releases.map((r) => r.upc);
    expect(new Set(upcs).size).toBe(upcs.length);
    for (const release of manifest.releases) {
      expect(release.upc).toMatch(/^\d{13}$/);
      expect(isValidGtin(release.upc), release.upc).toBe(true);
      for (const isrc of release.isrcs) expect(isrc).toMatch(ISRC_PATTERN);
      if (release.grid) expect(isValidGrid(release.grid), release.grid).toBe(true);
      expect(release.catalogNumber).toMatch(/^[A-Z]{3}\d{3}$/);
    }
    const isrcs = manifest.releases.flatMap((r) => r.isrcs);
    expect(new Set(isrcs).size).toBe(isrcs.length);
    expect(manifest.releases.some((r) => r.grid)).toBe(true);
  });

  it('every readable message states the MD5 and size of the bytes it references', async () => {
    let checked = 0;
    for (const message of manifest.messages.filter((m) => !m.malformed)) {
      const doc = parseXml(await readFile(path.join(root, message.path), 'utf8'));
      const refs = referencedFiles(doc);
      expect(refs.map((r) => `${message.deliveryFolder}/${r.relativePath}`).sort()).toEqual([...message.mediaFiles].sort());
      for (const ref of refs) {
        const bytes = await readFile(path.join(root, message.deliveryFolder, ref.relativePath));
        expect(md5(bytes), ref.relativePath).toBe(ref.md5);
        if (ref.size !== undefined) expect(bytes.length).toBe(ref.size);
        checked++;
      }
    }
    const malformedMedia = manifest.messages.filter((m) => m.malformed).flatMap((m) => m.mediaFiles).length;
    expect(checked).toBe(manifest.totals.audioFiles + manifest.totals.images - malformedMedia);
  });

  it('reads back the header fields a scanner needs', async () => {
    for (const message of manifest.messages.filter((m) => !m.malformed)) {
      const doc = parseXml(await readFile(path.join(root, message.path), 'utf8'));
      expect(doc.name).toBe(message.messageType);
      const header = child(doc, 'MessageHeader')!;
      expect(textOf(child(header, 'MessageId'))).toBe(message.messageId);
      expect(textOf(child(header, 'MessageThreadId'))).toBe(message.threadId);
      expect(new Date(textOf(child(header, 'MessageCreatedDateTime'))).getTime()).toBe(Math.floor(new Date(message.createdAt).getTime() / 1000) * 1000);
      expect(descendants(doc, 'ICPN').map(textOf)).toContain(message.upc);
      const release = manifest.releases.find((r) => r.upc === message.upc)!;
      if (message.messageType === 'NewReleaseMessage') {
        expect(descendants(doc, 'ISRC').map(textOf)).toEqual(expect.arrayContaining(release.isrcs));
        expect(descendants(doc, 'DisplayArtistName').map(textOf)).toContain(release.artist);
      }
    }
  });

  it('closes complete batches with a BatchComplete manifest whose URLs and hashes match', async () => {
    const complete = manifest.batches.filter((b) => b.complete);
    expect(complete.length).toBeGreaterThanOrEqual(3);
    for (const batch of complete) {
      expect(batch.manifestPath).toBe(`${batch.folder}/BatchComplete_${batch.batchId}.xml`);
      const doc = parseXml(await readFile(path.join(root, batch.manifestPath!), 'utf8'));
      expect(doc.name).toBe('ManifestMessage');
      expect(textOf(child(doc, 'RootDirectory'))).toBe(batch.batchId);
      const entries = descendants(doc, 'MessageInBatch');
      expect(Number(textOf(child(doc, 'NumberOfMessages')))).toBe(entries.length);
      expect(entries.length).toBe(batch.messagePaths.length);
      for (const entry of entries) {
        const messagePath = `${batch.folder}/${textOf(child(entry, 'URL'))}`;
        expect(batch.messagePaths).toContain(messagePath);
        const bytes = await readFile(path.join(root, messagePath));
        expect(textOf(child(child(entry, 'HashSum')!, 'HashSum'))).toBe(md5(bytes));
        const message = manifest.messages.find((m) => m.path === messagePath)!;
        expect(textOf(child(entry, 'MessageId'))).toBe(message.messageId);
      }
    }
  });

  it('leaves one recent batch without its manifest', async () => {
    const incomplete = manifest.incompleteBatch;
    expect(incomplete.complete).toBe(false);
    expect(incomplete.manifestPath).toBeNull();
    expect(manifest.batches.filter((b) => !b.complete)).toEqual([incomplete]);
    const names = await readdir(path.join(root, incomplete.folder));
    expect(names.some((n) => n.startsWith('BatchComplete'))).toBe(false);
    expect(incomplete.messagePaths.length).toBeGreaterThanOrEqual(1);
    const batchTime = Date.UTC(
      Number(incomplete.batchId.slice(0, 4)), Number(incomplete.batchId.slice(4, 6)) - 1, Number(incomplete.batchId.slice(6, 8)),
      Number(incomplete.batchId.slice(8, 10)), Number(incomplete.batchId.slice(10, 12)),
    );
    expect(NOW.getTime() - batchTime).toBeLessThan(60 * 60_000);
    expect(manifest.releases.filter((r) => r.inIncompleteBatch).length).toBe(incomplete.messagePaths.length);
  });

  it('redelivers a release in the same thread, later, with some media changed', async () => {
    const { redelivery } = manifest;
    const thread = manifest.messages.filter((m) => m.threadId === redelivery.threadId && m.kind !== 'takedown');
    const initial = thread.find((m) => m.path === redelivery.initialPath)!;
    const redo = thread.find((m) => m.path === redelivery.redeliveryPath)!;
    expect(initial.kind).toBe('initial');
    expect(redo.kind).toBe('redelivery');
    expect(redo.upc).toBe(initial.upc);
    expect(new Date(redo.createdAt).getTime()).toBeGreaterThan(new Date(initial.createdAt).getTime());
    expect(redelivery.changedFiles.length).toBeGreaterThan(0);
    expect(redelivery.unchangedFiles.length).toBeGreaterThan(0);
    const hashByName = async (files: string[]) =>
      new Map(await Promise.all(files.map(async (f) => [path.basename(f), md5(await readFile(path.join(root, f)))] as const)));
    const before = await hashByName(initial.mediaFiles);
    const after = await hashByName(redo.mediaFiles);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const file of redelivery.changedFiles) expect(after.get(path.basename(file))).not.toBe(before.get(path.basename(file)));
    for (const file of redelivery.unchangedFiles) expect(after.get(path.basename(file))).toBe(before.get(path.basename(file)));
  });

  it('tells the expected delivery sequence and type of every message in its thread', () => {
    const sequenceOf = (messagePath: string) => {
      const m = manifest.messages.find((x) => x.path === messagePath)!;
      return [m.deliverySequence, m.expectedDeliveryType];
    };
    expect(sequenceOf(manifest.redelivery.initialPath)).toEqual([1, 'initial']);
    expect(sequenceOf(manifest.redelivery.redeliveryPath)).toEqual([2, 'redelivery']);
    expect(sequenceOf(manifest.metadataUpdate.updatePath)).toEqual([2, 'metadata_update']);
    for (const takedown of manifest.takedowns) expect(sequenceOf(takedown.path)).toEqual([2, 'metadata_update']);
    const initials = manifest.messages.filter((m) => m.kind === 'initial');
    expect(initials.every((m) => m.deliverySequence === 1 && m.expectedDeliveryType === 'initial')).toBe(true);
  });

  it('sends a metadata-only update in the same thread, later, without files', async () => {
    const { metadataUpdate } = manifest;
    const update = manifest.messages.find((m) => m.path === metadataUpdate.updatePath)!;
    const initial = manifest.messages.find((m) => m.path === metadataUpdate.initialPath)!;
    expect(update.kind).toBe('metadata_update');
    expect(update.threadId).toBe(initial.threadId);
    expect(update.mediaFiles).toEqual([]);
    expect(new Date(update.createdAt).getTime()).toBeGreaterThan(new Date(initial.createdAt).getTime());
    const doc = parseXml(await readFile(path.join(root, update.path), 'utf8'));
    expect(descendants(doc, 'File')).toEqual([]);
    expect(descendants(doc, 'TitleText').map(textOf)).toContain('De Dijkgraaf Blues');
    expect(await readdir(path.join(root, update.deliveryFolder))).toEqual([path.basename(update.path)]);
  });

  it('takes releases down both ways: a TakeDown deal (3.8.2) and a PurgeReleaseMessage (4.3)', async () => {
    expect(manifest.takedowns.map((t) => `${t.ernVersion}:${t.method}`).sort()).toEqual(['3.8.2:TakeDownDeal', '4.3:PurgeReleaseMessage']);
    for (const takedown of manifest.takedowns) {
      const doc = parseXml(await readFile(path.join(root, takedown.path), 'utf8'));
      const initial = manifest.messages.find((m) => m.threadId === takedown.threadId && m.kind === 'initial')!;
      expect(initial.upc).toBe(takedown.upc);
      expect(textOf(descendants(doc, 'MessageThreadId')[0])).toBe(takedown.threadId);
      if (takedown.method === 'TakeDownDeal') {
        const takeDowns = descendants(doc, 'TakeDown').map(textOf);
        expect(takeDowns.length).toBeGreaterThan(0);
        expect(takeDowns.every((v) => v === 'true')).toBe(true);
        expect(descendants(doc, 'UseType')).toEqual([]);
      } else {
        expect(doc.name).toBe('PurgeReleaseMessage');
        expect(textOf(descendants(doc, 'ICPN')[0])).toBe(takedown.upc);
      }
    }
  });

  it('has one malformed XML, truncated mid-element, next to its media', async () => {
    const { malformedFile } = manifest;
    const xml = await readFile(path.join(root, malformedFile.path), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toMatch(/<[A-Za-z]+$/);
    expect(() => parseXml(xml)).toThrow();
    const message = manifest.messages.find((m) => m.path === malformedFile.path)!;
    expect(message.malformed).toBe(true);
    expect(message.mediaFiles.length).toBeGreaterThan(0);
    expect(manifest.messages.filter((m) => m.malformed)).toHaveLength(1);
  });

  it('writes real WAV audio: RIFF PCM, longer than a second, under 150 KB, different per track', async () => {
    const audio = manifest.files.filter((f) => f.kind === 'audio');
    expect(audio.length).toBeGreaterThan(100);
    for (const file of audio) {
      const bytes = await readFile(path.join(root, file.path));
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      const info = readWavInfo(bytes);
      expect(info.durationSeconds).toBeGreaterThan(1);
      expect(bytes.length).toBeLessThan(150 * 1024);
    }
    const initialAudio = manifest.messages.filter((m) => m.kind === 'initial').flatMap((m) => m.mediaFiles.filter((f) => f.endsWith('.wav')));
    const hashes = new Set(initialAudio.map((p) => manifest.files.find((f) => f.path === p)!.md5));
    expect(hashes.size).toBe(initialAudio.length);
  });

  it('writes 600x600 cover images that decode and differ per release', async () => {
    const images = manifest.files.filter((f) => f.kind === 'image');
    for (const file of images) {
      const metadata = await sharp(await readFile(path.join(root, file.path))).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([600, 600]);
    }
    const initialCovers = manifest.messages.filter((m) => m.kind === 'initial').flatMap((m) => m.mediaFiles.filter((f) => f.endsWith('.jpg')));
    expect(new Set(initialCovers.map((p) => manifest.files.find((f) => f.path === p)!.md5)).size).toBe(initialCovers.length);
  });
});

describe('determinism', () => {
  it('two runs with the same now write the same bytes', async () => {
    const a = memoryWriter();
    const b = memoryWriter();
    await generateDemoDeliveries(a, { now: NOW });
    await generateDemoDeliveries(b, { now: NOW });
    expect([...b.files.keys()]).toEqual([...a.files.keys()]);
    for (const [file, bytes] of a.files) expect(md5(b.files.get(file)!), file).toBe(md5(bytes));
  });

  it('a different now changes only timestamps', async () => {
    const a = memoryWriter();
    const b = memoryWriter();
    await generateDemoDeliveries(a, { now: NOW });
    await generateDemoDeliveries(b, { now: new Date(NOW.getTime() + 3 * 86_400_000 + 12_345) });
    // Folder timestamps, message ids and dateTimes move with now; so does the takedown's start.
    const normalise = (text: string) =>
      text
        .replace(/\d{17}/g, 'TS')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'DT')
        .replace(/(<TakeDown>true<\/TakeDown>[\s\S]*?<StartDate>)\d{4}-\d\d-\d\d/g, '$1DATE');
    const byNormalPath = (files: Map<string, Uint8Array>) =>
      new Map(
        [...files].map(([p, bytes]) => {
          if (!p.endsWith('.xml')) return [normalise(p), md5(bytes)];
          // A batch manifest holds the MD5s of its messages, which contain timestamps.
          const text = p.includes('/BatchComplete_') ? decode(bytes).replace(/<HashSum>[0-9a-f]{32}</g, '<HashSum>MD5<') : decode(bytes);
          return [normalise(p), normalise(text)];
        }),
      );
    const left = byNormalPath(a.files);
    const right = byNormalPath(b.files);
    expect([...right.keys()].sort()).toEqual([...left.keys()].sort());
    for (const [key, value] of left) expect(right.get(key), key).toBe(value);
    expect([...a.files.keys()].sort()).not.toEqual([...b.files.keys()].sort());
  });

  it('rejects an invalid now and unsafe paths with a clear error', async () => {
    await expect(generateDemoDeliveries(memoryWriter(), { now: new Date('nope') })).rejects.toThrow(/not a valid date/);
    const root = await mkdtemp(path.join(os.tmpdir(), 'demo-writer-'));
    try {
      await expect(folderWriter(root).write('../escape.xml', new Uint8Array(1))).rejects.toThrow(/"\.\." segment/);
      await expect(folderWriter(root).write('/etc/passwd', new Uint8Array(1))).rejects.toThrow(/relative path/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
