import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { artist } from './artists';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';
import { partner, sources } from './sources';

export const DDEX_FILE_STATUSES = [
  'discovered',
  'metadata_scanned',
  'error',
  'waiting_for_initial',
  'waiting_for_initial_delivery',
  'superseded',
  'imported',
] as const;
export type DdexFileStatus = (typeof DDEX_FILE_STATUSES)[number];
export const DELIVERY_TYPES = ['initial', 'metadata_update', 'redelivery'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DDEX_MESSAGE_TYPES = ['NewReleaseMessage', 'PurgeReleaseMessage'] as const;
export type DdexMessageType = (typeof DDEX_MESSAGE_TYPES)[number];

/**
 * One ERN message found in a source. A re-scan updates the row found by (source_id, source_path),
 * never inserts a second one. Deleting the source deletes its files' rows: without the source
 * they cannot be read, imported or re-scanned. Releases imported from a file survive its deletion
 * (release.ddex_file_id is set null).
 */
export const ddexFile = pgTable(
  'ddex_file',
  {
    id: uuidPrimaryKey(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    /** Object key / path of the XML inside the source. */
    sourcePath: text('source_path').notNull(),
    sourceBucket: text('source_bucket'),
    /** Folder holding the XML and its resources/: asset keys are resolved against it. */
    deliveryFolder: text('delivery_folder'),
    /** Batch id of a batch delivery (BatchComplete_<id>.xml), null for release-by-release. */
    batchId: text('batch_id'),
    partnerId: uuid('partner_id').references(() => partner.id, { onDelete: 'set null' }),
    messageType: text('message_type'),
    messageId: text('message_id'),
    messageThreadId: text('message_thread_id'),
    messageCreatedAt: timestampTz('message_created_at'),
    artistName: text('artist_name'),
    releaseTitle: text('release_title'),
    releaseType: text('release_type'),
    upc: text('upc'),
    /** First ISRC (the list column); all ISRCs of the message are in isrcs. */
    isrc: text('isrc'),
    isrcs: text('isrcs').array().notNull().default(sql`'{}'::text[]`),
    /** Territory codes of the message's deals (screening and the territory filter read them). */
    territories: text('territories').array().notNull().default(sql`'{}'::text[]`),
    releaseDate: date('release_date'),
    durationMs: integer('duration_ms'),
    status: text('status', { enum: DDEX_FILE_STATUSES }).notNull().default('discovered'),
    importEligible: boolean('import_eligible').notNull().default(false),
    importedAt: timestampTz('imported_at'),
    error: text('error'),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }).notNull().default('initial'),
    deliverySequence: integer('delivery_sequence'),
    isLatestInThread: boolean('is_latest_in_thread').notNull().default(true),
    /** The delivery thread: MessageThreadId, else the release's main identifier (icpn:/grid:/cat:). */
    threadKey: text('thread_key'),
    /** The message names media files: a later delivery with media is a redelivery, without one a metadata update. */
    hasMedia: boolean('has_media').notNull().default(false),
    /** PurgeReleaseMessage, or a deal with TakeDown. */
    isTakedown: boolean('is_takedown').notNull().default(false),
    // What the storage reported at the last scan: a full scan re-reads the file when these change.
    fileSize: bigint('file_size', { mode: 'number' }),
    fileChecksum: text('file_checksum'),
    fileModifiedAt: timestampTz('file_modified_at'),
    parsedAt: timestampTz('parsed_at'),
    /** Lower-cased haystack for the list's one search box (trigram-indexed: use ILIKE '%q%'). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(source_path, '') || ' ' || coalesce(message_id, '') || ' ' || coalesce(artist_name, '') || ' ' || coalesce(release_title, '') || ' ' || coalesce(upc, '') || ' ' || coalesce(isrc, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('ddex_file_source_path_unique').on(table.sourceId, table.sourcePath),
    check('ddex_file_status_check', oneOf(table.status, DDEX_FILE_STATUSES)),
    check('ddex_file_delivery_type_check', oneOf(table.deliveryType, DELIVERY_TYPES)),
    index('ddex_file_status_idx').on(table.status),
    index('ddex_file_partner_id_idx').on(table.partnerId),
    index('ddex_file_import_eligible_idx').on(table.importEligible),
    index('ddex_file_imported_at_idx').on(table.importedAt),
    // The dashboard's "Ready to Import" count.
    index('ddex_file_ready_idx').on(table.id).where(sql`import_eligible AND imported_at IS NULL`),
    index('ddex_file_release_date_idx').on(table.releaseDate),
    index('ddex_file_sequence_id_idx').on(table.deliverySequence.desc(), table.id.desc()),
    // The DDEX Files list's three sorts, so its first page of 50 is an index scan on 100k files:
    // Latest First (newest discovered first, then the later delivery of a thread) and release date
    // newest/oldest with undated files last.
    index('ddex_file_latest_first_idx').on(table.createdAt.desc(), table.deliverySequence.desc().nullsLast(), table.id.desc()),
    index('ddex_file_release_date_desc_id_idx').on(table.releaseDate.desc().nullsLast(), table.id.desc()),
    index('ddex_file_release_date_asc_id_idx').on(table.releaseDate.asc().nullsLast(), table.id.asc()),
    index('ddex_file_thread_idx').on(table.messageThreadId, table.deliverySequence),
    index('ddex_file_thread_key_idx').on(table.threadKey, table.messageCreatedAt, table.sourcePath),
    index('ddex_file_source_folder_idx').on(table.sourceId, table.deliveryFolder),
    index('ddex_file_upc_idx').on(table.upc),
    index('ddex_file_isrcs_idx').using('gin', table.isrcs),
    index('ddex_file_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * The main artists of each file's release. Eligibility needs "every main artist approved", and an
 * artist's status change must find its files fast (artist_id index). Rows go with either side.
 */
export const ddexFileArtist = pgTable(
  'ddex_file_artist',
  {
    ddexFileId: uuid('ddex_file_id')
      .notNull()
      .references(() => ddexFile.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artist.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'ddex_file_artist_pk', columns: [table.ddexFileId, table.artistId] }),
    index('ddex_file_artist_artist_id_idx').on(table.artistId),
  ],
);
