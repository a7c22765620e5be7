/**
 * An in-memory Bunny Storage API on 127.0.0.1: directory listings in Bunny's JSON shape, downloads
 * with Range, uploads checked against the SHA-256 Checksum header, recursive folder deletes, and
 * Bunny's 401/404 bodies. Directories are indexed so listing one never scans every key, which keeps
 * a zone of 40,000 objects fast.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBunnyOptions {
  /** Storage zone name -> its access key. */
  zones: Record<string, string>;
  /** Delay before each answer, to make concurrency observable. */
  latencyMs?: number;
}

interface StoredObject {
  body: Buffer;
  checksum: string;
  guid: string;
  created: Date;
  changed: Date;
}

interface Folder {
  files: Map<string, StoredObject>;
  subdirs: Map<string, Date>;
}

class Zone {
  readonly id: number;
  readonly folders = new Map<string, Folder>([['', { files: new Map(), subdirs: new Map() }]]);
  constructor(readonly name: string, id: number) {
    this.id = id;
  }

  /** Creates the folder and every missing ancestor, as Bunny does on upload. */
  ensureFolder(dir: string): Folder {
    const existing = this.folders.get(dir);
    if (existing) return existing;
    const folder: Folder = { files: new Map(), subdirs: new Map() };
    this.folders.set(dir, folder);
    const slash = dir.lastIndexOf('/');
    const parent = this.ensureFolder(slash < 0 ? '' : dir.slice(0, slash));
    if (!parent.subdirs.has(dir.slice(slash + 1))) parent.subdirs.set(dir.slice(slash + 1), new Date());
    return folder;
  }

  put(path: string, body: Buffer, at = new Date()): void {
    const slash = path.lastIndexOf('/');
    const folder = this.ensureFolder(slash < 0 ? '' : path.slice(0, slash));
    const name = path.slice(slash + 1);
    const previous = folder.files.get(name);
    folder.files.set(name, {
      body,
      checksum: createHash('sha256').update(body).digest('hex').toUpperCase(),
      guid: previous?.guid ?? randomUUID(),
      created: previous?.created ?? at,
      changed: at,
    });
  }

  get(path: string): StoredObject | undefined {
    const slash = path.lastIndexOf('/');
    return this.folders.get(slash < 0 ? '' : path.slice(0, slash))?.files.get(path.slice(slash + 1));
  }

  deleteFile(path: string): boolean {
    const slash = path.lastIndexOf('/');
    return this.folders.get(slash < 0 ? '' : path.slice(0, slash))?.files.delete(path.slice(slash + 1)) ?? false;
  }

  deleteFolder(dir: string): boolean {
    if (dir === '' || !this.folders.has(dir)) return false;
    for (const key of [...this.folders.keys()]) {
      if (key === dir || key.startsWith(`${dir}/`)) this.folders.delete(key);
    }
    const slash = dir.lastIndexOf('/');
    this.folders.get(slash < 0 ? '' : dir.slice(0, slash))?.subdirs.delete(dir.slice(slash + 1));
    return true;
  }

  allPaths(): string[] {
    const paths: string[] = [];
    for (const [dir, folder] of this.folders) {
      for (const name of folder.files.keys()) paths.push(dir === '' ? name : `${dir}/${name}`);
    }
    return paths.sort();
  }
}

export interface FakeBunny {
  baseUrl: string;
  /** Stores an object directly (no request counted). */
  put(zone: string, path: string, body: Buffer | string, lastChanged?: Date): void;
  /** The bytes stored at a path, or undefined. */
  get(zone: string, path: string): Buffer | undefined;
  /** Every object path in the zone, sorted. */
  files(zone: string): string[];
  readonly requestCount: number;
  /** Peak number of requests being served at the same time. */
  readonly maxConcurrent: number;
  resetCounters(): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  xml: 'application/xml',
  json: 'application/json',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  txt: 'text/plain',
};

function bunnyDate(date: Date): string {
  // Bunny writes UTC timestamps without a zone designator.
  return date.toISOString().replace('Z', '');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function bunnyError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { HttpCode: status, Message: message });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a single 'bytes=' range against a size; 'unsatisfiable' when it starts past the end. */
export function parseRangeHeader(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export async function startFakeBunny(options: FakeBunnyOptions): Promise<FakeBunny> {
  const zones = new Map<string, Zone>();
  let zoneId = 1000;
  for (const name of Object.keys(options.zones)) zones.set(name, new Zone(name, zoneId++));
  let latencyMs = options.latencyMs ?? 0;
  let requestCount = 0;
  let inFlight = 0;
  let maxConcurrent = 0;

  const listing = (zone: Zone, dir: string) => {
    const folder = zone.folders.get(dir);
    if (!folder) return [];
    const path = `/${zone.name}/${dir === '' ? '' : `${dir}/`}`;
    const base = { StorageZoneName: zone.name, Path: path, ServerId: 0, UserId: 'fake-user', StorageZoneId: zone.id, ReplicatedZones: '' };
    const items: object[] = [];
    for (const [name, created] of folder.subdirs) {
      items.push({
        Guid: `dir-${zone.id}-${dir}/${name}`,
        ...base,
        ObjectName: name,
        Length: 0,
        LastChanged: bunnyDate(created),
        ArrayNumber: 0,
        IsDirectory: true,
        ContentType: '',
        DateCreated: bunnyDate(created),
        Checksum: null,
      });
    }
    for (const [name, object] of folder.files) {
      items.push({
        Guid: object.guid,
        ...base,
        ObjectName: name,
        Length: object.body.length,
        LastChanged: bunnyDate(object.changed),
        ArrayNumber: 0,
        IsDirectory: false,
        ContentType: '',
        DateCreated: bunnyDate(object.created),
        Checksum: object.checksum,
      });
    }
    return items;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawSegments = url.pathname.split('/').slice(1);
    const isDirectory = url.pathname.endsWith('/');
    let segments: string[];
    try {
      segments = rawSegments.filter((s, i) => !(s === '' && i === rawSegments.length - 1)).map((s) => decodeURIComponent(s));
    } catch {
      return bunnyError(res, 400, 'Invalid path encoding');
    }
    const zoneName = segments.shift() ?? '';
    const zone = zones.get(zoneName);
    if (!zone) return bunnyError(res, 404, 'Object Not Found');
    if (req.headers.accesskey !== options.zones[zoneName]) return bunnyError(res, 401, 'Unauthorized');
    if (segments.some((s) => s === '' || s === '.' || s === '..')) return bunnyError(res, 400, 'Invalid path');
    const path = segments.join('/');

    if (req.method === 'GET' && isDirectory) return sendJson(res, 200, listing(zone, path));
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = zone.get(path);
      if (!object) return bunnyError(res, 404, 'Object Not Found');
      const size = object.body.length;
      const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
      const headers: Record<string, string | number> = {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Accept-Ranges': 'bytes',
        'Last-Modified': object.changed.toUTCString(),
      };
      const range = parseRangeHeader(req.headers.range, size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { 'Content-Range': `bytes */${size}` });
        return res.end();
      }
      if (range) {
        res.writeHead(206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': range.end - range.start + 1 });
        return res.end(req.method === 'HEAD' ? undefined : object.body.subarray(range.start, range.end + 1));
      }
      res.writeHead(200, { ...headers, 'Content-Length': size });
      return res.end(req.method === 'HEAD' ? undefined : object.body);
    }
    if (req.method === 'PUT') {
      if (isDirectory || path === '') return bunnyError(res, 400, 'Cannot upload to a directory path');
      const body = await readBody(req);
      const expected = req.headers.checksum;
      if (typeof expected === 'string' && expected !== '') {
        const actual = createHash('sha256').update(body).digest('hex');
        if (actual.toUpperCase() !== expected.toUpperCase()) return bunnyError(res, 400, 'Checksum and file hash do not match');
      }
      zone.put(path, body);
      return bunnyError(res, 201, 'File uploaded.');
    }
    if (req.method === 'DELETE') {
      const deleted = isDirectory ? zone.deleteFolder(path) : zone.deleteFile(path);
      if (!deleted) return bunnyError(res, 404, 'Object Not Found');
      return bunnyError(res, 200, 'File deleted successfuly.');
    }
    return bunnyError(res, 405, 'Method Not Allowed');
  };

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
      if (!res.headersSent) bunnyError(res, 500, String(err));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const zoneOf = (name: string) => {
    const zone = zones.get(name);
    if (!zone) throw new Error(`Fake Bunny has no storage zone ${name}`);
    return zone;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    put(zone, path, body, lastChanged) {
      zoneOf(zone).put(path.replace(/^\/+/, ''), typeof body === 'string' ? Buffer.from(body) : body, lastChanged);
    },
    get(zone, path) {
      return zoneOf(zone).get(path.replace(/^\/+/, ''))?.body;
    },
    files(zone) {
      return zoneOf(zone).allPaths();
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
    setLatency(ms) {
      latencyMs = ms;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
