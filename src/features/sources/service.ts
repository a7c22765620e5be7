import { stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { sources } from '@/db/schema';
import type { AppDeps, SessionUser } from '@/server/context';
import { badRequest, notFound } from '@/server/errors';
import { writeAudit } from '@/server/audit';
import { maskSecret } from '@/server/secrets';
import {
  bunnyBaseUrl,
  createStorageAdapter,
  testStorageConnection,
  type ConnectionTestResult,
  type StorageAdapter,
  type StorageAdapterOptions,
  type StorageConfig,
} from '@/storage';
import {
  EMPTY_SOURCE_FORM,
  MASK,
  SCAN_SETTING_FIELDS,
  SOURCE_MESSAGES,
  STORAGE_TYPES,
  connectionTestProblem,
  isStorageType,
  scanSettingsInputOf,
  sourceFormProblem,
  type ScanSettingKey,
  type ScanSettingsInput,
  type SourceFormValues,
  type StorageType,
} from './shared';

export type SourceRow = typeof sources.$inferSelect;

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
type SourceDeps = Pick<AppDeps, 'db' | 'secrets' | 'config'>;


/** A source as the API sends it: the table's columns in snake_case, secrets masked, live files_count. */
export interface SourceView {
  id: string;
  name: string;
  storage_type: StorageType;
  storage_zone: string;
  access_key: string;
  gcs_project_id: string | null;
  gcs_bucket_name: string | null;
  gcs_service_account_key: string;
  secret_access_key: string;
  access_key_id: string | null;
  endpoint_url: string | null;
  region: string | null;
  settings: Record<string, unknown>;
  status: SourceRow['status'];
  last_connected: Date | null;
  last_scanned_at: Date | null;
  last_error: string | null;
  files_count: number;
  created_at: Date;
  updated_at: Date;
}

/** The body of POST /api/sources and PATCH /api/sources/:id (snake_case, like the table). */
export interface SourceInput {
  name?: string | null;
  storage_type?: string | null;
  storage_zone?: string | null;
  access_key?: string | null;
  region?: string | null;
  endpoint_url?: string | null;
  gcs_project_id?: string | null;
  gcs_bucket_name?: string | null;
  gcs_service_account_key?: string | null;
  access_key_id?: string | null;
  secret_access_key?: string | null;
  /** Scan tuning (SCAN_SETTING_FIELDS); a key set to null or '' goes back to its default, absent keys are kept. */
  settings?: Record<string, unknown> | null;
}

export function toSourceView(row: SourceRow, filesCount: number): SourceView {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storageType,
    storage_zone: row.storageZone,
    access_key: maskSecret(row.accessKey),
    gcs_project_id: row.gcsProjectId,
    gcs_bucket_name: row.gcsBucketName,
    gcs_service_account_key: maskSecret(row.gcsServiceAccountKey),
    // S3 keeps its secret in access_key; the API names it for what it is.
    secret_access_key: row.storageType === 's3' ? maskSecret(row.accessKey) : '',
    access_key_id: row.accessKeyId,
    endpoint_url: row.endpointUrl,
    region: row.region,
    settings: row.settings ?? {},
    status: row.status,
    last_connected: row.lastConnected,
    last_scanned_at: row.lastScannedAt,
    last_error: row.lastError,
    files_count: filesCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

// Written out: drizzle leaves column names unqualified here, which would compare ddex_file with itself.
const filesCountOfSource = sql<number>`(select count(*)::int from "ddex_file" f where f."source_id" = "sources"."id")`;

export async function listSources(deps: Pick<AppDeps, 'db'>): Promise<SourceView[]> {
  const rows = await deps.db
    .select({ source: sources, filesCount: filesCountOfSource })
    .from(sources)
    .orderBy(asc(sources.createdAt), asc(sources.id));
  return rows.map((r) => toSourceView(r.source, Number(r.filesCount)));
}

export async function findSourceRow(deps: Pick<AppDeps, 'db'>, id: string): Promise<SourceRow | null> {
  if (!isUuid(id)) return null;
  const rows = await deps.db.select().from(sources).where(eq(sources.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function getSource(deps: Pick<AppDeps, 'db'>, id: string): Promise<SourceView> {
  if (!isUuid(id)) throw notFound(`Source ${id} not found`);
  const rows = await deps.db
    .select({ source: sources, filesCount: filesCountOfSource })
    .from(sources)
    .where(eq(sources.id, id))
    .limit(1);
  if (!rows[0]) throw notFound(`Source ${id} not found`);
  return toSourceView(rows[0].source, Number(rows[0].filesCount));
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** The stored row as the dialog shows it: secrets as the mask when one is stored. */
function formValuesOfRow(row: SourceRow): SourceFormValues {
  const masked = (stored: string | null) => (stored ? MASK : '');
  return {
    name: row.name,
    storageType: row.storageType,
    storageZone: row.storageZone,
    accessKey: row.storageType === 'bunny_cdn' ? masked(row.accessKey) : '',
    region: row.region ?? '',
    endpointUrl: row.endpointUrl ?? '',
    gcsProjectId: row.gcsProjectId ?? '',
    gcsBucketName: row.gcsBucketName ?? (row.storageType === 'google_cloud' ? row.storageZone : ''),
    gcsServiceAccountKey: masked(row.gcsServiceAccountKey),
    accessKeyId: row.accessKeyId ?? '',
    secretAccessKey: row.storageType === 's3' ? masked(row.accessKey) : '',
    scanSettings: scanSettingsInputOf(row.settings),
  };
}

const SCAN_SETTING_KEYS = SCAN_SETTING_FIELDS.map((f) => f.key) as readonly string[];

/** The request's settings laid over the stored ones, as text for the form rules to check. */
function mergeScanSettings(base: ScanSettingsInput, incoming: SourceInput['settings']): ScanSettingsInput {
  if (incoming === undefined) return base;
  if (incoming === null) return scanSettingsInputOf(null);
  if (typeof incoming !== 'object' || Array.isArray(incoming)) throw badRequest('settings must be an object of scan settings', 'validation');
  const unknown = Object.keys(incoming).filter((key) => !SCAN_SETTING_KEYS.includes(key));
  if (unknown.length > 0) throw badRequest(`Unknown scan setting ${unknown.map((k) => `'${k}'`).join(', ')}; known: ${SCAN_SETTING_KEYS.join(', ')}`, 'validation');
  const merged = { ...base };
  for (const [key, value] of Object.entries(incoming)) merged[key as ScanSettingKey] = value === null || value === undefined ? '' : String(value);
  return merged;
}

/** Stored settings with the dialog's keys replaced; other keys (set by operators in SQL) are kept. */
function settingsColumn(stored: SourceRow | null, typed: ScanSettingsInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored?.settings ?? {})) if (!SCAN_SETTING_KEYS.includes(key)) out[key] = value;
  for (const field of SCAN_SETTING_FIELDS) {
    const text = typed[field.key]?.trim() ?? '';
    if (text !== '') out[field.key] = Number(text);
  }
  return out;
}

/**
 * Lays the request over the stored values (PATCH leaves out what it does not change). A mask only
 * means "keep the stored secret" when there is one of the same kind: after a change of storage type
 * the old kind's secret is never carried over.
 */
function mergeInput(stored: SourceRow | null, input: SourceInput): SourceFormValues {
  const base = stored ? formValuesOfRow(stored) : { ...EMPTY_SOURCE_FORM };
  const pick = (incoming: string | null | undefined, current: string) => (incoming === undefined ? current : (incoming ?? ''));
  const rawType = input.storage_type === undefined || input.storage_type === null || input.storage_type === '' ? base.storageType : input.storage_type.trim();
  if (!isStorageType(rawType)) {
    throw badRequest(`storage_type must be one of ${STORAGE_TYPES.join(', ')}; got '${rawType}'`);
  }
  const typeChanged = stored !== null && stored.storageType !== rawType;
  const secret = (incoming: string | null | undefined, current: string) => {
    const value = pick(incoming, typeChanged ? '' : current);
    if (value === MASK && (typeChanged || current !== MASK)) return '';
    return value;
  };
  // The contract lets a GCS source name its bucket in either column.
  const gcsBucketInput = input.gcs_bucket_name ?? (rawType === 'google_cloud' ? input.storage_zone : undefined);
  return {
    name: pick(input.name, base.name),
    storageType: rawType,
    storageZone: pick(input.storage_zone, typeChanged ? '' : base.storageZone),
    accessKey: secret(input.access_key, base.accessKey),
    region: pick(input.region, typeChanged ? '' : base.region),
    endpointUrl: pick(input.endpoint_url, typeChanged ? '' : base.endpointUrl),
    gcsProjectId: pick(input.gcs_project_id, typeChanged ? '' : base.gcsProjectId),
    gcsBucketName: pick(gcsBucketInput, typeChanged ? '' : base.gcsBucketName),
    gcsServiceAccountKey: secret(input.gcs_service_account_key, base.gcsServiceAccountKey),
    accessKeyId: pick(input.access_key_id, typeChanged ? '' : base.accessKeyId),
    // S3's secret may arrive as secret_access_key (the contract) or access_key (the table column).
    secretAccessKey: secret(input.secret_access_key ?? (rawType === 's3' ? input.access_key : undefined), base.secretAccessKey),
    scanSettings: mergeScanSettings(base.scanSettings, input.settings),
  };
}

/** A stored secret in clear; values written before encryption existed are used as they are. */
function revealSecret(deps: Pick<AppDeps, 'secrets'>, stored: string | null): string {
  if (!stored) return '';
  if (!deps.secrets.isEncrypted(stored)) return stored;
  return deps.secrets.decrypt(stored);
}

/** Form values with every MASK replaced by the stored secret in clear. */
function revealMasks(deps: Pick<AppDeps, 'secrets'>, values: SourceFormValues, stored: SourceRow | null): SourceFormValues {
  const reveal = (value: string, column: string | null) => {
    if (value !== MASK) return value;
    try {
      return revealSecret(deps, column);
    } catch (err) {
      throw badRequest(`${errorMessage(err)}. Enter the key again.`);
    }
  };
  return {
    ...values,
    accessKey: reveal(values.accessKey, stored?.accessKey ?? null),
    gcsServiceAccountKey: reveal(values.gcsServiceAccountKey, stored?.gcsServiceAccountKey ?? null),
    secretAccessKey: reveal(values.secretAccessKey, stored?.accessKey ?? null),
  };
}

/** How the product reaches the storage described by (clear-text) form values. */
export function storageConfigOf(deps: Pick<AppDeps, 'config'>, v: SourceFormValues): StorageConfig {
  const endpoint = text(v.endpointUrl) || undefined;
  switch (v.storageType) {
    case 'bunny_cdn':
      return {
        kind: 'bunny_cdn',
        storageZone: text(v.storageZone),
        accessKey: text(v.accessKey),
        region: text(v.region) || undefined,
        baseUrl: endpoint ?? deps.config.bunnyStorageBaseUrl ?? undefined,
      };
    case 'google_cloud':
      return {
        kind: 'google_cloud',
        projectId: text(v.gcsProjectId),
        bucketName: text(v.gcsBucketName),
        serviceAccountKey: text(v.gcsServiceAccountKey),
        apiEndpoint: endpoint,
      };
    case 'local':
      return { kind: 'local', root: path.resolve(text(v.storageZone)) };
    case 's3':
      return {
        kind: 's3',
        bucket: text(v.storageZone),
        endpoint,
        region: text(v.region) || undefined,
        accessKeyId: text(v.accessKeyId),
        secretAccessKey: text(v.secretAccessKey),
      };
  }
}

async function checkLocalFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw badRequest(`Folder ${folder} does not exist.`);
    if (err.code === 'EACCES') throw badRequest(`The server may not read ${folder}.`);
    throw badRequest(`Cannot open ${folder}: ${err.message}`);
  });
  if (!info.isDirectory()) throw badRequest(`${folder} is not a folder.`);
}

/** Validates and turns merged form values into the row's columns (secrets encrypted). */
async function columnsFor(deps: SourceDeps, values: SourceFormValues, stored: SourceRow | null) {
  const problem = sourceFormProblem(values);
  if (problem) throw badRequest(problem, 'validation');
  const clear = revealMasks(deps, values, stored);
  const config = storageConfigOf(deps, clear);
  try {
    // A base URL makes the adapter ignore the region, so the region is checked on its own.
    if (config.kind === 'bunny_cdn') bunnyBaseUrl({ region: config.region });
    // Building the adapter checks the rest without a request: key JSON, endpoint URL.
    createStorageAdapter(config);
  } catch (err) {
    throw badRequest(errorMessage(err), 'validation');
  }
  const keep = (value: string, column: string | null | undefined) => (value === MASK ? (column ?? null) : deps.secrets.encrypt(value.trim()));
  const none = {
    accessKey: null,
    gcsProjectId: null,
    gcsBucketName: null,
    gcsServiceAccountKey: null,
    endpointUrl: null,
    region: null,
    accessKeyId: null,
    settings: settingsColumn(stored, values.scanSettings),
  };
  const name = text(values.name);
  switch (values.storageType) {
    case 'bunny_cdn':
      return {
        ...none,
        name,
        storageType: 'bunny_cdn' as const,
        storageZone: text(values.storageZone),
        accessKey: keep(values.accessKey, stored?.accessKey),
        region: text(values.region).toLowerCase() || null,
        endpointUrl: text(values.endpointUrl) || null,
      };
    case 'google_cloud': {
      const bucket = text(values.gcsBucketName);
      return {
        ...none,
        name,
        storageType: 'google_cloud' as const,
        storageZone: bucket,
        gcsBucketName: bucket,
        gcsProjectId: text(values.gcsProjectId),
        gcsServiceAccountKey: keep(values.gcsServiceAccountKey, stored?.gcsServiceAccountKey),
        endpointUrl: text(values.endpointUrl) || null,
      };
    }
    case 'local': {
      const folder = path.resolve(text(values.storageZone));
      await checkLocalFolder(folder);
      return { ...none, name, storageType: 'local' as const, storageZone: folder };
    }
    case 's3':
      return {
        ...none,
        name,
        storageType: 's3' as const,
        storageZone: text(values.storageZone),
        accessKey: keep(values.secretAccessKey, stored?.accessKey),
        accessKeyId: text(values.accessKeyId),
        region: text(values.region) || null,
        endpointUrl: text(values.endpointUrl) || null,
      };
  }
}

export async function createSource(deps: SourceDeps, input: SourceInput): Promise<SourceView> {
  const columns = await columnsFor(deps, mergeInput(null, input), null);
  const [row] = await deps.db
    .insert(sources)
    .values({ ...columns, status: 'active' })
    .returning();
  return toSourceView(row!, 0);
}

export async function updateSource(deps: SourceDeps, id: string, input: SourceInput): Promise<SourceView> {
  const stored = await findSourceRow(deps, id);
  if (!stored) throw notFound(`Source ${id} not found`);
  const columns = await columnsFor(deps, mergeInput(stored, input), stored);
  await deps.db
    .update(sources)
    // The last failed test described the old settings; the next test will speak for the new ones.
    .set({ ...columns, status: 'active', lastError: null, updatedAt: new Date() })
    .where(eq(sources.id, id));
  return getSource(deps, id);
}

/** Deletes the source; the database cascades to its ddex_file rows (and their children) and scan jobs. */
export async function deleteSource(deps: Pick<AppDeps, 'db'>, id: string, actor: SessionUser | null): Promise<{ deletedFiles: number }> {
  const source = await getSource(deps, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(sources).where(eq(sources.id, id));
    await writeAudit(tx, {
      actor,
      action: 'source.delete',
      target: id,
      details: { name: source.name, storage_type: source.storage_type, storage_zone: source.storage_zone },
      counts: { ddex_files: source.files_count },
    });
  });
  return { deletedFiles: source.files_count };
}

/** Clear-text storage settings of a saved source. */
function storageConfigOfRow(deps: SourceDeps, row: SourceRow): StorageConfig {
  return storageConfigOf(deps, revealMasks(deps, formValuesOfRow(row), row));
}

/** The storage adapter of a source row (decrypts its secrets). Throws on a broken configuration. */
export function storageForSourceRow(deps: SourceDeps, row: SourceRow, opts?: StorageAdapterOptions): StorageAdapter {
  return createStorageAdapter(storageConfigOfRow(deps, row), opts);
}

/** The scanner's and fetch-asset's way in: the adapter for a source id or row. */
export async function getSourceStorage(deps: SourceDeps, source: string | SourceRow, opts?: StorageAdapterOptions): Promise<StorageAdapter> {
  const row = typeof source === 'string' ? await findSourceRow(deps, source) : source;
  if (!row) throw notFound(`Source ${String(source)} not found`);
  return storageForSourceRow(deps, row, opts);
}

// ---- connection tests ----------------------------------------------------------------------

/** The bodies of the test-*-connection functions, as the contract names their fields. */
export type ConnectionTestBody =
  | { kind: 'bunny_cdn'; storageZone?: string; accessKey?: string; region?: string; endpoint?: string; sourceId?: string }
  | { kind: 'google_cloud'; projectId?: string; bucketName?: string; serviceAccountKey?: string; endpoint?: string; sourceId?: string }
  | { kind: 'local'; path?: string }
  | { kind: 's3'; bucket?: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string; sourceId?: string };

function formValuesOfTestBody(body: ConnectionTestBody): SourceFormValues {
  const v: SourceFormValues = { ...EMPTY_SOURCE_FORM, name: 'connection test', storageType: body.kind };
  switch (body.kind) {
    case 'bunny_cdn':
      return { ...v, storageZone: body.storageZone ?? '', accessKey: body.accessKey ?? '', region: body.region ?? '', endpointUrl: body.endpoint ?? '' };
    case 'google_cloud':
      return {
        ...v,
        gcsProjectId: body.projectId ?? '',
        gcsBucketName: body.bucketName ?? '',
        gcsServiceAccountKey: body.serviceAccountKey ?? '',
        endpointUrl: body.endpoint ?? '',
      };
    case 'local':
      return { ...v, storageZone: body.path ?? '' };
    case 's3':
      return {
        ...v,
        storageZone: body.bucket ?? '',
        endpointUrl: body.endpoint ?? '',
        region: body.region ?? '',
        accessKeyId: body.accessKeyId ?? '',
        secretAccessKey: body.secretAccessKey ?? '',
      };
  }
}

/**
 * The dialog's 'Test'. A masked secret is taken from the saved source named by sourceId. When the
 * settings tested are exactly the saved ones, a success also stamps the source's last_connected.
 */
export async function testConnection(deps: SourceDeps, body: ConnectionTestBody): Promise<ConnectionTestResult> {
  const values = formValuesOfTestBody(body);
  const sourceId = 'sourceId' in body ? body.sourceId : undefined;
  const stored = sourceId ? await findSourceRow(deps, sourceId) : null;
  if (sourceId && !stored) throw notFound(`Source ${sourceId} not found`);
  const usable = stored && stored.storageType === body.kind ? stored : null;
  const hasMask = [values.accessKey, values.gcsServiceAccountKey, values.secretAccessKey].includes(MASK);
  if (hasMask && !usable) {
    throw badRequest('The secret is hidden: send the saved source\'s sourceId, or type the key again, to test the connection.');
  }
  const missing = connectionTestProblem(values);
  if (missing) throw badRequest(missing, 'missing_information');
  const config = storageConfigOf(deps, revealMasks(deps, values, usable));
  const result = await testStorageConnection(config);
  if (result.success && usable && sameConfig(config, storageConfigOfRow(deps, usable))) {
    await recordTestOutcome(deps, usable.id, result);
  }
  return result;
}

/** The row's 'Test': the saved settings and secrets; the outcome is recorded on the source. */
export async function testSourceConnection(deps: SourceDeps, sourceId: string): Promise<ConnectionTestResult> {
  const row = await findSourceRow(deps, sourceId);
  if (!row) throw notFound(`Source ${sourceId} not found`);
  let config: StorageConfig;
  try {
    config = storageConfigOfRow(deps, row);
  } catch (err) {
    const result = { success: false, message: errorMessage(err), responseTime: 0 };
    await recordTestOutcome(deps, row.id, result);
    return result;
  }
  const result = await testStorageConnection(config);
  await recordTestOutcome(deps, row.id, result);
  return result;
}

function sameConfig(a: StorageConfig, b: StorageConfig): boolean {
  const normalise = (c: StorageConfig) => JSON.stringify(Object.entries(c).filter(([, v]) => v !== undefined && v !== '').sort(([x], [y]) => (x < y ? -1 : 1)));
  return normalise(a) === normalise(b);
}

async function recordTestOutcome(deps: Pick<AppDeps, 'db'>, id: string, result: ConnectionTestResult): Promise<void> {
  await deps.db
    .update(sources)
    .set(result.success ? { lastConnected: new Date(), lastError: null } : { lastError: result.message })
    .where(eq(sources.id, id));
}

export { SOURCE_MESSAGES };
