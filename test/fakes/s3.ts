/**
 * An S3-compatible store for tests: s3rver on 127.0.0.1 (port 0) in a temporary folder, behind a
 * small front that checks AWS Signature V4.
 *
 * s3rver knows one account (S3RVER / S3RVER) and refuses an unknown access key id with 403
 * InvalidAccessKeyId, but it never verifies V4 signatures, so a wrong secret would pass. The front
 * recomputes each request's signature with the real secret and answers 403 SignatureDoesNotMatch,
 * as AWS does, before passing the request on untouched.
 */
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
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

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Recomputes a SigV4 'Authorization' header; null when the request is not signed that way. */
function expectedSignature(req: IncomingMessage, secret: string): { provided: string; expected: string } | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(auth);
  if (!m) return null;
  const [, , date, region, service, signedHeaders, provided] = m;
  const rawUrl = req.url ?? '/';
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt < 0 ? '' : rawUrl.slice(queryAt + 1);
  const pairs = query === '' ? [] : query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, '%20'));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, '%20'));
    return [rfc3986(key), rfc3986(value)] as const;
  });
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payloadHash = (req.headers['x-amz-content-sha256'] as string | undefined) ?? 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [req.method, path, pairs.map(([k, v]) => `${k}=${v}`).join('&'), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const amzDate = (req.headers['x-amz-date'] as string | undefined) ?? '';
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return { provided, expected: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

function s3ErrorXml(res: ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

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
  const front = createServer((req, res) => {
    const check = expectedSignature(req, FAKE_S3_SECRET_ACCESS_KEY);
    if (check && req.headers.authorization?.includes(`Credential=${FAKE_S3_ACCESS_KEY_ID}/`)) {
      const a = Buffer.from(check.provided);
      const b = Buffer.from(check.expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        req.resume();
        return s3ErrorXml(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
      }
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port: address.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => s3ErrorXml(res, 502, 'BadGateway', 'fake S3 backend failed'));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
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
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
  for (const bucket of options.buckets ?? []) await fake.createBucket(bucket);
  return fake;
}
