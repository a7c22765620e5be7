import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunnyBaseUrl, createStorageAdapter, testStorageConnection, type StorageConfig } from '@/storage';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { closedPort, expectStorageError, readAll, startSilentServer } from './harness';

const ZONE = 'partner-drops';
const KEY = 'zone-access-key-1234';

let fake: FakeBunny;
let config: StorageConfig & { kind: 'bunny_cdn' };

beforeAll(async () => {
  fake = await startFakeBunny({ zones: { [ZONE]: KEY, 'other-zone': 'other-key' } });
  config = { kind: 'bunny_cdn', storageZone: ZONE, accessKey: KEY, baseUrl: fake.baseUrl };
  fake.put(ZONE, 'inbox/A1/release.xml', '<NewReleaseMessage/>');
  fake.put(ZONE, 'inbox/A1/resources/01.flac', Buffer.alloc(2048, 7));
});
afterAll(async () => {
  await fake?.close();
});

/** Stands in for the Internet: records where the adapter sends each request and answers from the fake. */
function forwardingFetch(seen: Array<{ url: string; headers: Headers; method: string }>): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    seen.push({ url, headers: new Headers(init?.headers), method: init?.method ?? 'GET' });
    const local = url.replace(/^https:\/\/[^/]+/, fake.baseUrl);
    return fetch(local, init);
  };
}

describe('Bunny base URL and region', () => {
  it('uses the default host without a region and for de', () => {
    expect(bunnyBaseUrl({})).toBe('https://storage.bunnycdn.com');
    expect(bunnyBaseUrl({ region: 'de' })).toBe('https://storage.bunnycdn.com');
    expect(bunnyBaseUrl({ region: ' ' })).toBe('https://storage.bunnycdn.com');
  });

  it('maps regions to their hosts', () => {
    expect(bunnyBaseUrl({ region: 'uk' })).toBe('https://uk.storage.bunnycdn.com');
    expect(bunnyBaseUrl({ region: 'NY' })).toBe('https://ny.storage.bunnycdn.com');
    expect(bunnyBaseUrl({ region: 'syd' })).toBe('https://syd.storage.bunnycdn.com');
  });

  it('prefers an explicit base URL and trims its trailing slash', () => {
    expect(bunnyBaseUrl({ baseUrl: 'http://127.0.0.1:9999/', region: 'uk' })).toBe('http://127.0.0.1:9999');
  });

  it('refuses an unknown region or a malformed base URL, naming it', () => {
    expect(() => bunnyBaseUrl({ region: 'mars' })).toThrow(/Unknown Bunny storage region 'mars'.*uk/);
    expect(() => bunnyBaseUrl({ baseUrl: 'storage.bunnycdn.com' })).toThrow(/not a valid URL/);
    expect(() => bunnyBaseUrl({ baseUrl: 'ftp://storage.bunnycdn.com' })).toThrow(/https:\/\/ or http:\/\//);
  });

  it('sends requests to the region host with the zone and per-segment encoding', async () => {
    const seen: Array<{ url: string; headers: Headers; method: string }> = [];
    const adapter = createStorageAdapter({ kind: 'bunny_cdn', storageZone: ZONE, accessKey: KEY, region: 'ny' }, { fetch: forwardingFetch(seen) });
    fake.put(ZONE, 'inbox/Sigur Rós #1/a?b.xml', 'x');
    const page = await adapter.list('inbox/Sigur Rós #1');
    expect(page.entries.map((e) => e.name)).toEqual(['a?b.xml']);
    expect(seen[0].url).toBe('https://ny.storage.bunnycdn.com/partner-drops/inbox/Sigur%20R%C3%B3s%20%231/');
    expect(seen[0].headers.get('AccessKey')).toBe(KEY);
    expect((await adapter.readBuffer('inbox/Sigur Rós #1/a?b.xml')).toString()).toBe('x');
    expect(seen[1].url).toBe('https://ny.storage.bunnycdn.com/partner-drops/inbox/Sigur%20R%C3%B3s%20%231/a%3Fb.xml');
  });

  it('uploads with the uppercase hex SHA-256 of the body in the Checksum header', async () => {
    const seen: Array<{ url: string; headers: Headers; method: string }> = [];
    const adapter = createStorageAdapter(config, { fetch: forwardingFetch(seen) });
    const body = Buffer.from('cover bytes');
    await adapter.write('out/cover.jpg', body);
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('Checksum')).toBe(createHash('sha256').update(body).digest('hex').toUpperCase());
    expect(fake.get(ZONE, 'out/cover.jpg')?.equals(body)).toBe(true);

    await adapter.write('out/master.wav', Readable.from([Buffer.from('RIFF'), Buffer.from('data')]), { size: 8 });
    const streamed = seen.filter((r) => r.method === 'PUT')[1];
    expect(streamed.headers.get('Content-Length')).toBe('8');
    expect(streamed.headers.get('Checksum')).toBeNull();
    expect(fake.get(ZONE, 'out/master.wav')?.toString()).toBe('RIFFdata');
  });
});

describe('Bunny fake speaks the real API', () => {
  it('lists a directory as Bunny does, field names and types included', async () => {
    const res = await fetch(`${fake.baseUrl}/${ZONE}/inbox/A1/`, { headers: { AccessKey: KEY } });
    expect(res.status).toBe(200);
    const items = (await res.json()) as Array<Record<string, unknown>>;
    const file = items.find((i) => i.ObjectName === 'release.xml')!;
    const dir = items.find((i) => i.ObjectName === 'resources')!;
    expect(file).toMatchObject({ Path: `/${ZONE}/inbox/A1/`, IsDirectory: false, Length: 20, StorageZoneName: ZONE });
    expect(file.Checksum).toBe(createHash('sha256').update('<NewReleaseMessage/>').digest('hex').toUpperCase());
    expect(file.LastChanged).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(typeof file.Guid).toBe('string');
    expect(dir).toMatchObject({ IsDirectory: true, Length: 0, Checksum: null });
  });

  it('answers a wrong key with 401 and Bunny body, and an unknown zone with 404', async () => {
    const wrong = await fetch(`${fake.baseUrl}/${ZONE}/`, { headers: { AccessKey: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ HttpCode: 401, Message: 'Unauthorized' });
    const unknown = await fetch(`${fake.baseUrl}/no-such-zone/`, { headers: { AccessKey: KEY } });
    expect(unknown.status).toBe(404);
  });

  it('rejects an upload whose Checksum does not match and keeps nothing', async () => {
    const res = await fetch(`${fake.baseUrl}/${ZONE}/bad/upload.bin`, {
      method: 'PUT',
      headers: { AccessKey: KEY, Checksum: 'A'.repeat(64) },
      body: 'payload',
    });
    expect(res.status).toBe(400);
    expect(fake.get(ZONE, 'bad/upload.bin')).toBeUndefined();
  });

  it('serves a range with 206 and Content-Range, and 416 past the end', async () => {
    const res = await fetch(`${fake.baseUrl}/${ZONE}/inbox/A1/release.xml`, { headers: { AccessKey: KEY, Range: 'bytes=1-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 1-3/20');
    expect(await res.text()).toBe('New');
    const past = await fetch(`${fake.baseUrl}/${ZONE}/inbox/A1/release.xml`, { headers: { AccessKey: KEY, Range: 'bytes=50-' } });
    expect(past.status).toBe(416);
  });

  it('holds 10,000 deliveries (40,000 objects) and lists a directory without scanning every key', async () => {
    const big = await startFakeBunny({ zones: { bulk: 'k' } });
    try {
      const started = performance.now();
      for (let i = 0; i < 10_000; i++) {
        const dir = `deliveries/R${String(i).padStart(5, '0')}`;
        big.put('bulk', `${dir}/${i}.xml`, '<x/>');
        big.put('bulk', `${dir}/resources/a.flac`, 'a');
        big.put('bulk', `${dir}/resources/b.flac`, 'b');
        big.put('bulk', `${dir}/resources/cover.jpg`, 'c');
      }
      const seeded = performance.now() - started;
      const adapter = createStorageAdapter({ kind: 'bunny_cdn', storageZone: 'bulk', accessKey: 'k', baseUrl: big.baseUrl });
      const t0 = performance.now();
      const root = await adapter.list('deliveries');
      const listRoot = performance.now() - t0;
      const t1 = performance.now();
      for (let i = 0; i < 200; i++) await adapter.list(`deliveries/R${String(i * 37).padStart(5, '0')}/resources`);
      const perDir = (performance.now() - t1) / 200;
      expect(root.entries).toHaveLength(10_000);
      expect(big.files('bulk')).toHaveLength(40_000);
      console.log(`fake Bunny: seeded 40,000 objects in ${seeded.toFixed(0)} ms; listed 10,000 dirs in ${listRoot.toFixed(0)} ms; ${perDir.toFixed(2)} ms per small dir`);
      expect(listRoot).toBeLessThan(3_000);
      expect(perDir).toBeLessThan(20);
    } finally {
      await big.close();
    }
  });
});

describe('Bunny failures a person can act on', () => {
  it('wrong access key: the test says so and calls fail with auth', async () => {
    const bad = { ...config, accessKey: 'wrong-key' };
    const result = await testStorageConnection(bad);
    expect(result).toMatchObject({ success: false, message: `Invalid access key for storage zone ${ZONE}` });
    await expectStorageError(createStorageAdapter(bad).list(''), 'auth');
    await expectStorageError(createStorageAdapter(bad).read('inbox/A1/release.xml'), 'auth');
  });

  it('unknown storage zone: named in the message', async () => {
    const result = await testStorageConnection({ ...config, storageZone: 'no-such-zone' });
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Storage zone no-such-zone was not found at ${fake.baseUrl}`);
  });

  it('unreachable host: connection refused, quickly', async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const result = await testStorageConnection({ ...config, baseUrl });
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Cannot reach Bunny Storage at ${baseUrl}: connection refused (ECONNREFUSED)`);
    expect(result.responseTime).toBeLessThan(2_000);
    await expectStorageError(createStorageAdapter({ ...config, baseUrl }).stat('a.xml'), 'unreachable');
  });

  it('unknown host name: DNS failure is named', async () => {
    const result = await testStorageConnection({ ...config, baseUrl: 'http://no-such-host.invalid' });
    expect(result.success).toBe(false);
    expect(result.message).toMatch(/^Cannot reach Bunny Storage at http:\/\/no-such-host\.invalid: (host not found|DNS lookup failed)/);
  });

  it('a server that never answers: timeout after the configured time', async () => {
    const silent = await startSilentServer();
    try {
      const started = performance.now();
      const result = await testStorageConnection({ ...config, baseUrl: silent.url }, { timeoutMs: 400 });
      const elapsed = performance.now() - started;
      expect(result.success).toBe(false);
      expect(result.message).toBe(`Bunny Storage at ${silent.url} did not answer within 0.4 s`);
      expect(elapsed).toBeGreaterThanOrEqual(380);
      expect(elapsed).toBeLessThan(2_000);
      await expectStorageError(createStorageAdapter({ ...config, baseUrl: silent.url }, { timeoutMs: 300 }).read('x.xml'), 'timeout');
    } finally {
      await silent.close();
    }
  });

  it('a download that stalls midway fails with a timeout instead of hanging', async () => {
    const stalling: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/flac', 'Content-Length': 1000 });
      res.write(Buffer.alloc(100));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(stalling.address() as { port: number }).port}`;
    try {
      const adapter = createStorageAdapter({ ...config, baseUrl }, { timeoutMs: 300 });
      const result = await adapter.read('slow.flac');
      expect(result.size).toBe(1000);
      const err = await readAll(result.stream).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toBe(`Bunny Storage at ${baseUrl} stopped sending slow.flac for 0.3 s`);
    } finally {
      stalling.closeAllConnections();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });

  it('a reader that pauses longer than the timeout still gets every byte', async () => {
    const big = Buffer.from(Array.from({ length: 2_000_000 }, (_, i) => (i * 7) % 251));
    fake.put(ZONE, 'inbox/A1/resources/long.wav', big);
    const adapter = createStorageAdapter(config, { timeoutMs: 200 });
    const result = await adapter.read('inbox/A1/resources/long.wav');
    const chunks: Buffer[] = [];
    let paused = false;
    for await (const chunk of result.stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      if (!paused) {
        paused = true;
        // Like a media player with a full buffer: nothing read for well over the timeout.
        await new Promise((resolve) => setTimeout(resolve, 600));
      }
    }
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
  });

  it('missing configuration is named before any request', async () => {
    expect(() => createStorageAdapter({ kind: 'bunny_cdn', storageZone: ' ', accessKey: KEY })).toThrow('Bunny storage zone is missing');
    const result = await testStorageConnection({ kind: 'bunny_cdn', storageZone: ZONE, accessKey: '' });
    expect(result).toEqual({ success: false, message: `Bunny access key is missing for storage zone ${ZONE}`, responseTime: 0 });
  });
});

describe('Bunny concurrency bound', () => {
  it('keeps at most maxConcurrentRequests in flight, streamed reads included', async () => {
    const slow = await startFakeBunny({ zones: { z: 'k' }, latencyMs: 25 });
    try {
      for (let i = 0; i < 40; i++) slow.put('z', `d${i}/file.xml`, `<file n="${i}"/>`);
      const adapter = createStorageAdapter({ kind: 'bunny_cdn', storageZone: 'z', accessKey: 'k', baseUrl: slow.baseUrl }, { maxConcurrentRequests: 3 });
      const texts = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const read = await adapter.read(`d${i}/file.xml`);
          return (await readAll(read.stream)).toString();
        }),
      );
      expect(texts[39]).toBe('<file n="39"/>');
      expect(slow.requestCount).toBe(40);
      expect(slow.maxConcurrent).toBe(3);

      slow.resetCounters();
      const defaults = createStorageAdapter({ kind: 'bunny_cdn', storageZone: 'z', accessKey: 'k', baseUrl: slow.baseUrl });
      await Promise.all(Array.from({ length: 40 }, (_, i) => defaults.list(`d${i}`)));
      expect(slow.maxConcurrent).toBe(8);
    } finally {
      await slow.close();
    }
  });
});
