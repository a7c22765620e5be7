import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageAdapter, parseServiceAccountKey, testStorageConnection, type StorageConfig } from '@/storage';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs';
import { closedPort, expectStorageError, readAll, startSilentServer } from './harness';

const BUCKET = 'ddex-inbox';
let fake: FakeGcs;
let config: StorageConfig & { kind: 'google_cloud' };

beforeAll(async () => {
  fake = await startFakeGcs({ buckets: [BUCKET, 'other-bucket'] });
  config = { kind: 'google_cloud', projectId: fake.projectId, bucketName: BUCKET, serviceAccountKey: fake.serviceAccount.keyJson, apiEndpoint: fake.apiEndpoint };
  fake.put(BUCKET, 'inbox/A1/release.xml', '<NewReleaseMessage/>', 'application/xml');
});
afterAll(async () => {
  await fake?.close();
});

function keyWith(changes: Record<string, unknown>): string {
  return JSON.stringify({ ...JSON.parse(fake.serviceAccount.keyJson), ...changes });
}

describe('service-account key checks', () => {
  it('names the problem with a malformed key before any request', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Service account key is empty'],
      ['{"type": "service_account", ', 'Service account key is not valid JSON'],
      ['[1,2]', 'Service account key must be a JSON object'],
      [keyWith({ client_email: undefined }), 'Service account key lacks client_email'],
      [keyWith({ private_key: '' }), 'Service account key lacks private_key'],
      [JSON.stringify({ type: 'service_account' }), 'Service account key lacks client_email and private_key'],
      [keyWith({ private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n' }), 'private_key that is not a valid PEM private key'],
      [keyWith({ type: 'authorized_user' }), "type 'authorized_user'; a key of type 'service_account' is needed"],
    ];
    for (const [text, expected] of cases) {
      expect(() => parseServiceAccountKey(text), text.slice(0, 40)).toThrow(expected);
      const result = await testStorageConnection({ ...config, serviceAccountKey: text });
      expect(result.success).toBe(false);
      expect(result.message).toContain(expected);
    }
    expect(fake.requestCount).toBe(0);
  });

  it('names a missing bucket or project', () => {
    expect(() => createStorageAdapter({ ...config, bucketName: '' })).toThrow('GCS bucket name is missing');
    expect(() => createStorageAdapter({ ...config, projectId: ' ' })).toThrow(`GCS project ID is missing for bucket ${BUCKET}`);
  });
});

describe('GCS auth against the fake', () => {
  it('sends a token signed with the key, and the fake refuses a key it does not know', async () => {
    const stranger = fake.createServiceAccount({ registered: false });
    const result = await testStorageConnection({ ...config, serviceAccountKey: stranger.keyJson });
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Invalid service account credentials for bucket ${BUCKET}: the key of ${stranger.clientEmail} was rejected`);
    await expectStorageError(createStorageAdapter({ ...config, serviceAccountKey: stranger.keyJson }).list(''), 'auth');
    expect((await testStorageConnection(config)).success).toBe(true);
  });

  it('answers a request without credentials with 401, as GCS does', async () => {
    const res = await fetch(`${fake.apiEndpoint}/storage/v1/b/${BUCKET}/o`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(401);
  });

  it('issues access tokens at its OAuth endpoint for a signed JWT-bearer assertion', async () => {
    const key = JSON.parse(fake.serviceAccount.keyJson);
    expect(key.token_uri).toBe(fake.tokenUri);
    const now = Math.floor(Date.now() / 1000);
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: key.client_email, scope: 'https://www.googleapis.com/auth/devstorage.read_only', aud: key.token_uri, iat: now, exp: now + 600 })}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key).toString('base64url');
    const res = await fetch(fake.tokenUri, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
    });
    const token = (await res.json()) as { access_token: string };
    const list = await fetch(`${fake.apiEndpoint}/storage/v1/b/${BUCKET}/o?prefix=inbox/A1/`, { headers: { Authorization: `Bearer ${token.access_token}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: Array<{ name: string }> }).items.map((i) => i.name)).toEqual(['inbox/A1/release.xml']);
    const forged = await fetch(fake.tokenUri, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${'A'.repeat(342)}` }),
    });
    expect(forged.status).toBe(400);
  });
});

describe('GCS behaviour', () => {
  it('returns md5 and crc32c the client verifies on a full download', async () => {
    const res = await fetch(`${fake.apiEndpoint}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('inbox/A1/release.xml')}`, {
      headers: { Authorization: `Bearer ${await signedToken()}` },
    });
    const metadata = (await res.json()) as { md5Hash: string; crc32c: string; size: string };
    expect(metadata.size).toBe('20');
    expect(Buffer.from(metadata.md5Hash, 'base64')).toHaveLength(16);
    expect(Buffer.from(metadata.crc32c, 'base64')).toHaveLength(4);
    const adapter = createStorageAdapter(config);
    const read = await adapter.read('inbox/A1/release.xml');
    expect(read.contentType).toBe('application/xml');
    expect((await readAll(read.stream)).toString()).toBe('<NewReleaseMessage/>');
  });

  it('pages a directory of 2,500 objects with page tokens, 1,000 at a time by default', async () => {
    for (let i = 0; i < 2_500; i++) fake.put(BUCKET, `big/f${String(i).padStart(4, '0')}.xml`, 'x');
    const adapter = createStorageAdapter(config);
    const sizes: number[] = [];
    const names: string[] = [];
    let token: string | null = null;
    do {
      const page = await adapter.list('big', { pageToken: token });
      sizes.push(page.entries.length);
      names.push(...page.entries.map((e) => e.name));
      token = page.nextPageToken;
    } while (token);
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(new Set(names).size).toBe(2_500);
    expect(names[2_499]).toBe('f2499.xml');
  });

  it('the fake takes a resumable upload in chunks, answering 308 until the last one', async () => {
    const auth = { Authorization: `Bearer ${await signedToken()}` };
    const start = await fetch(`${fake.apiEndpoint}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=video/v.mp4`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contentType: 'video/mp4' }),
    });
    const session = start.headers.get('location')!;
    const first = await fetch(session, { method: 'PUT', headers: { ...auth, 'Content-Range': 'bytes 0-3/*' }, body: 'abcd' });
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe('bytes=0-3');
    const last = await fetch(session, { method: 'PUT', headers: { ...auth, 'Content-Range': 'bytes 4-5/6' }, body: 'ef' });
    expect(last.status).toBe(200);
    const read = await createStorageAdapter(config).read('video/v.mp4');
    expect(read.contentType).toBe('video/mp4');
    expect((await readAll(read.stream)).toString()).toBe('abcdef');
  });

  it('unknown bucket: named in the message', async () => {
    const result = await testStorageConnection({ ...config, bucketName: 'no-such-bucket' });
    expect(result).toMatchObject({ success: false, message: 'Bucket no-such-bucket does not exist' });
  });

  it('unreachable endpoint: connection refused, within the timeout', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const started = performance.now();
    const result = await testStorageConnection({ ...config, apiEndpoint: endpoint }, { timeoutMs: 3_000 });
    expect(result.responseTime).toBeLessThan(1_000);
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Cannot reach Google Cloud Storage at ${endpoint}: connection refused (ECONNREFUSED)`);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('a server that never answers: timeout after the configured time', async () => {
    const silent = await startSilentServer();
    try {
      const started = performance.now();
      const result = await testStorageConnection({ ...config, apiEndpoint: silent.url }, { timeoutMs: 500 });
      expect(result.success).toBe(false);
      expect(result.message).toBe(`Google Cloud Storage at ${silent.url} did not answer within 0.5 s`);
      expect(performance.now() - started).toBeLessThan(2_000);
      await expectStorageError(createStorageAdapter({ ...config, apiEndpoint: silent.url }, { timeoutMs: 300 }).read('x.xml'), 'timeout');
    } finally {
      await silent.close();
    }
  });

  it('keeps at most maxConcurrentRequests in flight', async () => {
    const slow = await startFakeGcs({ buckets: ['b1'], latencyMs: 25 });
    try {
      for (let i = 0; i < 30; i++) slow.put('b1', `d${i}/m.xml`, `<m n="${i}"/>`);
      const adapter = createStorageAdapter(
        { kind: 'google_cloud', projectId: slow.projectId, bucketName: 'b1', serviceAccountKey: slow.serviceAccount.keyJson, apiEndpoint: slow.apiEndpoint },
        { maxConcurrentRequests: 4 },
      );
      const bodies = await Promise.all(Array.from({ length: 30 }, (_, i) => adapter.readBuffer(`d${i}/m.xml`)));
      expect(bodies[29].toString()).toBe('<m n="29"/>');
      expect(slow.maxConcurrent).toBe(4);
    } finally {
      await slow.close();
    }
  });
});

async function signedToken(): Promise<string> {
  const key = JSON.parse(fake.serviceAccount.keyJson);
  const now = Math.floor(Date.now() / 1000);
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: key.client_email, scope: 'https://www.googleapis.com/auth/devstorage.full_control', iat: now, exp: now + 600 })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(key.private_key).toString('base64url')}`;
}
