/**
 * One contract, four storage kinds: every adapter must list, stat, read (whole and ranged), write,
 * and delete the same way against its protocol fake, so the scanner never needs to know the kind.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageAdapter, StorageEntry } from '@/storage';
import { bunnyHarness, expectStorageError, gcsHarness, localHarness, readAll, s3Harness, type Harness } from './harness';

const XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">' +
    '<MessageHeader><MessageId>MSG-0001</MessageId></MessageHeader></ern:NewReleaseMessage>\n',
);
// Not valid text in any encoding, so a lossy decode anywhere would show.
const AUDIO = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 131 + (i >> 8)) % 256));
const UNICODE_NAME = 'Björk & Sigur Rós – Ág 01.xml';

const SEED: Record<string, Buffer> = {
  'deliveries/20240501_batch/release A/metadata.xml': XML,
  'deliveries/20240501_batch/release A/resources/track 01.wav': AUDIO,
  'deliveries/20240501_batch/BatchComplete_20240501.xml': Buffer.from('<BatchComplete/>'),
  [`deliveries/unicode/${UNICODE_NAME}`]: XML,
  'deliveries/readme.txt': Buffer.from('drop zone'),
  'paging/a.xml': Buffer.from('a'),
  'paging/b.xml': Buffer.from('b'),
  'paging/c.xml': Buffer.from('c'),
  'paging/d/inner.xml': Buffer.from('d'),
  'paging/e/inner.xml': Buffer.from('e'),
  'top.xml': XML,
};

const harnesses: Array<[string, () => Promise<Harness>]> = [
  ['bunny_cdn', () => bunnyHarness()],
  ['google_cloud', () => gcsHarness()],
  ['local', () => localHarness()],
  ['s3', () => s3Harness()],
];

async function listAll(adapter: StorageAdapter, dir: string, pageSize?: number): Promise<{ entries: StorageEntry[]; pages: number }> {
  const entries: StorageEntry[] = [];
  let pageToken: string | null = null;
  let pages = 0;
  do {
    const page = await adapter.list(dir, { pageToken, pageSize });
    entries.push(...page.entries);
    pageToken = page.nextPageToken;
    pages++;
    if (pages > 50) throw new Error('paging does not end');
  } while (pageToken);
  return { entries, pages };
}

describe.each(harnesses)('storage contract: %s', (kind, start) => {
  let harness: Harness;
  let adapter: StorageAdapter;

  beforeAll(async () => {
    harness = await start();
    for (const [key, body] of Object.entries(SEED)) await harness.seed(key, body);
    adapter = harness.adapter({ timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('reports its kind and bucket', () => {
    expect(adapter.kind).toBe(kind);
    expect(adapter.bucket).toBe(kind === 'local' ? (harness.config as { root: string }).root : kind === 'bunny_cdn' ? 'partner-drops' : 'ddex-inbox');
  });

  it('lists one directory level with files and subfolders', async () => {
    const { entries } = await listAll(adapter, 'deliveries');
    expect(entries.map((e) => [e.path, e.name, e.isDirectory])).toEqual([
      ['deliveries/20240501_batch', '20240501_batch', true],
      ['deliveries/readme.txt', 'readme.txt', false],
      ['deliveries/unicode', 'unicode', true],
    ]);
    const readme = entries.find((e) => e.name === 'readme.txt')!;
    expect(readme.size).toBe(9);
    expect(readme.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(readme.lastModified!.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('lists the root with "" and "/" alike, and a trailing slash on a directory changes nothing', async () => {
    const root = (await listAll(adapter, '')).entries.map((e) => e.path);
    expect(root).toEqual(['deliveries', 'paging', 'top.xml']);
    expect((await listAll(adapter, '/')).entries.map((e) => e.path)).toEqual(root);
    expect((await listAll(adapter, 'deliveries/')).entries.map((e) => e.path)).toEqual((await listAll(adapter, 'deliveries')).entries.map((e) => e.path));
  });

  it('lists a folder with spaces and unicode in names', async () => {
    const release = (await listAll(adapter, 'deliveries/20240501_batch/release A')).entries;
    expect(release.map((e) => e.path)).toEqual(['deliveries/20240501_batch/release A/metadata.xml', 'deliveries/20240501_batch/release A/resources']);
    const unicode = (await listAll(adapter, 'deliveries/unicode')).entries;
    expect(unicode.map((e) => e.name)).toEqual([UNICODE_NAME]);
    expect(unicode[0].size).toBe(XML.length);
  });

  it('lists a directory that does not exist as empty', async () => {
    expect(await adapter.list('no/such/folder')).toEqual({ entries: [], nextPageToken: null });
  });

  it('pages a listing where the service pages, and the pages add up to the whole directory', async () => {
    const whole = (await listAll(adapter, 'paging')).entries.map((e) => e.path);
    expect(whole).toEqual(['paging/a.xml', 'paging/b.xml', 'paging/c.xml', 'paging/d', 'paging/e']);
    const paged = await listAll(adapter, 'paging', 2);
    expect(paged.entries.map((e) => e.path).sort()).toEqual(whole);
    if (kind === 'bunny_cdn') {
      // Bunny has no paging: one request gives the whole directory.
      expect(paged.pages).toBe(1);
    } else {
      expect(paged.pages).toBeGreaterThan(1);
    }
  });

  it('stats a file with size, date and the kind of checksum the service gives', async () => {
    const entry = await adapter.stat('deliveries/20240501_batch/release A/resources/track 01.wav');
    expect(entry).not.toBeNull();
    expect(entry!.isDirectory).toBe(false);
    expect(entry!.size).toBe(AUDIO.length);
    expect(entry!.name).toBe('track 01.wav');
    const expected: Record<string, string | null> = {
      bunny_cdn: createHash('sha256').update(AUDIO).digest('hex').toUpperCase(),
      google_cloud: createHash('md5').update(AUDIO).digest('hex'),
      s3: createHash('md5').update(AUDIO).digest('hex'),
      local: null,
    };
    expect(entry!.checksum).toBe(expected[kind]);
  });

  it('stats a folder as a directory and a missing path as null', async () => {
    const folder = await adapter.stat('deliveries/20240501_batch');
    expect(folder).toMatchObject({ path: 'deliveries/20240501_batch', isDirectory: true });
    expect(await adapter.stat('deliveries/missing.xml')).toBeNull();
  });

  it('reads a whole object byte for byte', async () => {
    const result = await adapter.read('deliveries/20240501_batch/release A/resources/track 01.wav');
    expect(result.size).toBe(AUDIO.length);
    expect(result.range).toBeNull();
    const bytes = await readAll(result.stream);
    expect(bytes.equals(AUDIO)).toBe(true);
  });

  it('reads a byte range, reporting the whole size and the range served', async () => {
    const path = 'deliveries/20240501_batch/release A/resources/track 01.wav';
    const middle = await adapter.read(path, { start: 1000, end: 1999 });
    expect(middle.size).toBe(AUDIO.length);
    expect(middle.range).toEqual({ start: 1000, end: 1999 });
    expect((await readAll(middle.stream)).equals(AUDIO.subarray(1000, 2000))).toBe(true);

    const tail = await adapter.read(path, { start: AUDIO.length - 10 });
    expect(tail.range).toEqual({ start: AUDIO.length - 10, end: AUDIO.length - 1 });
    expect((await readAll(tail.stream)).equals(AUDIO.subarray(AUDIO.length - 10))).toBe(true);

    const clipped = await adapter.read(path, { start: AUDIO.length - 4, end: AUDIO.length + 100 });
    expect((await readAll(clipped.stream)).equals(AUDIO.subarray(AUDIO.length - 4))).toBe(true);
  });

  it('refuses a range that starts past the end or runs backwards', async () => {
    const path = 'deliveries/readme.txt';
    const past = await expectStorageError(adapter.read(path, { start: 500 }), 'bad_range');
    expect(past.message).toContain('9 bytes');
    await expectStorageError(adapter.read(path, { start: 5, end: 2 }), 'bad_range');
    await expectStorageError(adapter.read(path, { start: -1 }), 'bad_range');
  });

  it('reads into memory up to a limit and refuses more with a clear error', async () => {
    const text = await adapter.readBuffer('deliveries/unicode/' + UNICODE_NAME);
    expect(text.equals(XML)).toBe(true);
    const err = await expectStorageError(adapter.readBuffer('deliveries/20240501_batch/release A/resources/track 01.wav', { maxBytes: 1024 }), 'too_large');
    expect(err.message).toContain('70000 bytes');
    expect(err.message).toContain('1024');
  });

  it('says not_found for a missing file, naming it', async () => {
    const err = await expectStorageError(adapter.read('deliveries/nothing-here.xml'), 'not_found');
    expect(err.message).toContain('deliveries/nothing-here.xml');
    await expectStorageError(adapter.readBuffer('deliveries/nothing-here.xml'), 'not_found');
  });

  it('writes a buffer and a stream, and reads them back', async () => {
    const body = Buffer.concat([AUDIO.subarray(0, 5000), Buffer.from(' — tail ü')]);
    await adapter.write('uploads/new folder/cover ü.jpg', body, { contentType: 'image/jpeg' });
    expect((await adapter.readBuffer('uploads/new folder/cover ü.jpg')).equals(body)).toBe(true);
    expect((await adapter.stat('uploads/new folder/cover ü.jpg'))!.size).toBe(body.length);

    await adapter.write('uploads/streamed.bin', Readable.from([AUDIO.subarray(0, 30_000), AUDIO.subarray(30_000)]));
    expect((await adapter.readBuffer('uploads/streamed.bin')).equals(AUDIO)).toBe(true);

    // Overwrite replaces.
    await adapter.write('uploads/streamed.bin', Buffer.from('short'));
    expect((await adapter.readBuffer('uploads/streamed.bin')).toString()).toBe('short');
    expect((await listAll(adapter, 'uploads')).entries.map((e) => e.path)).toEqual(['uploads/new folder', 'uploads/streamed.bin']);
  });

  it('deletes a file, is idempotent, and deletes a folder recursively with a trailing slash', async () => {
    await adapter.write('trash/one.xml', XML);
    await adapter.write('trash/sub/two.xml', XML);
    await adapter.write('trash/sub/deeper/three.xml', XML);
    await adapter.delete('trash/one.xml');
    expect(await adapter.stat('trash/one.xml')).toBeNull();
    await expectStorageError(adapter.read('trash/one.xml'), 'not_found');
    await adapter.delete('trash/one.xml');

    await adapter.delete('trash/sub/');
    expect(await adapter.stat('trash/sub/deeper/three.xml')).toBeNull();
    expect((await listAll(adapter, 'trash')).entries).toEqual([]);
    // Neighbours survive.
    expect((await adapter.readBuffer('top.xml')).equals(XML)).toBe(true);
  });

  it('refuses paths that leave the bucket or are not relative', async () => {
    await expectStorageError(adapter.read('../outside.xml'), 'bad_path');
    await expectStorageError(adapter.read('deliveries/../../etc/passwd'), 'bad_path');
    await expectStorageError(adapter.stat('/etc/passwd'), 'bad_path');
    await expectStorageError(adapter.write('a//b.xml', XML), 'bad_path');
    await expectStorageError(adapter.list('deliveries/..'), 'bad_path');
    await expectStorageError(adapter.delete('../'), 'bad_path');
  });

  it('passes its connection test with a message naming the bucket and the time taken', async () => {
    const result = await adapter.testConnection();
    expect(result.success).toBe(true);
    expect(result.message).toContain('Successfully connected to');
    expect(result.message).toContain(adapter.bucket);
    expect(result.message).toMatch(/\d+ ms/);
    expect(result.responseTime).toBeGreaterThanOrEqual(0);
    expect(result.responseTime).toBeLessThan(5_000);
  });
});
