import { api, type ListResponse } from '@/web/lib/api';
import { EMPTY_SOURCE_FORM, MASK, SCAN_SETTING_FIELDS, scanSettingsInputOf, type ScanSettingKey, type SourceFormValues, type StorageType } from '@/features/sources/shared';

/** A row of GET /api/sources: the table's columns, secrets masked ('••••••••' or ''). */
export interface Source {
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
  /** Scan tuning; keys absent use the defaults of SCAN_SETTING_FIELDS. */
  settings: Record<string, unknown>;
  status: 'active' | 'inactive' | 'error';
  last_connected: string | null;
  last_scanned_at: string | null;
  last_error: string | null;
  files_count: number;
  created_at: string;
}

export interface ConnectionTestResult {
  success: boolean;
  message: string;
  responseTime: number;
}

export const SOURCES_QUERY_KEY = ['sources'] as const;

export function fetchSources(): Promise<ListResponse<Source>> {
  return api.get<ListResponse<Source>>('/api/sources');
}

/** The dialog's starting values for a saved source: secrets stay masked unless retyped. */
export function formValuesOfSource(source: Source): SourceFormValues {
  return {
    ...EMPTY_SOURCE_FORM,
    name: source.name,
    storageType: source.storage_type,
    storageZone: source.storage_type === 'google_cloud' ? '' : source.storage_zone,
    accessKey: source.storage_type === 'bunny_cdn' ? source.access_key : '',
    region: source.region ?? '',
    endpointUrl: source.endpoint_url ?? '',
    gcsProjectId: source.gcs_project_id ?? '',
    gcsBucketName: source.gcs_bucket_name ?? (source.storage_type === 'google_cloud' ? source.storage_zone : ''),
    gcsServiceAccountKey: source.gcs_service_account_key,
    accessKeyId: source.access_key_id ?? '',
    secretAccessKey: source.secret_access_key,
    scanSettings: scanSettingsInputOf(source.settings),
  };
}

/** The save body: the fields of the chosen kind, trimmed (the server trims too), and the scan settings (null: default). */
export function sourcePayload(v: SourceFormValues): Record<string, unknown> {
  const settings = {} as Record<ScanSettingKey, number | null>;
  for (const field of SCAN_SETTING_FIELDS) {
    const typed = v.scanSettings[field.key].trim();
    settings[field.key] = typed === '' ? null : Number(typed);
  }
  return { ...storagePayload(v), settings };
}

function storagePayload(v: SourceFormValues): Record<string, string> {
  const t = (s: string) => s.trim();
  const common = { name: t(v.name), storage_type: v.storageType };
  switch (v.storageType) {
    case 'bunny_cdn':
      return { ...common, storage_zone: t(v.storageZone), access_key: t(v.accessKey), region: t(v.region) };
    case 'google_cloud':
      return {
        ...common,
        storage_zone: t(v.gcsBucketName),
        gcs_bucket_name: t(v.gcsBucketName),
        gcs_project_id: t(v.gcsProjectId),
        gcs_service_account_key: v.gcsServiceAccountKey === MASK ? MASK : t(v.gcsServiceAccountKey),
        endpoint_url: t(v.endpointUrl),
      };
    case 'local':
      return { ...common, storage_zone: t(v.storageZone) };
    case 's3':
      return {
        ...common,
        storage_zone: t(v.storageZone),
        endpoint_url: t(v.endpointUrl),
        region: t(v.region),
        access_key_id: t(v.accessKeyId),
        secret_access_key: t(v.secretAccessKey),
      };
  }
}

/** The dialog's 'Test': the kind's test function, with the saved source's id so a masked secret can be used. */
export function testConnection(v: SourceFormValues, sourceId: string | null): Promise<ConnectionTestResult> {
  const t = (s: string) => s.trim();
  const id = sourceId ? { sourceId } : {};
  switch (v.storageType) {
    case 'bunny_cdn':
      return api.post('/api/fn/test-bunny-connection', { storageZone: t(v.storageZone), accessKey: t(v.accessKey), region: t(v.region), ...id });
    case 'google_cloud':
      return api.post('/api/fn/test-gcs-connection', {
        projectId: t(v.gcsProjectId),
        bucketName: t(v.gcsBucketName),
        serviceAccountKey: t(v.gcsServiceAccountKey),
        endpoint: t(v.endpointUrl),
        ...id,
      });
    case 'local':
      return api.post('/api/fn/test-local-connection', { path: t(v.storageZone) });
    case 's3':
      return api.post('/api/fn/test-s3-connection', {
        bucket: t(v.storageZone),
        endpoint: t(v.endpointUrl),
        region: t(v.region),
        accessKeyId: t(v.accessKeyId),
        secretAccessKey: t(v.secretAccessKey),
        ...id,
      });
  }
}

export function testSavedSource(sourceId: string): Promise<ConnectionTestResult> {
  return api.post('/api/fn/test-source-connection', { sourceId });
}

/** The spec's fallback when a failed test carries no message. */
export const CONNECTION_FAILED_FALLBACK: Record<StorageType, string> = {
  bunny_cdn: 'Unable to connect to Bunny CDN',
  google_cloud: 'Unable to connect to Google Cloud Storage',
  local: 'Unable to open the folder',
  s3: 'Unable to connect to S3 storage',
};

/** 'message (Response time: 12 ms)', without repeating a time the adapter already put in its message. */
export function describeSuccess(result: ConnectionTestResult): string {
  const message = result.message.replace(/\s*\(\d+ ms\)\s*$/, '');
  return `${message} (Response time: ${result.responseTime} ms)`;
}
