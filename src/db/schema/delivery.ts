import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { asset, release, resource } from './catalogue';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';

export const DESTINATION_DELIVERY_TYPES = ['metadata', 'file', 'both'] as const;
export type DestinationDeliveryType = (typeof DESTINATION_DELIVERY_TYPES)[number];
export const HTTP_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const DEFAULT_AUDIO_CONVERTER_SETTINGS = {
  bitrate: '1000k',
  segmentDuration: 6,
  encryption: true,
  outputFormat: 'hls',
} as const;

/**
 * Where releases are delivered. Secret columns (file_access_key, image_access_key, video_api_key)
 * hold AES-256-GCM ciphertext. Fields of disabled sections are saved as null.
 */
export const deliveryDestinations = pgTable(
  'delivery_destinations',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    deliveryType: text('delivery_type', { enum: DESTINATION_DELIVERY_TYPES }).notNull().default('metadata'),
    endpointUrl: text('endpoint_url'),
    method: text('method', { enum: HTTP_METHODS }).notNull().default('POST'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    fileStorageZone: text('file_storage_zone'),
    fileAccessKey: text('file_access_key'),
    fileEndpointUrl: text('file_endpoint_url'),
    fileAssetTypes: text('file_asset_types')
      .array()
      .notNull()
      .default(sql`'{audio,video,image}'::text[]`),
    filePrimaryOnly: boolean('file_primary_only').notNull().default(false),
    filePathTemplate: text('file_path_template').notNull().default('{release_id}/{resource_id}/{filename}'),
    imageStorageZone: text('image_storage_zone'),
    imageAccessKey: text('image_access_key'),
    imagePathTemplate: text('image_path_template').notNull().default('{release_id}/artwork/{filename}'),
    imageCdnHostname: text('image_cdn_hostname'),
    audioConverterEnabled: boolean('audio_converter_enabled').notNull().default(false),
    audioConverterEndpoint: text('audio_converter_endpoint'),
    audioConverterSettings: jsonb('audio_converter_settings')
      .$type<Record<string, unknown>>()
      .default(DEFAULT_AUDIO_CONVERTER_SETTINGS),
    streamingUrlField: text('streaming_url_field').notNull().default('streaming_url'),
    keyUrlField: text('key_url_field').notNull().default('key_url'),
    audioCdnHostname: text('audio_cdn_hostname'),
    videoConverterEnabled: boolean('video_converter_enabled').notNull().default(false),
    videoLibraryId: text('video_library_id'),
    videoApiKey: text('video_api_key'),
    videoCdnHostname: text('video_cdn_hostname'),
    videoWebhookUrl: text('video_webhook_url'),
    videoCollectionId: text('video_collection_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('delivery_destinations_delivery_type_check', oneOf(table.deliveryType, DESTINATION_DELIVERY_TYPES)),
    check('delivery_destinations_method_check', oneOf(table.method, HTTP_METHODS)),
    index('delivery_destinations_created_at_idx').on(table.createdAt.desc()),
  ],
);

export const MAPPING_LEVELS = ['release', 'track', 'asset'] as const;
export type MappingLevel = (typeof MAPPING_LEVELS)[number];
export const MAPPING_FIELD_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type MappingFieldType = (typeof MAPPING_FIELD_TYPES)[number];

/**
 * Field mappings of a destination, in sort_order. Saving replaces all rows of the destination, so
 * (destination_id, sort_order) is indexed but not unique: a reorder never trips over itself.
 */
export const destinationFieldMappings = pgTable(
  'destination_field_mappings',
  {
    id: uuidPrimaryKey(),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => deliveryDestinations.id, { onDelete: 'cascade' }),
    outputField: text('output_field').notNull(),
    // Empty while a row is being edited; the engine skips mappings without an input field.
    inputField: text('input_field').notNull().default(''),
    fieldType: text('field_type', { enum: MAPPING_FIELD_TYPES }).notNull().default('string'),
    mappingLevel: text('mapping_level', { enum: MAPPING_LEVELS }).notNull().default('release'),
    isArray: boolean('is_array').notNull().default(false),
    required: boolean('required').notNull().default(false),
    defaultValue: text('default_value'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('destination_field_mappings_field_type_check', oneOf(table.fieldType, MAPPING_FIELD_TYPES)),
    check('destination_field_mappings_mapping_level_check', oneOf(table.mappingLevel, MAPPING_LEVELS)),
    index('destination_field_mappings_destination_sort_idx').on(table.destinationId, table.sortOrder),
  ],
);

export const DELIVERY_JOB_STATUSES = [
  'pending',
  'processing',
  'delivering',
  'completed',
  'delivered',
  'failed',
] as const;
export type DeliveryJobStatus = (typeof DELIVERY_JOB_STATUSES)[number];

/**
 * Delivering one release to one destination. Deleting the release deletes its delivery jobs;
 * deleting a destination keeps the history (destination_id set null, destination_name kept).
 */
export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: uuidPrimaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id').references(() => deliveryDestinations.id, { onDelete: 'set null' }),
    destinationName: text('destination_name'),
    status: text('status', { enum: DELIVERY_JOB_STATUSES }).notNull().default('pending'),
    /** Step in progress: contamination, files, conversions, metadata. */
    phase: text('phase'),
    totalFiles: integer('total_files').notNull().default(0),
    deliveredFiles: integer('delivered_files').notNull().default(0),
    totalConversions: integer('total_conversions').notNull().default(0),
    completedConversions: integer('completed_conversions').notNull().default(0),
    failedConversions: integer('failed_conversions').notNull().default(0),
    totalVideoConversions: integer('total_video_conversions').notNull().default(0),
    completedVideoConversions: integer('completed_video_conversions').notNull().default(0),
    failedVideoConversions: integer('failed_video_conversions').notNull().default(0),
    /** What the mapping engine built, and what was actually sent (may differ after conversions). */
    metadataPayload: jsonb('metadata_payload'),
    sentPayload: jsonb('sent_payload'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    errorMessage: text('error_message'),
    /** Warnings that did not stop the job (e.g. the contamination check could not run). */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** Sent with every external call so a retried job never delivers twice. */
    idempotencyKey: text('idempotency_key')
      .notNull()
      .default(sql`gen_random_uuid()::text`)
      .unique('delivery_jobs_idempotency_key_unique'),
    attempts: integer('attempts').notNull().default(0),
    /** Test deliveries from the destinations screen, with the dialog's unsaved mappings if any. */
    isTest: boolean('is_test').notNull().default(false),
    mappingsOverride: jsonb('mappings_override'),
    requestedBy: text('requested_by'),
    heartbeatAt: timestampTz('heartbeat_at'),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('delivery_jobs_status_check', oneOf(table.status, DELIVERY_JOB_STATUSES)),
    index('delivery_jobs_release_created_at_idx').on(table.releaseId, table.createdAt.desc()),
    index('delivery_jobs_status_idx').on(table.status),
    index('delivery_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('delivery_jobs_created_at_idx').on(table.createdAt.desc()),
    index('delivery_jobs_destination_id_idx').on(table.destinationId),
  ],
);

export const CONVERSION_STATUSES = ['pending', 'submitted', 'processing', 'completed', 'failed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** One audio asset sent to the HLS converter for a delivery job. */
export const audioConversionJobs = pgTable(
  'audio_conversion_jobs',
  {
    id: uuidPrimaryKey(),
    deliveryJobId: uuid('delivery_job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => asset.id, { onDelete: 'set null' }),
    resourceId: integer('resource_id').references(() => resource.id, { onDelete: 'set null' }),
    assetKey: text('asset_key').notNull(),
    trackNumber: integer('track_number'),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull().default('pending'),
    /** The converter's job id (polled at GET {endpoint}/{id}). */
    externalJobId: text('external_job_id'),
    /** Our id sent to the converter as external_id (also its idempotency key). */
    externalId: text('external_id').notNull().default(sql`gen_random_uuid()::text`),
    streamingUrl: text('streaming_url'),
    keyUrl: text('key_url'),
    result: jsonb('result'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('audio_conversion_jobs_status_check', oneOf(table.status, CONVERSION_STATUSES)),
    index('audio_conversion_jobs_delivery_job_id_idx').on(table.deliveryJobId),
    index('audio_conversion_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('audio_conversion_jobs_external_job_id_idx').on(table.externalJobId),
    index('audio_conversion_jobs_external_id_idx').on(table.externalId),
  ],
);

/** One video asset uploaded to the video platform (Bunny Stream) for a delivery job. */
export const videoConversionJobs = pgTable(
  'video_conversion_jobs',
  {
    id: uuidPrimaryKey(),
    deliveryJobId: uuid('delivery_job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => asset.id, { onDelete: 'set null' }),
    resourceId: integer('resource_id').references(() => resource.id, { onDelete: 'set null' }),
    assetKey: text('asset_key').notNull(),
    trackNumber: integer('track_number'),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull().default('pending'),
    /** The platform's video id (webhooks name it). */
    videoId: text('video_id'),
    playlistUrl: text('playlist_url'),
    thumbnailUrl: text('thumbnail_url'),
    previewUrl: text('preview_url'),
    result: jsonb('result'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('video_conversion_jobs_status_check', oneOf(table.status, CONVERSION_STATUSES)),
    index('video_conversion_jobs_delivery_job_id_idx').on(table.deliveryJobId),
    index('video_conversion_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('video_conversion_jobs_video_id_idx').on(table.videoId),
  ],
);
