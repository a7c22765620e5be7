/**
 * An in-memory Google Cloud Storage JSON API on 127.0.0.1, covering the routes @google-cloud/storage 7
 * uses: object list (prefix, delimiter, maxResults, pageToken -> items, prefixes, nextPageToken),
 * object metadata, media download (?alt=media, Range, x-goog-hash), simple/multipart/resumable
 * uploads and delete, with md5Hash and crc32c in base64.
 *
 * Auth: every request needs 'Authorization: Bearer <token>', where the token is either a self-signed
 * JWT (RS256) of a registered service account, which is what the client sends to a custom endpoint
 * with useJWTAccessWithScope, or an access token this fake issued at its OAuth endpoint (POST /token,
 * JWT-bearer grant). Anything else gets GCS's 401 body.
 */
import { CRC32C } from '@google-cloud/storage';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGcsOptions {
  buckets: string[];
  latencyMs?: number;
  projectId?: string;
}

interface StoredObject {
  name: string;
  body: Buffer;
  contentType: string;
  generation: number;
  md5Hash: string;
  crc32c: string;
  created: Date;
  updated: Date;
}

function crc32cOf(body: Buffer): string {
  const crc = new CRC32C();
  crc.update(body);
  return crc.toString();
}

class FakeBucket {
  /** Names kept sorted so a list page is a binary search plus a short walk. */
  readonly names: string[] = [];
  readonly objects = new Map<string, StoredObject>();

  constructor(readonly name: string) {}

  private lowerBound(value: string): number {
    let lo = 0;
    let hi = this.names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.names[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  put(name: string, body: Buffer, contentType: string, generation: number): StoredObject {
    const previous = this.objects.get(name);
    if (!previous) this.names.splice(this.lowerBound(name), 0, name);
    const now = new Date();
    const object: StoredObject = {
      name,
      body,
      contentType,
      generation,
      md5Hash: createHash('md5').update(body).digest('base64'),
      crc32c: crc32cOf(body),
      created: previous?.created ?? now,
      updated: now,
    };
    this.objects.set(name, object);
    return object;
  }

  delete(name: string): boolean {
    if (!this.objects.delete(name)) return false;
    this.names.splice(this.lowerBound(name), 1);
    return true;
  }

  /** One page of a delimited listing; each object and each new prefix counts towards maxResults. */
  list(prefix: string, delimiter: string, maxResults: number, after: string | null) {
    const items: StoredObject[] = [];
    const prefixes: string[] = [];
    let i = this.lowerBound(after === null ? prefix : after);
    if (after !== null) {
      // The token names the last object or prefix served: skip it and everything under it.
      while (i < this.names.length && (this.names[i] === after || (after.endsWith(delimiter) && delimiter !== '' && this.names[i].startsWith(after)))) i++;
    }
    let last: string | null = null;
    let more = false;
    while (i < this.names.length) {
      const name = this.names[i];
      if (!name.startsWith(prefix)) break;
      if (items.length + prefixes.length >= maxResults) {
        more = true;
        break;
      }
      const rest = name.slice(prefix.length);
      const cut = delimiter === '' ? -1 : rest.indexOf(delimiter);
      if (cut >= 0) {
        const sub = prefix + rest.slice(0, cut + delimiter.length);
        prefixes.push(sub);
        last = sub;
        i = this.lowerBound(sub);
        while (i < this.names.length && this.names[i].startsWith(sub)) i++;
      } else {
        items.push(this.objects.get(name)!);
        last = name;
        i++;
      }
    }
    return { items, prefixes, nextAfter: more ? last : null };
  }
}

export interface FakeServiceAccount {
  /** The key file's JSON text, as the Sources form receives it. */
  keyJson: string;
  clientEmail: string;
}

export interface FakeGcs {
  /** Pass as the adapter's apiEndpoint. */
  apiEndpoint: string;
  /** The fake's OAuth token endpoint (written into generated keys as token_uri). */
  tokenUri: string;
  projectId: string;
  /** A service account the fake trusts. */
  serviceAccount: FakeServiceAccount;
  /** A fresh key; registered=false gives a well-formed key the fake rejects (a wrong or revoked key). */
  createServiceAccount(opts?: { registered?: boolean; email?: string }): FakeServiceAccount;
  put(bucket: string, name: string, body: Buffer | string, contentType?: string): void;
  get(bucket: string, name: string): Buffer | undefined;
  files(bucket: string): string[];
  readonly requestCount: number;
  readonly maxConcurrent: number;
  resetCounters(): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function gcsError(res: ServerResponse, status: number, message: string, reason: string): void {
  sendJson(res, status, { error: { code: status, message, errors: [{ message, domain: 'global', reason }] } });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** Splits a multipart/related body into its parts' headers and bytes. */
function parseMultipart(body: Buffer, boundary: string): Array<{ headers: Record<string, string>; body: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ headers: Record<string, string>; body: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    let start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    let part = body.subarray(start, next);
    if (part.subarray(part.length - 2).toString() === '\r\n') part = part.subarray(0, part.length - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, headerEnd < 0 ? 0 : headerEnd).toString().split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: headerEnd < 0 ? part : part.subarray(headerEnd + 4) });
    pos = next;
  }
  return parts;
}

export async function startFakeGcs(options: FakeGcsOptions): Promise<FakeGcs> {
  const projectId = options.projectId ?? 'fake-project';
  const buckets = new Map(options.buckets.map((name) => [name, new FakeBucket(name)]));
  const accounts = new Map<string, KeyObject>();
  const accessTokens = new Map<string, number>();
  const resumableSessions = new Map<string, { bucket: string; name: string; contentType: string; received: Buffer[] }>();
  let generation = 1_700_000_000_000_000;
  let requestCount = 0;
  let inFlight = 0;
  let maxConcurrent = 0;
  let baseUrl = '';

  const objectResource = (bucket: string, object: StoredObject) => {
    const encoded = encodeURIComponent(object.name);
    return {
      kind: 'storage#object',
      id: `${bucket}/${object.name}/${object.generation}`,
      selfLink: `${baseUrl}/storage/v1/b/${bucket}/o/${encoded}`,
      mediaLink: `${baseUrl}/download/storage/v1/b/${bucket}/o/${encoded}?generation=${object.generation}&alt=media`,
      name: object.name,
      bucket,
      generation: String(object.generation),
      metageneration: '1',
      contentType: object.contentType,
      storageClass: 'STANDARD',
      size: String(object.body.length),
      md5Hash: object.md5Hash,
      crc32c: object.crc32c,
      etag: Buffer.from(String(object.generation)).toString('base64'),
      timeCreated: object.created.toISOString(),
      updated: object.updated.toISOString(),
    };
  };

  /** Checks an RS256 JWT against the registered accounts; returns the payload or null. */
  const verifyJwt = (token: string): Record<string, any> | null => {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    try {
      const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
      const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
      if (header.alg !== 'RS256') return null;
      const key = accounts.get(payload.iss);
      if (!key) return null;
      const ok = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2], 'base64url'));
      if (!ok) return null;
      if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return null;
      return payload;
    } catch {
      return null;
    }
  };

  const authorised = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header);
    if (!m) return false;
    const expiry = accessTokens.get(m[1]);
    if (expiry !== undefined) return expiry > Date.now();
    return verifyJwt(m[1]) !== null;
  };

  const createServiceAccount = (opts: { registered?: boolean; email?: string } = {}): FakeServiceAccount => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clientEmail = opts.email ?? `scanner-${randomBytes(3).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
    if (opts.registered !== false) accounts.set(clientEmail, createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })));
    const keyJson = JSON.stringify(
      {
        type: 'service_account',
        project_id: projectId,
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        client_id: String(Math.floor(Math.random() * 1e20)),
        auth_uri: `${baseUrl}/auth`,
        token_uri: `${baseUrl}/token`,
      },
      null,
      2,
    );
    return { keyJson, clientEmail };
  };

  const serveMedia = (req: IncomingMessage, res: ServerResponse, object: StoredObject) => {
    const size = object.body.length;
    const headers: Record<string, string | number> = {
      'Content-Type': object.contentType,
      'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
      'x-goog-stored-content-encoding': 'identity',
      'x-goog-stored-content-length': size,
      'x-goog-generation': object.generation,
      'Accept-Ranges': 'bytes',
      'Last-Modified': object.updated.toUTCString(),
    };
    const rangeHeader = req.headers.range;
    const m = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader) : null;
    if (m && !(m[1] === '' && m[2] === '')) {
      let start: number;
      let end: number;
      if (m[1] === '') {
        start = Math.max(size - Number(m[2]), 0);
        end = size - 1;
      } else {
        start = Number(m[1]);
        end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
      }
      if (start >= size || end < start) {
        return gcsError(res, 416, 'The requested range cannot be satisfied.', 'requestedRangeNotSatisfiable');
      }
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 });
      return res.end(object.body.subarray(start, end + 1));
    }
    res.writeHead(200, { ...headers, 'Content-Length': size });
    res.end(object.body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const segments = url.pathname.split('/').slice(1).map((s) => decodeURIComponent(s));

    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams((await readBody(req)).toString());
      const payload = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? verifyJwt(form.get('assertion') ?? '') : null;
      if (!payload) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
      accessTokens.set(token, Date.now() + 3600_000);
      return sendJson(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }

    if (!authorised(req)) return gcsError(res, 401, 'Invalid Credentials', 'authError');

    // Resumable upload chunks come back to the session URI.
    const uploadId = url.searchParams.get('upload_id');
    if (req.method === 'PUT' && uploadId) {
      const session = resumableSessions.get(uploadId);
      if (!session) return gcsError(res, 404, 'No such upload session', 'notFound');
      const chunk = await readBody(req);
      session.received.push(chunk);
      const contentRange = req.headers['content-range'] ?? '';
      const total = /\/(\d+)$/.exec(contentRange)?.[1];
      const soFar = session.received.reduce((n, b) => n + b.length, 0);
      if (total === undefined || Number(total) !== soFar) {
        res.writeHead(308, soFar > 0 ? { Range: `bytes=0-${soFar - 1}` } : {});
        return res.end();
      }
      resumableSessions.delete(uploadId);
      const bucket = buckets.get(session.bucket)!;
      const object = bucket.put(session.name, Buffer.concat(session.received), session.contentType, ++generation);
      return sendJson(res, 200, objectResource(session.bucket, object));
    }

    // /storage/v1/b/{bucket}/o[/{object}], /upload/storage/v1/b/{bucket}/o, /download/storage/v1/b/{bucket}/o/{object}
    let route = segments;
    let mode: 'json' | 'upload' | 'download' = 'json';
    if (route[0] === 'upload' || route[0] === 'download') {
      mode = route[0];
      route = route.slice(1);
    }
    if (route[0] !== 'storage' || route[1] !== 'v1' || route[2] !== 'b' || route[4] !== 'o') {
      return gcsError(res, 404, `Not Found: ${url.pathname}`, 'notFound');
    }
    const bucketName = route[3];
    const bucket = buckets.get(bucketName);
    if (!bucket) return gcsError(res, 404, 'The specified bucket does not exist.', 'notFound');
    const objectName = route.length > 5 ? route.slice(5).join('/') : null;

    if (mode === 'upload' && req.method === 'POST') {
      const uploadType = url.searchParams.get('uploadType');
      const body = await readBody(req);
      if (uploadType === 'multipart') {
        const boundary = /boundary="?([^";]+)"?/.exec(req.headers['content-type'] ?? '')?.[1];
        const parts = boundary ? parseMultipart(body, boundary) : [];
        if (parts.length < 2) return gcsError(res, 400, 'Malformed multipart body', 'invalid');
        const metadata = JSON.parse(parts[0].body.toString() || '{}');
        const name = metadata.name ?? url.searchParams.get('name');
        if (!name) return gcsError(res, 400, 'Required object name missing', 'required');
        const contentType = metadata.contentType ?? parts[1].headers['content-type'] ?? 'application/octet-stream';
        const object = bucket.put(name, parts[1].body, contentType, ++generation);
        return sendJson(res, 200, objectResource(bucketName, object));
      }
      if (uploadType === 'media') {
        const name = url.searchParams.get('name');
        if (!name) return gcsError(res, 400, 'Required object name missing', 'required');
        const object = bucket.put(name, body, req.headers['content-type'] ?? 'application/octet-stream', ++generation);
        return sendJson(res, 200, objectResource(bucketName, object));
      }
      if (uploadType === 'resumable') {
        const metadata = body.length > 0 ? JSON.parse(body.toString()) : {};
        const name = url.searchParams.get('name') ?? metadata.name;
        if (!name) return gcsError(res, 400, 'Required object name missing', 'required');
        const id = randomBytes(12).toString('hex');
        resumableSessions.set(id, {
          bucket: bucketName,
          name,
          contentType: metadata.contentType ?? (req.headers['x-upload-content-type'] as string | undefined) ?? 'application/octet-stream',
          received: [],
        });
        res.writeHead(200, { Location: `${baseUrl}/upload/storage/v1/b/${bucketName}/o?uploadType=resumable&upload_id=${id}` });
        return res.end();
      }
      return gcsError(res, 400, `Unsupported uploadType ${uploadType}`, 'invalid');
    }

    if (objectName === null) {
      if (req.method !== 'GET') return gcsError(res, 405, 'Method not allowed', 'methodNotAllowed');
      const prefix = url.searchParams.get('prefix') ?? '';
      const delimiter = url.searchParams.get('delimiter') ?? '';
      const maxResults = Math.min(Number(url.searchParams.get('maxResults') ?? 1000) || 1000, 1000);
      const pageToken = url.searchParams.get('pageToken');
      let after: string | null = null;
      if (pageToken) {
        try {
          after = Buffer.from(pageToken, 'base64url').toString();
        } catch {
          return gcsError(res, 400, 'Invalid page token', 'invalid');
        }
      }
      const page = bucket.list(prefix, delimiter, maxResults, after);
      const answer: Record<string, unknown> = { kind: 'storage#objects' };
      if (page.items.length > 0) answer.items = page.items.map((object) => objectResource(bucketName, object));
      if (page.prefixes.length > 0) answer.prefixes = page.prefixes;
      if (page.nextAfter !== null) answer.nextPageToken = base64url(page.nextAfter);
      return sendJson(res, 200, answer);
    }

    const object = bucket.objects.get(objectName);
    if (req.method === 'DELETE') {
      if (!bucket.delete(objectName)) return gcsError(res, 404, `No such object: ${bucketName}/${objectName}`, 'notFound');
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET') return gcsError(res, 405, 'Method not allowed', 'methodNotAllowed');
    if (!object) return gcsError(res, 404, `No such object: ${bucketName}/${objectName}`, 'notFound');
    if (mode === 'download' || url.searchParams.get('alt') === 'media') return serveMedia(req, res, object);
    return sendJson(res, 200, objectResource(bucketName, object));
  };

  const latencyMs = options.latencyMs ?? 0;
  const server = createServer((req, res) => {
    requestCount++;
    inFlight++;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight--;
    };
    res.on('finish', done);
    res.on('close', done);
    const run = async () => {
      // Even without latency, answer on a later turn of the event loop, so requests that arrive
      // together overlap and maxConcurrent shows the client's real concurrency.
      await new Promise((resolve) => (latencyMs > 0 ? setTimeout(resolve, latencyMs) : setImmediate(resolve)));
      await handle(req, res);
    };
    run().catch((err) => {
      if (!res.headersSent) gcsError(res, 500, String(err), 'backendError');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const bucketOf = (name: string) => {
    const bucket = buckets.get(name);
    if (!bucket) throw new Error(`Fake GCS has no bucket ${name}`);
    return bucket;
  };
  const serviceAccount = createServiceAccount({ email: `ddex-scanner@${projectId}.iam.gserviceaccount.com` });

  return {
    apiEndpoint: baseUrl,
    tokenUri: `${baseUrl}/token`,
    projectId,
    serviceAccount,
    createServiceAccount,
    put(bucket, name, body, contentType = 'application/octet-stream') {
      bucketOf(bucket).put(name, typeof body === 'string' ? Buffer.from(body) : body, contentType, ++generation);
    },
    get(bucket, name) {
      return bucketOf(bucket).objects.get(name)?.body;
    },
    files(bucket) {
      return [...bucketOf(bucket).names];
    },
    get requestCount() {
      return requestCount;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    resetCounters() {
      requestCount = 0;
      maxConcurrent = inFlight;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
