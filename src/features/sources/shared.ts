/**
 * What the Sources page and the server agree on: the four storage kinds, the form's fields and the
 * validation messages of spec section 5. Pure (no Node, no database) so the SPA imports it too and
 * the browser and the server can never word a rule differently.
 */

export const STORAGE_TYPES = ['bunny_cdn', 'google_cloud', 'local', 's3'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export const STORAGE_TYPE_LABELS: Record<StorageType, string> = {
  bunny_cdn: 'Bunny CDN',
  google_cloud: 'Google Cloud Storage',
  local: 'Local folder',
  s3: 'S3-compatible',
};

/** What the API sends in place of a stored secret; test/sources/form-rules.test.ts holds it equal to the server's SECRET_MASK. */
export const MASK = '••••••••';

export const SOURCE_MESSAGES = {
  nameRequired: 'Please enter a source name.',
  bunnyRequired: 'Please fill in storage zone and access key for Bunny CDN.',
  gcsRequired: 'Please fill in GCS project ID, bucket name, and service account key.',
  localRequired: 'Please enter the absolute path of the folder that holds the deliveries.',
  s3Required: 'Please fill in bucket, access key ID and secret access key for S3.',
  testBunnyMissing: 'Please enter storage zone and access key to test connection.',
  testGcsMissing: 'Please enter all GCS credentials to test connection.',
  testLocalMissing: 'Please enter a folder path to test connection.',
  testS3Missing: 'Please enter bucket, access key ID and secret access key to test connection.',
  localNotAbsolute: 'The folder path must be absolute, for example /srv/ddex/inbox.',
} as const;

/** The dialog's fields; secrets are clear text as typed, or MASK when the stored one is kept. */
export interface SourceFormValues {
  name: string;
  storageType: StorageType;
  /** Bunny storage zone, S3 bucket, or the local folder's absolute path. */
  storageZone: string;
  /** Bunny access key. */
  accessKey: string;
  region: string;
  endpointUrl: string;
  gcsProjectId: string;
  gcsBucketName: string;
  gcsServiceAccountKey: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Scan tuning as typed; '' keeps the default (see SCAN_SETTING_FIELDS). */
  scanSettings: ScanSettingsInput;
}

export const EMPTY_SOURCE_FORM: SourceFormValues = {
  name: '',
  storageType: 'bunny_cdn',
  storageZone: '',
  accessKey: '',
  region: '',
  endpointUrl: '',
  gcsProjectId: '',
  gcsBucketName: '',
  gcsServiceAccountKey: '',
  accessKeyId: '',
  secretAccessKey: '',
  scanSettings: { incomplete_batch_max_age_hours: '', max_concurrent_requests: '', request_timeout_seconds: '' },
};

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

export function isStorageType(value: unknown): value is StorageType {
  return typeof value === 'string' && (STORAGE_TYPES as readonly string[]).includes(value);
}

/** True for '/srv/x' and 'C:\x': the folder must not depend on the server's working directory. */
export function isAbsoluteFolderPath(value: string): boolean {
  return value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value);
}

/** The storage fields a kind needs, or the spec's message when one is missing. */
function missingStorageFields(values: SourceFormValues, forTest: boolean): string | null {
  switch (values.storageType) {
    case 'bunny_cdn':
      if (!filled(values.storageZone) || !filled(values.accessKey)) {
        return forTest ? SOURCE_MESSAGES.testBunnyMissing : SOURCE_MESSAGES.bunnyRequired;
      }
      return null;
    case 'google_cloud':
      if (!filled(values.gcsProjectId) || !filled(values.gcsBucketName) || !filled(values.gcsServiceAccountKey)) {
        return forTest ? SOURCE_MESSAGES.testGcsMissing : SOURCE_MESSAGES.gcsRequired;
      }
      return null;
    case 'local':
      if (!filled(values.storageZone)) return forTest ? SOURCE_MESSAGES.testLocalMissing : SOURCE_MESSAGES.localRequired;
      if (!isAbsoluteFolderPath(values.storageZone.trim())) return SOURCE_MESSAGES.localNotAbsolute;
      return null;
    case 's3':
      if (!filled(values.storageZone) || !filled(values.accessKeyId) || !filled(values.secretAccessKey)) {
        return forTest ? SOURCE_MESSAGES.testS3Missing : SOURCE_MESSAGES.s3Required;
      }
      return null;
    default:
      return `Unknown storage type '${String((values as { storageType?: unknown }).storageType)}'; choose Bunny CDN, Google Cloud Storage, Local folder or S3-compatible.`;
  }
}

/** The first problem that stops a save, in the spec's words; null when the form can be saved. */
export function sourceFormProblem(values: SourceFormValues): string | null {
  if (!filled(values.name)) return SOURCE_MESSAGES.nameRequired;
  return missingStorageFields(values, false) ?? scanSettingsProblem(values.scanSettings ?? {});
}

/** Why 'Test' cannot run yet (the 'Missing Information' message); null when it can. */
export function connectionTestProblem(values: SourceFormValues): string | null {
  return missingStorageFields(values, true);
}

/** The bucket for cloud storage, the zone or folder otherwise: what the Storage Zone column shows. */
export function displayStorageZone(row: { storage_type: string; storage_zone: string; gcs_bucket_name?: string | null }): string {
  if (row.storage_type === 'google_cloud') return row.gcs_bucket_name || row.storage_zone;
  return row.storage_zone;
}

/**
 * Per-source scan tuning the dialog offers (stored in sources.settings). Blank means the default;
 * the scanner reads them through scanSettingsOf so both sides agree on defaults and bounds.
 */
export const SCAN_SETTING_FIELDS = [
  {
    key: 'incomplete_batch_max_age_hours',
    label: 'Incomplete batch age (h)',
    hint: 'A batch folder without its BatchComplete manifest is skipped until it is this old, then processed anyway.',
    min: 0,
    max: 720,
    defaultValue: 24,
  },
  {
    key: 'max_concurrent_requests',
    label: 'Concurrent requests',
    hint: 'Listing and read requests a scan keeps in flight against this storage.',
    min: 1,
    max: 64,
    defaultValue: 16,
  },
  {
    key: 'request_timeout_seconds',
    label: 'Request timeout (s)',
    hint: 'How long one request may wait for the storage before the scan reports it unreachable.',
    min: 1,
    max: 600,
    defaultValue: 30,
  },
] as const;

export type ScanSettingKey = (typeof SCAN_SETTING_FIELDS)[number]['key'];
export type ScanSettings = Record<ScanSettingKey, number>;
/** As typed in the dialog: '' keeps the default. */
export type ScanSettingsInput = Record<ScanSettingKey, string>;

export const EMPTY_SCAN_SETTINGS_INPUT: ScanSettingsInput = { incomplete_batch_max_age_hours: '', max_concurrent_requests: '', request_timeout_seconds: '' };

function fieldOf(key: ScanSettingKey) {
  return SCAN_SETTING_FIELDS.find((f) => f.key === key)!;
}

/** A stored or typed value within the field's bounds, or null when it is not one. */
function settingValue(key: ScanSettingKey, raw: unknown): number | null {
  const field = fieldOf(key);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
  return Number.isInteger(n) && n >= field.min && n <= field.max ? n : null;
}

/** Why a typed scan setting cannot be saved, naming the field and its range; null when all are fine. */
export function scanSettingsProblem(input: Partial<Record<ScanSettingKey, unknown>>): string | null {
  for (const field of SCAN_SETTING_FIELDS) {
    const raw = input[field.key];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) continue;
    if (settingValue(field.key, raw) === null) {
      return `${field.label} must be a whole number from ${field.min} to ${field.max}; got '${String(raw).trim()}'.`;
    }
  }
  return null;
}

/** The settings a scan runs with: each stored value if valid, else the default. */
export function scanSettingsOf(stored: Record<string, unknown> | null | undefined): ScanSettings {
  const out = {} as ScanSettings;
  for (const field of SCAN_SETTING_FIELDS) out[field.key] = settingValue(field.key, stored?.[field.key]) ?? field.defaultValue;
  return out;
}

/** The dialog's starting text for stored settings: a value only where one was set. */
export function scanSettingsInputOf(stored: Record<string, unknown> | null | undefined): ScanSettingsInput {
  const out = { ...EMPTY_SCAN_SETTINGS_INPUT };
  for (const field of SCAN_SETTING_FIELDS) {
    const value = settingValue(field.key, stored?.[field.key]);
    if (value !== null) out[field.key] = String(value);
  }
  return out;
}
