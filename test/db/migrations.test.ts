import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHED_TABLES as EXPORTED_WATCHED_TABLES } from '@/db/changes';
import { migrate } from '@/db/client';
import { createEmptyTestDatabase, type TestDatabase } from '../helpers/db';

// Every table the specs (section 3 of both documents) and DESIGN section 6 rely on, with the
// columns screens and jobs read. Dropping or renaming one must fail here.
const EXPECTED_COLUMNS: Record<string, string[]> = {
  auth_user: ['id', 'name', 'email', 'email_verified', 'image', 'created_at', 'updated_at'],
  auth_session: ['id', 'expires_at', 'token', 'created_at', 'updated_at', 'ip_address', 'user_agent', 'user_id'],
  auth_account: [
    'id', 'account_id', 'provider_id', 'user_id', 'access_token', 'refresh_token', 'id_token',
    'access_token_expires_at', 'refresh_token_expires_at', 'scope', 'password', 'created_at', 'updated_at',
  ],
  auth_verification: ['id', 'identifier', 'value', 'expires_at', 'created_at', 'updated_at'],
  user_roles: ['id', 'user_id', 'role'],
  audit_log: ['id', 'actor_user_id', 'actor_email', 'action', 'target', 'details', 'counts', 'created_at'],
  user_invites: ['id', 'email', 'role', 'token_hash', 'expires_at', 'used_at', 'created_by', 'created_at'],
  sources: [
    'id', 'name', 'storage_type', 'storage_zone', 'access_key', 'gcs_project_id', 'gcs_bucket_name',
    'gcs_service_account_key', 'status', 'last_connected', 'last_scanned_at', 'files_count', 'created_at',
  ],
  partner: ['id', 'name', 'slug', 'created_at'],
  ddex_file: [
    'id', 'source_id', 'source_path', 'source_bucket', 'partner_id', 'message_id', 'message_thread_id',
    'message_created_at', 'artist_name', 'release_title', 'release_type', 'upc', 'isrc', 'isrcs', 'territories',
    'release_date', 'duration_ms', 'status', 'import_eligible', 'imported_at', 'error', 'delivery_type',
    'delivery_sequence', 'file_size', 'file_checksum', 'file_modified_at', 'delivery_folder', 'batch_id',
    'is_latest_in_thread', 'has_media', 'is_takedown', 'parsed_at', 'created_at', 'updated_at',
  ],
  ddex_file_artist: ['ddex_file_id', 'artist_id'],
  artist: [
    'id', 'name', 'sort_name', 'status', 'always_ignore', 'autopush', 'tier', 'is_main_artist', 'benelux_roots',
    'performs_in_dutch', 'benelux_audience', 'labels', 'ai_confidence_score', 'ai_reasoning', 'last_reviewed_at',
    'screened_at', 'screening_source', 'created_at', 'updated_at',
  ],
  release: [
    'id', 'title', 'type', 'label_name', 'original_release_date', 'platform_release_date', 'display_start_at',
    'is_taken_down', 'created_at', 'p_line_text', 'c_line_text', 'plan', 'ddex_file_id',
  ],
  release_identifier: ['id', 'release_id', 'scheme', 'value'],
  release_contributor: ['id', 'release_id', 'artist_id', 'role', 'credited_name', 'sequence'],
  release_resource: ['id', 'release_id', 'resource_id', 'track_number', 'disc_number', 'title_override'],
  resource: [
    'id', 'ddex_file_id', 'title', 'media_type', 'duration_ms', 'genre_primary', 'parental_rating',
    'created_at', 'updated_at',
  ],
  resource_identifier: ['id', 'resource_id', 'scheme', 'value'],
  resource_contributor: [
    'id', 'resource_id', 'role', 'credited_name', 'contributor_type', 'instrument', 'display_credits', 'sequence',
    'artist_id',
  ],
  resource_technical: [
    'id', 'resource_id', 'sampling_rate_hz', 'bitrate_kbps', 'codec', 'audio_channels', 'width', 'height',
    'frame_rate',
  ],
  resource_right: ['id', 'resource_id', 'right_type', 'controller_name', 'note'],
  asset: [
    'id', 'kind', 'key', 'bucket', 'md5', 'mime_type', 'is_primary', 'superseded_by', 'superseded_at',
    'resource_id', 'created_at',
  ],
  asset_delivery_history: ['id', 'asset_id', 'ddex_file_id', 'reused', 'previous_asset_id'],
  release_deal: [
    'id', 'release_id', 'use_type', 'commercial_model', 'price_tier', 'start_at', 'end_at', 'deal_ref',
  ],
  deal_territory: ['id', 'deal_id', 'territory_code', 'is_included'],
  release_schedule: ['id', 'release_id', 'release_date', 'schedule_from', 'embargo_until'],
  geo_rule: ['id', 'release_id', 'whitelist', 'blacklist'],
  import_state: ['id', 'release_id', 'status', 'is_importable', 'already_imported'],
  scan_jobs: [
    'id', 'source_id', 'status', 'total_directories', 'processed_directories', 'total_files', 'imported_files',
    'current_batch', 'batch_size', 'resume_token', 'error_message', 'created_at', 'started_at', 'completed_at',
    'full_scan', 'phase', 'heartbeat_at', 'locked_by',
  ],
  import_jobs: [
    'id', 'status', 'total_files', 'processed_files', 'imported_files', 'failed_files', 'current_batch',
    'file_ids', 'created_at', 'started_at', 'completed_at', 'error_message', 'heartbeat_at',
  ],
  contamination_jobs: [
    'id', 'status', 'track_fixes', 'image_fixes', 'files_reparsed', 'total_files_to_reparse',
    'releases_scanned', 'total_releases_scanned', 'reparse_errors', 'error_message', 'summary',
  ],
  delivery_jobs: [
    'id', 'release_id', 'status', 'created_at', 'completed_at', 'error_message', 'metadata_payload',
    'sent_payload', 'total_conversions', 'completed_conversions', 'failed_conversions',
    'total_video_conversions', 'completed_video_conversions', 'failed_video_conversions', 'destination_id',
  ],
  audio_conversion_jobs: [
    'id', 'delivery_job_id', 'asset_key', 'track_number', 'status', 'streaming_url', 'key_url', 'error_message',
  ],
  video_conversion_jobs: ['id', 'delivery_job_id', 'asset_key', 'track_number', 'status', 'error_message'],
  delivery_destinations: [
    'id', 'name', 'delivery_type', 'endpoint_url', 'method', 'headers', 'active', 'created_at', 'updated_at',
    'file_storage_zone', 'file_access_key', 'file_endpoint_url', 'file_asset_types', 'file_primary_only',
    'file_path_template', 'image_storage_zone', 'image_access_key', 'image_path_template', 'image_cdn_hostname',
    'audio_converter_enabled', 'audio_converter_endpoint', 'audio_converter_settings', 'streaming_url_field',
    'key_url_field', 'audio_cdn_hostname', 'video_converter_enabled', 'video_library_id', 'video_api_key',
    'video_cdn_hostname', 'video_webhook_url', 'video_collection_id',
  ],
  destination_field_mappings: [
    'destination_id', 'output_field', 'input_field', 'field_type', 'mapping_level', 'is_array', 'required',
    'default_value', 'sort_order',
  ],
};

const WATCHED_TABLES = [
  'sources', 'partner', 'ddex_file', 'artist', 'scan_jobs', 'import_jobs', 'release', 'resource', 'asset',
  'delivery_jobs', 'audio_conversion_jobs', 'video_conversion_jobs', 'delivery_destinations',
  'contamination_jobs', 'user_roles',
];

async function publicColumns(database: TestDatabase): Promise<Map<string, Set<string>>> {
  const rows = await database.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const tables = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Set());
    tables.get(row.table_name)!.add(row.column_name);
  }
  return tables;
}

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('apply to an empty database and create every table of the spec with its columns', async () => {
    expect((await publicColumns(database)).size).toBe(0);
    await migrate(database);
    const tables = await publicColumns(database);
    for (const [table, columns] of Object.entries(EXPECTED_COLUMNS)) {
      expect(tables.has(table), `table ${table} exists`).toBe(true);
      const missing = columns.filter((column) => !tables.get(table)!.has(column));
      expect(missing, `columns missing from ${table}`).toEqual([]);
    }
  });

  it('re-apply as a no-op: nothing recorded twice, nothing changed', async () => {
    const before = await database.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
    const columnsBefore = await publicColumns(database);
    await migrate(database);
    const after = await database.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
    expect(after).toEqual(before);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(await publicColumns(database)).toEqual(columnsBefore);
  });

  it('enables pg_trgm and puts a change trigger on every watched table', async () => {
    const extensions = await database.query<{ extname: string }>(`SELECT extname FROM pg_extension`);
    expect(extensions.map((row) => row.extname)).toContain('pg_trgm');
    const triggers = await database.query<{ table_name: string }>(
      `SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal AND p.proname = 'notify_table_change'`,
    );
    expect(triggers.map((row) => row.table_name).sort()).toEqual([...WATCHED_TABLES].sort());
    expect([...EXPORTED_WATCHED_TABLES].sort()).toEqual([...WATCHED_TABLES].sort());
  });

  it('creates the trigram indexes the searches need', async () => {
    const indexes = await database.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    const byName = Object.fromEntries(indexes.map((row) => [row.indexname, row.indexdef]));
    expect(byName.ddex_file_search_trgm_idx).toMatch(/ON public\.ddex_file USING gin \(search_text gin_trgm_ops\)/);
    expect(byName.artist_name_trgm_idx).toMatch(/ON public\.artist USING gin \(name gin_trgm_ops\)/);
    expect(byName.release_search_trgm_idx).toMatch(/ON public\.release USING gin \(search_text gin_trgm_ops\)/);
  });
});
