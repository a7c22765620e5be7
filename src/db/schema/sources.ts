import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';

/** bunny_cdn and google_cloud come from the spec; local and s3 from DESIGN 6.1. */
export const SOURCE_STORAGE_TYPES = ['bunny_cdn', 'google_cloud', 'local', 's3'] as const;
export type SourceStorageType = (typeof SOURCE_STORAGE_TYPES)[number];
export const SOURCE_STATUSES = ['active', 'inactive', 'error'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/**
 * A storage location partners deliver into. storage_zone is the Bunny zone, the bucket (GCS, S3)
 * or the absolute folder (local). Secret columns (access_key, gcs_service_account_key) hold
 * AES-256-GCM ciphertext, never clear text.
 */
export const sources = pgTable(
  'sources',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    storageType: text('storage_type', { enum: SOURCE_STORAGE_TYPES }).notNull().default('bunny_cdn'),
    storageZone: text('storage_zone').notNull(),
    accessKey: text('access_key'),
    gcsProjectId: text('gcs_project_id'),
    gcsBucketName: text('gcs_bucket_name'),
    gcsServiceAccountKey: text('gcs_service_account_key'),
    // S3-compatible stores (and a non-default Bunny or GCS base URL): endpoint, region, key id.
    endpointUrl: text('endpoint_url'),
    region: text('region'),
    accessKeyId: text('access_key_id'),
    /** Per-source tuning that has no column of its own (e.g. incomplete-batch max age). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: SOURCE_STATUSES }).notNull().default('active'),
    lastConnected: timestampTz('last_connected'),
    lastScannedAt: timestampTz('last_scanned_at'),
    lastError: text('last_error'),
    filesCount: integer('files_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('sources_storage_type_check', oneOf(table.storageType, SOURCE_STORAGE_TYPES)),
    check('sources_status_check', oneOf(table.status, SOURCE_STATUSES)),
  ],
);

/** The sender of deliveries (label, aggregator), upserted from MessageSender by party id or name. */
export const partner = pgTable(
  'partner',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('partner_slug_unique'),
    /** DDEX PartyId (DPID) of the sender; null when the message names the sender only. */
    partyId: text('party_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('partner_party_id_unique').on(table.partyId)],
);
