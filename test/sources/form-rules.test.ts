import { describe, expect, it } from 'vitest';
import {
  EMPTY_SOURCE_FORM,
  MASK,
  connectionTestProblem,
  displayStorageZone,
  scanSettingsOf,
  sourceFormProblem,
  type SourceFormValues,
} from '@/features/sources/shared';
import { SECRET_MASK } from '@/server/secrets';
import { describeSuccess, formValuesOfSource, sourcePayload, type Source } from '@/web/features/sources/sources-api';

const form = (values: Partial<SourceFormValues>): SourceFormValues => ({ ...EMPTY_SOURCE_FORM, ...values });

describe('source form rules shared by the dialog and the server', () => {
  it('uses the same mask as the server', () => {
    expect(MASK).toBe(SECRET_MASK);
  });

  it('asks for the name first, then the fields of the chosen kind, in the spec words', () => {
    expect(sourceFormProblem(form({ name: '  ', storageZone: 'z', accessKey: 'k' }))).toBe('Please enter a source name.');
    expect(sourceFormProblem(form({ name: 'A', storageZone: 'z', accessKey: ' ' }))).toBe('Please fill in storage zone and access key for Bunny CDN.');
    expect(sourceFormProblem(form({ name: 'A', storageZone: 'z', accessKey: 'k' }))).toBeNull();
    expect(sourceFormProblem(form({ name: 'A', storageType: 'google_cloud', gcsProjectId: 'p', gcsBucketName: 'b' }))).toBe(
      'Please fill in GCS project ID, bucket name, and service account key.',
    );
    expect(sourceFormProblem(form({ name: 'A', storageType: 'google_cloud', gcsProjectId: 'p', gcsBucketName: 'b', gcsServiceAccountKey: MASK }))).toBeNull();
    expect(sourceFormProblem(form({ name: 'A', storageType: 's3', storageZone: 'b', accessKeyId: 'id' }))).toMatch(/for S3\.$/);
    expect(sourceFormProblem(form({ name: 'A', storageType: 'local', storageZone: 'inbox' }))).toMatch(/must be absolute/);
    expect(sourceFormProblem(form({ name: 'A', storageType: 'local', storageZone: '/srv/inbox' }))).toBeNull();
  });

  it("words the Test button's missing information as the spec does", () => {
    expect(connectionTestProblem(form({ storageZone: 'z' }))).toBe('Please enter storage zone and access key to test connection.');
    expect(connectionTestProblem(form({ storageType: 'google_cloud', gcsProjectId: 'p' }))).toBe('Please enter all GCS credentials to test connection.');
    expect(connectionTestProblem(form({ storageType: 'google_cloud', gcsProjectId: 'p', gcsBucketName: 'b', gcsServiceAccountKey: '{}' }))).toBeNull();
  });

  it('checks scan settings after the storage fields, naming the field and its range; blank keeps the default', () => {
    const bunny = { name: 'A', storageZone: 'z', accessKey: 'k' };
    const settings = (s: Partial<SourceFormValues['scanSettings']>) => form({ ...bunny, scanSettings: { ...EMPTY_SOURCE_FORM.scanSettings, ...s } });
    expect(sourceFormProblem(settings({ max_concurrent_requests: '0' }))).toBe("Concurrent requests must be a whole number from 1 to 64; got '0'.");
    expect(sourceFormProblem(settings({ incomplete_batch_max_age_hours: '1.5' }))).toMatch(/^Incomplete batch age \(h\) must be a whole number from 0 to 720/);
    expect(sourceFormProblem(settings({ request_timeout_seconds: 'soon' }))).toMatch(/^Request timeout \(s\) must be/);
    expect(sourceFormProblem(settings({ incomplete_batch_max_age_hours: '0', request_timeout_seconds: ' 90 ' }))).toBeNull();
    expect(sourceFormProblem(form({ name: 'A', storageZone: 'z', scanSettings: { ...EMPTY_SOURCE_FORM.scanSettings, max_concurrent_requests: '0' } }))).toMatch(/for Bunny CDN\.$/);
  });

  it('gives the scanner each stored setting, or the default when it is missing or out of range', () => {
    expect(scanSettingsOf({})).toEqual({ incomplete_batch_max_age_hours: 24, max_concurrent_requests: 16, request_timeout_seconds: 30 });
    expect(scanSettingsOf({ incomplete_batch_max_age_hours: 0, max_concurrent_requests: 999, request_timeout_seconds: 5 })).toEqual({
      incomplete_batch_max_age_hours: 0,
      max_concurrent_requests: 16,
      request_timeout_seconds: 5,
    });
  });

  it('shows the bucket as the storage zone of a cloud source', () => {
    expect(displayStorageZone({ storage_type: 'google_cloud', storage_zone: 'old', gcs_bucket_name: 'bucket' })).toBe('bucket');
    expect(displayStorageZone({ storage_type: 'bunny_cdn', storage_zone: 'zone', gcs_bucket_name: null })).toBe('zone');
  });
});

describe('the dialog payloads', () => {
  const saved: Source = {
    id: 'a1',
    name: 'S3 Inbox',
    storage_type: 's3',
    storage_zone: 'bucket',
    access_key: MASK,
    gcs_project_id: null,
    gcs_bucket_name: null,
    gcs_service_account_key: '',
    secret_access_key: MASK,
    access_key_id: 'AKIA1',
    endpoint_url: 'http://127.0.0.1:9000',
    region: null,
    settings: { max_concurrent_requests: 4, list_page_size: 50 },
    status: 'active',
    last_connected: null,
    last_scanned_at: null,
    last_error: null,
    files_count: 0,
    created_at: '2026-01-01T00:00:00Z',
  };

  it('starts an edit from the saved source with the secret still masked, and sends only that kind of fields', () => {
    const values = formValuesOfSource(saved);
    expect(values).toMatchObject({ storageType: 's3', storageZone: 'bucket', secretAccessKey: MASK, accessKey: '', accessKeyId: 'AKIA1' });
    expect(values.scanSettings).toEqual({ incomplete_batch_max_age_hours: '', max_concurrent_requests: '4', request_timeout_seconds: '' });
    expect(sourcePayload({ ...values, name: '  S3 Inbox 2 ' })).toEqual({
      name: 'S3 Inbox 2',
      storage_type: 's3',
      storage_zone: 'bucket',
      endpoint_url: 'http://127.0.0.1:9000',
      region: '',
      access_key_id: 'AKIA1',
      secret_access_key: MASK,
      settings: { incomplete_batch_max_age_hours: null, max_concurrent_requests: 4, request_timeout_seconds: null },
    });
    const gcs = sourcePayload(form({ name: 'G', storageType: 'google_cloud', gcsProjectId: 'p', gcsBucketName: ' b ', gcsServiceAccountKey: '{"a":1}\n' }));
    expect(gcs).toMatchObject({ storage_zone: 'b', gcs_bucket_name: 'b', gcs_service_account_key: '{"a":1}' });
    expect(gcs).not.toHaveProperty('access_key');
  });

  it('gives the response time once, in ms', () => {
    expect(describeSuccess({ success: true, message: 'Successfully connected to bucket b (12 ms)', responseTime: 12 })).toBe(
      'Successfully connected to bucket b (Response time: 12 ms)',
    );
  });
});
