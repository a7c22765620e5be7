import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { auditLog, ddexFile, sources } from '@/db/schema';
import { getSourceStorage } from '@/features/sources/service';
import { SOURCE_MESSAGES } from '@/features/sources/shared';
import { startTestApp, type TestApp } from '../helpers/app';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs';
import { startFakeS3, type FakeS3 } from '../fakes/s3';

const MASK = '••••••••';
const BUNNY_ZONE = 'partner-drops';
const BUNNY_KEY = 'bunny-zone-key-0f3c9a7e51';
const GCS_BUCKET = 'ddex-inbox';
const S3_BUCKET = 'ddex-s3-inbox';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('DDEX Sources API', () => {
  let app: TestApp;
  let bunny: FakeBunny;
  let gcs: FakeGcs;
  let s3: FakeS3;
  let admin: string;
  let user: string;
  let folder: string;
  /** Every response body seen, to prove no secret ever went back in clear. */
  const responses: string[] = [];
  const clearSecrets: string[] = [];

  async function call(method: string, pathname: string, body?: unknown, cookie = admin) {
    const res = await app.request(pathname, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    responses.push(text);
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async function storedRow(id: string) {
    const [row] = await app.runtime.deps.db.select().from(sources).where(eq(sources.id, id));
    return row!;
  }

  beforeAll(async () => {
    bunny = await startFakeBunny({ zones: { [BUNNY_ZONE]: BUNNY_KEY } });
    bunny.put(BUNNY_ZONE, 'batch-1/release.xml', '<x/>');
    gcs = await startFakeGcs({ buckets: [GCS_BUCKET] });
    s3 = await startFakeS3({ buckets: [S3_BUCKET] });
    folder = await mkdtemp(path.join(os.tmpdir(), 'sources-local-'));
    await mkdir(path.join(folder, 'delivery-1'));
    // (s3rver's secret equals its public key id, so the S3 mask is checked field by field instead.)
    clearSecrets.push(BUNNY_KEY);
    // The private key is the secret part of the service-account JSON.
    clearSecrets.push(JSON.parse(gcs.serviceAccount.keyJson).private_key.split('\n')[1]);
    app = await startTestApp({ env: { BUNNY_STORAGE_BASE_URL: bunny.baseUrl } });
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    await app.createUser('user@example.com', 'user-password-1', 'user');
    admin = await app.signIn('admin@example.com', 'admin-password-1');
    user = await app.signIn('user@example.com', 'user-password-1');
  });

  afterAll(async () => {
    await app?.stop();
    await bunny?.close();
    await gcs?.close();
    await s3?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps sources to admins: 401 without a session, 403 for a user', async () => {
    expect((await app.request('/api/sources')).status).toBe(401);
    expect((await call('GET', '/api/sources', undefined, user)).status).toBe(403);
    expect((await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: BUNNY_KEY }, user)).status).toBe(403);
  });

  describe('bunny_cdn', () => {
    let id: string;

    it('creates a source as active with the key masked and encrypted at rest', async () => {
      const created = await call('POST', '/api/sources', { name: '  Partner Drops ', storage_type: 'bunny_cdn', storage_zone: BUNNY_ZONE, access_key: BUNNY_KEY });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Partner Drops',
        storage_type: 'bunny_cdn',
        storage_zone: BUNNY_ZONE,
        access_key: MASK,
        gcs_service_account_key: '',
        secret_access_key: '',
        status: 'active',
        last_connected: null,
        files_count: 0,
      });
      id = created.body.id;
      const row = await storedRow(id);
      expect(row.accessKey).toMatch(/^enc:v1:/);
      expect(row.accessKey).not.toContain(BUNNY_KEY);
      expect(app.runtime.deps.secrets.decrypt(row.accessKey!)).toBe(BUNNY_KEY);
    });

    it('tests the connection from the dialog with responseTime, and the adapter message on a wrong key', async () => {
      const ok = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: BUNNY_KEY });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect(ok.body.message).toContain(BUNNY_ZONE);
      expect(typeof ok.body.responseTime).toBe('number');
      expect(ok.body.responseTime).toBeGreaterThanOrEqual(0);

      const wrong = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: 'not-the-key' });
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({ success: false, message: `Invalid access key for storage zone ${BUNNY_ZONE}` });
    });

    it('uses the stored key when the dialog sends the mask with the sourceId, and stamps last_connected', async () => {
      expect((await storedRow(id)).lastConnected).toBeNull();
      const withoutId = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: MASK });
      expect(withoutId.status).toBe(400);
      const masked = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: MASK, sourceId: id });
      expect(masked.body.success).toBe(true);
      expect((await storedRow(id)).lastConnected).toBeInstanceOf(Date);
    });

    it("answers the spec's Missing Information message when a test lacks fields", async () => {
      const missing = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(SOURCE_MESSAGES.testBunnyMissing);
      const gcsMissing = await call('POST', '/api/fn/test-gcs-connection', { projectId: 'p', bucketName: 'b' });
      expect(gcsMissing.body.error.message).toBe('Please enter all GCS credentials to test connection.');
    });

    it('row test: uses stored secrets, sets last_connected on success and records the failure message', async () => {
      await app.runtime.deps.db.update(sources).set({ lastConnected: null }).where(eq(sources.id, id));
      const before = Date.now();
      const ok = await call('POST', '/api/fn/test-source-connection', { sourceId: id });
      expect(ok.body).toMatchObject({ success: true });
      expect(ok.body.responseTime).toBeGreaterThanOrEqual(0);
      const listed = await call('GET', '/api/sources');
      const row = listed.body.rows.find((r: { id: string }) => r.id === id);
      expect(new Date(row.last_connected).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.last_error).toBeNull();
    });

    it('keeps the stored key on an edit that sends the mask, replaces it with a new one, refuses an empty one', async () => {
      const renamed = await call('PATCH', `/api/sources/${id}`, { name: 'Partner Drops EU', storage_type: 'bunny_cdn', storage_zone: BUNNY_ZONE, access_key: MASK });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Partner Drops EU', access_key: MASK, status: 'active' });
      expect(app.runtime.deps.secrets.decrypt((await storedRow(id)).accessKey!)).toBe(BUNNY_KEY);
      expect((await call('POST', '/api/fn/test-source-connection', { sourceId: id })).body.success).toBe(true);

      const emptied = await call('PATCH', `/api/sources/${id}`, { access_key: '' });
      expect(emptied.status).toBe(400);
      expect(emptied.body.error.message).toBe(SOURCE_MESSAGES.bunnyRequired);

      const replaced = await call('PATCH', `/api/sources/${id}`, { access_key: 'a-wrong-new-key' });
      expect(replaced.status).toBe(200);
      const failed = await call('POST', '/api/fn/test-source-connection', { sourceId: id });
      expect(failed.body).toMatchObject({ success: false, message: `Invalid access key for storage zone ${BUNNY_ZONE}` });
      expect((await call('GET', `/api/sources/${id}`)).body.last_error).toBe(`Invalid access key for storage zone ${BUNNY_ZONE}`);

      const fixed = await call('PATCH', `/api/sources/${id}`, { access_key: BUNNY_KEY });
      expect(fixed.body.last_error).toBeNull();
      expect((await call('POST', '/api/fn/test-source-connection', { sourceId: id })).body.success).toBe(true);
    });

    it('gives getSourceStorage an adapter with the decrypted key for the scanner', async () => {
      const adapter = await getSourceStorage(app.runtime.deps, id);
      const page = await adapter.list('');
      expect(page.entries.map((e) => e.name)).toEqual(['batch-1']);
      const row = await storedRow(id);
      expect((await getSourceStorage(app.runtime.deps, row)).bucket).toBe(BUNNY_ZONE);
      await expect(getSourceStorage(app.runtime.deps, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(/not found/);
    });

    it('refuses an unknown region with the adapter message', async () => {
      const res = await call('PATCH', `/api/sources/${id}`, { region: 'mars' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Unknown Bunny storage region 'mars'/);
    });

    it('does not carry a secret over a change of storage type', async () => {
      const res = await call('PATCH', `/api/sources/${id}`, { storage_type: 's3', storage_zone: S3_BUCKET, access_key_id: 'AKIA', secret_access_key: MASK });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(SOURCE_MESSAGES.s3Required);
    });
  });

  it('reports an unreachable host as a failed test naming the problem', async () => {
    const port = await closedPort();
    const res = await call('POST', '/api/fn/test-bunny-connection', { storageZone: BUNNY_ZONE, accessKey: BUNNY_KEY, endpoint: `http://127.0.0.1:${port}` });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/Cannot reach .*connection refused/);
  });

  it('reports an unreachable S3 endpoint as a failed test', async () => {
    const port = await closedPort();
    const res = await call('POST', '/api/fn/test-s3-connection', {
      bucket: S3_BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/Cannot reach .*127\.0\.0\.1/);
  });

  describe('google_cloud', () => {
    let id: string;

    it('stores the bucket in storage_zone too, an empty access_key, and the service-account JSON encrypted', async () => {
      const created = await call('POST', '/api/sources', {
        name: 'GCS Inbox',
        storage_type: 'google_cloud',
        gcs_project_id: gcs.projectId,
        gcs_bucket_name: GCS_BUCKET,
        gcs_service_account_key: gcs.serviceAccount.keyJson,
        endpoint_url: gcs.apiEndpoint,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        storage_type: 'google_cloud',
        storage_zone: GCS_BUCKET,
        gcs_bucket_name: GCS_BUCKET,
        gcs_project_id: gcs.projectId,
        access_key: '',
        gcs_service_account_key: MASK,
      });
      id = created.body.id;
      const row = await storedRow(id);
      expect(row.accessKey).toBeNull();
      expect(row.gcsServiceAccountKey).toMatch(/^enc:v1:/);
      expect(row.gcsServiceAccountKey).not.toContain('private_key');
    });

    it('tests the connection, and names a rejected key', async () => {
      const ok = await call('POST', '/api/fn/test-gcs-connection', {
        projectId: gcs.projectId,
        bucketName: GCS_BUCKET,
        serviceAccountKey: gcs.serviceAccount.keyJson,
        endpoint: gcs.apiEndpoint,
      });
      expect(ok.body).toMatchObject({ success: true });
      expect(ok.body.responseTime).toBeGreaterThanOrEqual(0);
      const stranger = gcs.createServiceAccount({ registered: false });
      const rejected = await call('POST', '/api/fn/test-gcs-connection', {
        projectId: gcs.projectId,
        bucketName: GCS_BUCKET,
        serviceAccountKey: stranger.keyJson,
        endpoint: gcs.apiEndpoint,
      });
      expect(rejected.body.success).toBe(false);
      expect(rejected.body.message).toContain(`the key of ${stranger.clientEmail} was rejected`);
      const masked = await call('POST', '/api/fn/test-gcs-connection', {
        projectId: gcs.projectId,
        bucketName: GCS_BUCKET,
        serviceAccountKey: MASK,
        endpoint: gcs.apiEndpoint,
        sourceId: id,
      });
      expect(masked.body.success).toBe(true);
      expect((await storedRow(id)).lastConnected).toBeInstanceOf(Date);
    });

    it('refuses a service-account key that is not JSON, and missing fields with the spec message', async () => {
      const bad = await call('PATCH', `/api/sources/${id}`, { gcs_service_account_key: '{not json' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^Service account key is not valid JSON/);
      const missing = await call('POST', '/api/sources', { name: 'x', storage_type: 'google_cloud', gcs_project_id: 'p', gcs_bucket_name: 'b' });
      expect(missing.body.error.message).toBe('Please fill in GCS project ID, bucket name, and service account key.');
    });
  });

  describe('s3', () => {
    let id: string;
    const secret = 'S3RVER';

    it('stores the secret in access_key encrypted and the key id in access_key_id', async () => {
      const created = await call('POST', '/api/sources', {
        name: 'S3 Inbox',
        storage_type: 's3',
        storage_zone: S3_BUCKET,
        endpoint_url: s3.endpoint,
        region: s3.region,
        access_key_id: s3.accessKeyId,
        secret_access_key: secret,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ storage_zone: S3_BUCKET, access_key_id: s3.accessKeyId, access_key: MASK, secret_access_key: MASK });
      id = created.body.id;
      const row = await storedRow(id);
      expect(row.accessKeyId).toBe(s3.accessKeyId);
      expect(row.accessKey).toMatch(/^enc:v1:/);
      expect(app.runtime.deps.secrets.decrypt(row.accessKey!)).toBe(secret);
    });

    it('tests the connection, and names a wrong secret', async () => {
      const body = { bucket: S3_BUCKET, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId };
      const ok = await call('POST', '/api/fn/test-s3-connection', { ...body, secretAccessKey: secret });
      expect(ok.body).toMatchObject({ success: true });
      const wrong = await call('POST', '/api/fn/test-s3-connection', { ...body, secretAccessKey: 'wrong-secret' });
      expect(wrong.body.success).toBe(false);
      expect(wrong.body.message).toMatch(/Invalid secret access key for bucket/);
      const row = await call('POST', '/api/fn/test-source-connection', { sourceId: id });
      expect(row.body.success).toBe(true);
    });

    it('keeps the secret on a masked edit', async () => {
      const res = await call('PATCH', `/api/sources/${id}`, { name: 'S3 Inbox 2', secret_access_key: MASK });
      expect(res.status).toBe(200);
      expect(app.runtime.deps.secrets.decrypt((await storedRow(id)).accessKey!)).toBe(secret);
      const missing = await call('POST', '/api/sources', { name: 'S3', storage_type: 's3', storage_zone: S3_BUCKET, access_key_id: 'id' });
      expect(missing.body.error.message).toBe(SOURCE_MESSAGES.s3Required);
    });
  });

  describe('local', () => {
    let id: string;

    it('stores the absolute folder and refuses a missing, relative or non-folder path', async () => {
      const created = await call('POST', '/api/sources', { name: 'Demo folder', storage_type: 'local', storage_zone: folder });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ storage_type: 'local', storage_zone: folder, access_key: '' });
      id = created.body.id;

      const gone = path.join(folder, 'not-here');
      expect((await call('POST', '/api/sources', { name: 'x', storage_type: 'local', storage_zone: gone })).body.error.message).toBe(`Folder ${gone} does not exist.`);
      expect((await call('POST', '/api/sources', { name: 'x', storage_type: 'local', storage_zone: 'relative/dir' })).body.error.message).toBe(SOURCE_MESSAGES.localNotAbsolute);
      const file = path.join(folder, 'file.txt');
      await writeFile(file, 'x');
      expect((await call('POST', '/api/sources', { name: 'x', storage_type: 'local', storage_zone: file })).body.error.message).toBe(`${file} is not a folder.`);
    });

    it('tests the folder', async () => {
      const ok = await call('POST', '/api/fn/test-local-connection', { path: folder });
      expect(ok.body).toMatchObject({ success: true, message: expect.stringContaining(folder) });
      const gone = await call('POST', '/api/fn/test-local-connection', { path: path.join(folder, 'gone') });
      expect(gone.body).toMatchObject({ success: false, message: `Folder ${path.join(folder, 'gone')} does not exist` });
      expect((await call('POST', '/api/fn/test-source-connection', { sourceId: id })).body.success).toBe(true);
    });
  });

  it('validates the name first, with the spec message, and refuses an unknown type', async () => {
    const noName = await call('POST', '/api/sources', { name: '   ', storage_type: 'bunny_cdn', storage_zone: 'z', access_key: 'k' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('Please enter a source name.');
    const noKey = await call('POST', '/api/sources', { name: 'Zone', storage_type: 'bunny_cdn', storage_zone: 'z', access_key: '  ' });
    expect(noKey.body.error.message).toBe('Please fill in storage zone and access key for Bunny CDN.');
    const maskOnCreate = await call('POST', '/api/sources', { name: 'Zone', storage_type: 'bunny_cdn', storage_zone: 'z', access_key: MASK });
    expect(maskOnCreate.body.error.message).toBe('Please fill in storage zone and access key for Bunny CDN.');
    const unknown = await call('POST', '/api/sources', { name: 'Zone', storage_type: 'ftp' });
    expect(unknown.body.error.message).toMatch(/storage_type must be one of bunny_cdn, google_cloud, local, s3/);
    const notText = await call('POST', '/api/sources', { name: 42 });
    expect(notText.status).toBe(400);
    expect(notText.body.error.message).toMatch(/^name: /);
    expect((await call('GET', '/api/sources/not-a-uuid')).status).toBe(404);
  });

  it('lists in creation order with a live files_count, and deleting cascades to the files with an audit entry', async () => {
    const { db } = app.runtime.deps;
    const list = await call('GET', '/api/sources');
    expect(list.body.total).toBe(list.body.rows.length);
    const names = list.body.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Partner Drops EU', 'GCS Inbox', 'S3 Inbox 2', 'Demo folder']);
    const times = list.body.rows.map((r: { created_at: string }) => new Date(r.created_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const target = list.body.rows[0];
    await db.insert(ddexFile).values([0, 1, 2].map((n) => ({ sourceId: target.id, sourcePath: `batch-1/r${n}.xml` })));
    await db.insert(ddexFile).values({ sourceId: list.body.rows[1].id, sourcePath: 'other.xml' });
    const counted = await call('GET', '/api/sources');
    expect(counted.body.rows.map((r: { files_count: number }) => r.files_count)).toEqual([3, 1, 0, 0]);
    expect((await call('GET', `/api/sources/${target.id}`)).body.files_count).toBe(3);

    const deleted = await call('DELETE', `/api/sources/${target.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { success: true, deletedFiles: 3 } });
    expect((await call('GET', `/api/sources/${target.id}`)).status).toBe(404);
    const left = await db.select({ n: sql<number>`count(*)::int` }).from(ddexFile);
    expect(left[0]!.n).toBe(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'source.delete'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: target.id, actorEmail: 'admin@example.com', counts: { ddex_files: 3 } });
    expect((await call('DELETE', `/api/sources/${target.id}`)).status).toBe(404);
  });

  it('keeps scan settings per source: set, shown back, checked with a message naming the field, reset to default', async () => {
    const { body } = await call('GET', '/api/sources');
    const local = body.rows.find((r: { storage_type: string }) => r.storage_type === 'local');
    expect(local.settings).toEqual({});

    const set = await call('PATCH', `/api/sources/${local.id}`, { settings: { incomplete_batch_max_age_hours: 2, max_concurrent_requests: '8' } });
    expect(set.status).toBe(200);
    expect(set.body.settings).toEqual({ incomplete_batch_max_age_hours: 2, max_concurrent_requests: 8 });
    // An edit that leaves settings out keeps them; one that names a setting changes only that one.
    await call('PATCH', `/api/sources/${local.id}`, { name: 'Demo folder' });
    const one = await call('PATCH', `/api/sources/${local.id}`, { settings: { request_timeout_seconds: 45 } });
    expect(one.body.settings).toEqual({ incomplete_batch_max_age_hours: 2, max_concurrent_requests: 8, request_timeout_seconds: 45 });

    const tooMany = await call('PATCH', `/api/sources/${local.id}`, { settings: { max_concurrent_requests: 500 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe("Concurrent requests must be a whole number from 1 to 64; got '500'.");
    const unknown = await call('PATCH', `/api/sources/${local.id}`, { settings: { scan_speed: 'fast' } });
    expect(unknown.body.error.message).toMatch(/^Unknown scan setting 'scan_speed'; known: incomplete_batch_max_age_hours/);
    expect((await call('PATCH', `/api/sources/${local.id}`, { settings: 'fast' })).body.error.message).toMatch(/^settings: /);
    expect((await storedRow(local.id)).settings).toEqual({ incomplete_batch_max_age_hours: 2, max_concurrent_requests: 8, request_timeout_seconds: 45 });

    const reset = await call('PATCH', `/api/sources/${local.id}`, { settings: { incomplete_batch_max_age_hours: null, max_concurrent_requests: '' } });
    expect(reset.body.settings).toEqual({ request_timeout_seconds: 45 });
    // Keys the dialog does not offer (set by an operator in SQL) survive its saves.
    await app.runtime.deps.db.execute(sql`UPDATE sources SET settings = settings || '{"list_page_size": 50}'::jsonb WHERE id = ${local.id}`);
    const cleared = await call('PATCH', `/api/sources/${local.id}`, { settings: null });
    expect(cleared.body.settings).toEqual({ list_page_size: 50 });
  });

  it('edits and deletes a source of every other kind', async () => {
    const { body } = await call('GET', '/api/sources');
    const byType = Object.fromEntries(body.rows.map((r: { storage_type: string }) => [r.storage_type, r]));
    expect(Object.keys(byType).sort()).toEqual(['google_cloud', 'local', 's3']);

    const sub = path.join(folder, 'delivery-1');
    const local = await call('PATCH', `/api/sources/${byType.local.id}`, { name: 'Demo folder (moved)', storage_zone: sub });
    expect(local.body).toMatchObject({ name: 'Demo folder (moved)', storage_zone: sub });
    const gcsEdit = await call('PATCH', `/api/sources/${byType.google_cloud.id}`, { gcs_bucket_name: 'other-bucket', gcs_service_account_key: MASK });
    expect(gcsEdit.body).toMatchObject({ storage_zone: 'other-bucket', gcs_bucket_name: 'other-bucket', gcs_service_account_key: MASK });
    const s3Edit = await call('PATCH', `/api/sources/${byType.s3.id}`, { region: 'eu-west-1' });
    expect(s3Edit.body).toMatchObject({ region: 'eu-west-1', secret_access_key: MASK });

    for (const row of Object.values(byType) as Array<{ id: string }>) {
      expect((await call('DELETE', `/api/sources/${row.id}`)).body).toMatchObject({ success: true });
    }
    expect((await call('GET', '/api/sources')).body).toEqual({ rows: [], total: 0 });
  });

  it('never sent a secret back in clear', () => {
    const all = responses.join('\n');
    expect(responses.length).toBeGreaterThan(30);
    for (const secret of clearSecrets) expect(all).not.toContain(secret);
    expect(all).not.toContain('BEGIN PRIVATE KEY');
    expect(all).not.toContain('enc:v1:');
  });
});
