/**
 * An S3-compatible store for tests: s3rver on 127.0.0.1 (port 0) in a temporary folder.
 * s3rver checks AWS Signature V4 against its one built-in account (S3RVER / S3RVER), so a wrong
 * access key id answers 403 InvalidAccessKeyId and a wrong secret 403 SignatureDoesNotMatch, just as
 * AWS does: wrong-credential tests need no extra front.
 */
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17+) no
 * longer offers, so every truncated listing fails with a 500. Triple DES with the key repeated three
 * times computes exactly single DES, so 'des' is served by 'des-ede3-cbc' here; nothing else changes.
 */
function allowSingleDesForS3rver(): void {
  const crypto = require('node:crypto') as typeof import('node:crypto') & { __s3rverDesShim?: boolean };
  if (crypto.__s3rverDesShim) return;
  const asTripleDes = (algorithm: string, key: any) =>
    algorithm.toLowerCase() === 'des' && Buffer.isBuffer(key) && key.length === 8
      ? (['des-ede3-cbc', Buffer.concat([key, key, key])] as const)
      : null;
  const createCipheriv = crypto.createCipheriv;
  const createDecipheriv = crypto.createDecipheriv;
  (crypto as any).createCipheriv = (algorithm: string, key: any, iv: any, options?: any) => {
    const triple = asTripleDes(algorithm, key);
    return triple ? createCipheriv(triple[0], triple[1], iv, options) : createCipheriv(algorithm, key, iv, options);
  };
  (crypto as any).createDecipheriv = (algorithm: string, key: any, iv: any, options?: any) => {
    const triple = asTripleDes(algorithm, key);
    return triple ? createDecipheriv(triple[0], triple[1], iv, options) : createDecipheriv(algorithm, key, iv, options);
  };
  crypto.__s3rverDesShim = true;
}
// s3rver ships no type declarations.
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

export const FAKE_S3_ACCESS_KEY_ID = 'S3RVER';
export const FAKE_S3_SECRET_ACCESS_KEY = 'S3RVER';
export const FAKE_S3_REGION = 'us-east-1';

export interface FakeS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** A client with the right credentials, for seeding and checking. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  put(bucket: string, key: string, body: Buffer | string, contentType?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeS3(options: { buckets?: string[] } = {}): Promise<FakeS3> {
  allowSingleDesForS3rver();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Keys are addressed path-style; vhost matching would need DNS tricks.
    vhostBuckets: false,
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: FAKE_S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: FAKE_S3_ACCESS_KEY_ID, secretAccessKey: FAKE_S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const fake: FakeS3 = {
    endpoint,
    accessKeyId: FAKE_S3_ACCESS_KEY_ID,
    secretAccessKey: FAKE_S3_SECRET_ACCESS_KEY,
    region: FAKE_S3_REGION,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async put(bucket, key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: typeof body === 'string' ? Buffer.from(body) : body, ContentType: contentType }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
  for (const bucket of options.buckets ?? []) await fake.createBucket(bucket);
  return fake;
}
