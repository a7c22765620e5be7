/**
 * S3 specifics against s3rver behind the fake's signature-checking front: a wrong key id is refused
 * by s3rver, a wrong secret by the front's SigV4 check, as AWS would refuse both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageAdapter, testStorageConnection, type StorageConfig } from '@/storage';
import { startFakeS3, type FakeS3 } from '../fakes/s3';
import { closedPort, expectStorageError, startSilentServer } from './harness';

const BUCKET = 'ddex-inbox';
let fake: FakeS3;
let config: StorageConfig & { kind: 's3' };

beforeAll(async () => {
  fake = await startFakeS3({ buckets: [BUCKET] });
  config = {
    kind: 's3',
    bucket: BUCKET,
    endpoint: fake.endpoint,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
  };
  await fake.put(BUCKET, 'inbox/A1/release.xml', '<NewReleaseMessage/>', 'application/xml');
});
afterAll(async () => {
  await fake?.close();
});

describe('S3 credentials and configuration', () => {
  it('a wrong secret is refused with a message that says which half is wrong', async () => {
    const result = await testStorageConnection({ ...config, secretAccessKey: 'not-the-secret' });
    expect(result).toMatchObject({
      success: false,
      message: `Invalid secret access key for bucket ${BUCKET}: the request signature does not match`,
    });
    await expectStorageError(createStorageAdapter({ ...config, secretAccessKey: 'not-the-secret' }).read('inbox/A1/release.xml'), 'auth');
  });

  it('an unknown access key id is refused', async () => {
    const result = await testStorageConnection({ ...config, accessKeyId: 'AKIAUNKNOWN' });
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Invalid access key ID for bucket ${BUCKET}: S3 endpoint ${fake.endpoint} does not know this key`);
  });

  it('an unknown bucket is named', async () => {
    const result = await testStorageConnection({ ...config, bucket: 'no-such-bucket' });
    expect(result).toMatchObject({ success: false, message: `Bucket no-such-bucket does not exist at S3 endpoint ${fake.endpoint}` });
  });

  it('missing fields are named before any request', () => {
    expect(() => createStorageAdapter({ ...config, bucket: '' })).toThrow('S3 bucket name is missing');
    expect(() => createStorageAdapter({ ...config, accessKeyId: '' })).toThrow(`S3 access key ID is missing for bucket ${BUCKET}`);
    expect(() => createStorageAdapter({ ...config, secretAccessKey: ' ' })).toThrow(`S3 secret access key is missing for bucket ${BUCKET}`);
    expect(() => createStorageAdapter({ ...config, endpoint: 'minio.local:9000' })).toThrow('S3 endpoint must be an http(s) URL');
  });

  it('reads the content type stored with the object', async () => {
    const read = await createStorageAdapter(config).read('inbox/A1/release.xml');
    expect(read.contentType).toBe('application/xml');
    read.stream.destroy();
  });
});

describe('S3 listing', () => {
  it('pages a directory of 120 objects with continuation tokens', async () => {
    const adapter = createStorageAdapter(config, { maxConcurrentRequests: 16 });
    await Promise.all(Array.from({ length: 120 }, (_, i) => adapter.write(`big/f${String(i).padStart(4, '0')}.xml`, Buffer.from('x'))));
    const sizes: number[] = [];
    const names = new Set<string>();
    let token: string | null = null;
    do {
      const page = await adapter.list('big', { pageToken: token, pageSize: 50 });
      sizes.push(page.entries.length);
      for (const entry of page.entries) names.add(entry.name);
      token = page.nextPageToken;
    } while (token);
    expect(sizes).toEqual([50, 50, 20]);
    expect(names.size).toBe(120);
  });
});

describe('S3 network failures', () => {
  it('unreachable endpoint: connection refused', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const result = await testStorageConnection({ ...config, endpoint }, { timeoutMs: 3_000 });
    expect(result.success).toBe(false);
    expect(result.message).toBe(`Cannot reach S3 endpoint ${endpoint}: connection refused (ECONNREFUSED)`);
    expect(result.responseTime).toBeLessThan(2_000);
  });

  it('a server that never answers: timeout after the configured time', async () => {
    const silent = await startSilentServer();
    try {
      const result = await testStorageConnection({ ...config, endpoint: silent.url }, { timeoutMs: 500 });
      expect(result.success).toBe(false);
      expect(result.message).toBe(`S3 endpoint ${silent.url} did not answer within 0.5 s`);
      expect(result.responseTime).toBeLessThan(2_000);
      await expectStorageError(createStorageAdapter({ ...config, endpoint: silent.url }, { timeoutMs: 300 }).stat('x.xml'), 'timeout');
    } finally {
      await silent.close();
    }
  });
});
