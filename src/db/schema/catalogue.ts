import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { artist } from './artists';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';
import { ddexFile } from './ddex-files';
import { partner } from './sources';

// Releases, resources and their children use integer identity ids: the admin panel filters
// releases by comma-separated integers. "By default" so imports and tests may set an id.
const identityId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Release types the screens name. Not a CHECK: DDEX allows many more, the importer keeps them. */
export const RELEASE_TYPES = ['Album', 'Single', 'VideoSingle', 'VideoAlbum', 'EP', 'TrackRelease'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/**
 * A release imported from a DDEX message (matched by ICPN/UPC, else GRid, else the partner's
 * proprietary id through release_identifier). Each new message replaces its metadata, contributors,
 * tracks and deals. Deleting a release deletes its identifiers, contributors, track links, deals,
 * schedule, geo rule, import states and delivery jobs; its resources and assets survive (a track
 * can sit on several releases, and TrackReleases share resources with their parent).
 */
export const release = pgTable(
  'release',
  {
    id: identityId(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    /** DisplayArtistName of the release: what lists show without joining contributors. */
    displayArtist: text('display_artist'),
    labelName: text('label_name'),
    /** ICPN/UPC (ICPN preferred) for the list column; every identifier is in release_identifier. */
    upc: text('upc'),
    originalReleaseDate: date('original_release_date'),
    platformReleaseDate: timestampTz('platform_release_date'),
    displayStartAt: timestampTz('display_start_at'),
    isTakenDown: boolean('is_taken_down').notNull().default(false),
    pLineText: text('p_line_text'),
    cLineText: text('c_line_text'),
    plan: text('plan'),
    /** Sum of the tracks' durations (the list shows it for Singles). */
    durationMs: integer('duration_ms'),
    /** Union of included deal territories, kept by the importer for the territory filter. */
    territories: text('territories').array().notNull().default(sql`'{}'::text[]`),
    /** ReleaseReference inside the message (R0, R1...), to find the release again in its XML. */
    releaseReference: text('release_reference'),
    /** The message that last stated this release; null after that file's row was deleted. */
    ddexFileId: uuid('ddex_file_id').references(() => ddexFile.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partner.id, { onDelete: 'set null' }),
    /** A TrackRelease points at the release that holds its track; orphaned when the parent goes. */
    parentReleaseId: integer('parent_release_id').references((): AnyPgColumn => release.id, {
      onDelete: 'set null',
    }),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(title, '') || ' ' || coalesce(display_artist, '') || ' ' || coalesce(upc, '') || ' ' || coalesce(label_name, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('release_type_idx').on(table.type),
    index('release_created_at_idx').on(table.createdAt.desc()),
    // The dashboard's latest releases (TrackReleases hidden): the first 8 entries of this index.
    index('release_latest_listed_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`type <> 'TrackRelease'`),
    index('release_display_start_at_idx').on(table.displayStartAt),
    index('release_is_taken_down_idx').on(table.isTakenDown),
    index('release_ddex_file_id_idx').on(table.ddexFileId),
    index('release_partner_id_idx').on(table.partnerId),
    index('release_parent_release_id_idx').on(table.parentReleaseId),
    index('release_territories_idx').using('gin', table.territories),
    index('release_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** UPC, GTIN, EAN, ICPN, CatalogNumber, GRid, ProprietaryId (scheme as in the message). */
export const releaseIdentifier = pgTable(
  'release_identifier',
  {
    id: identityId(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    scheme: text('scheme').notNull(),
    value: text('value').notNull(),
    /** Namespace of a ProprietaryId (the partner's DPID): the same value means different things per namespace. */
    namespace: text('namespace'),
  },
  (table) => [
    unique('release_identifier_release_scheme_value_unique').on(table.releaseId, table.scheme, table.value),
    index('release_identifier_scheme_value_idx').on(table.scheme, table.value),
  ],
);

/** Credits of a release. artist_id is set for main artists; a deleted artist leaves the credit. */
export const releaseContributor = pgTable(
  'release_contributor',
  {
    id: identityId(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id').references(() => artist.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    creditedName: text('credited_name'),
    sequence: integer('sequence'),
  },
  (table) => [
    index('release_contributor_release_id_idx').on(table.releaseId),
    index('release_contributor_artist_id_idx').on(table.artistId),
    index('release_contributor_role_idx').on(table.role),
    // The dashboard counts artists credited as MainArtist: an index-only semi-join.
    index('release_contributor_main_artist_idx').on(table.artistId).where(sql`role = 'MainArtist'`),
  ],
);

/**
 * A track, video or image of a delivery. Survives its release (see release); deleting a resource
 * deletes its children and its assets' rows (the stored files themselves are not touched).
 */
export const resource = pgTable(
  'resource',
  {
    id: identityId(),
    /** The message it was read from: contamination checks compare it with the release's own file. */
    ddexFileId: uuid('ddex_file_id').references(() => ddexFile.id, { onDelete: 'set null' }),
    /** ResourceReference inside the message (A1, A2...). */
    resourceReference: text('resource_reference'),
    /** The partner that delivered it: an ISRC matches an existing track only within one partner's catalogue. */
    partnerId: uuid('partner_id').references(() => partner.id, { onDelete: 'set null' }),
    title: text('title'),
    /** audio, video or image (the importer maps SoundRecording/Video/Image). */
    mediaType: text('media_type').notNull(),
    displayArtist: text('display_artist'),
    /** First ISRC, for lists and ISRC contamination checks; all ids are in resource_identifier. */
    isrc: text('isrc'),
    durationMs: integer('duration_ms'),
    genrePrimary: text('genre_primary'),
    genreSecondary: text('genre_secondary'),
    parentalRating: text('parental_rating'),
    /** LanguageOfPerformance: screening reads it for "performs in Dutch". */
    languageOfPerformance: text('language_of_performance'),
    pLineText: text('p_line_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('resource_ddex_file_id_idx').on(table.ddexFileId),
    index('resource_media_type_idx').on(table.mediaType, table.createdAt.desc()),
    // The DDEX Media list's pages (audio and video, newest first) without sorting 1.2M rows.
    index('resource_media_list_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`media_type IN ('audio', 'video')`),
    index('resource_isrc_idx').on(table.isrc),
    index('resource_partner_isrc_idx').on(table.partnerId, table.isrc),
  ],
);

/** A resource on a release, with its position. One link per (release, resource). */
export const releaseResource = pgTable(
  'release_resource',
  {
    id: identityId(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    trackNumber: integer('track_number'),
    discNumber: integer('disc_number'),
    titleOverride: text('title_override'),
  },
  (table) => [
    unique('release_resource_release_resource_unique').on(table.releaseId, table.resourceId),
    index('release_resource_resource_id_idx').on(table.resourceId),
  ],
);

/** ISRC, GRid, ProprietaryId of a resource. */
export const resourceIdentifier = pgTable(
  'resource_identifier',
  {
    id: identityId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    scheme: text('scheme').notNull(),
    value: text('value').notNull(),
    namespace: text('namespace'),
  },
  (table) => [
    unique('resource_identifier_resource_scheme_value_unique').on(table.resourceId, table.scheme, table.value),
    index('resource_identifier_scheme_value_idx').on(table.scheme, table.value),
  ],
);

export const CONTRIBUTOR_TYPES = ['direct', 'indirect'] as const;
export type ContributorType = (typeof CONTRIBUTOR_TYPES)[number];

/** Track credits: direct (performance, production) or indirect (composition, writing). */
export const resourceContributor = pgTable(
  'resource_contributor',
  {
    id: identityId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id').references(() => artist.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    creditedName: text('credited_name'),
    contributorType: text('contributor_type', { enum: CONTRIBUTOR_TYPES }).notNull().default('direct'),
    instrument: text('instrument'),
    displayCredits: text('display_credits'),
    sequence: integer('sequence'),
  },
  (table) => [
    check('resource_contributor_type_check', oneOf(table.contributorType, CONTRIBUTOR_TYPES)),
    index('resource_contributor_resource_id_idx').on(table.resourceId),
    index('resource_contributor_artist_id_idx').on(table.artistId),
  ],
);

/** TechnicalDetails of a resource (one per file or format the message describes). */
export const resourceTechnical = pgTable(
  'resource_technical',
  {
    id: identityId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    samplingRateHz: integer('sampling_rate_hz'),
    bitrateKbps: integer('bitrate_kbps'),
    bitsPerSample: integer('bits_per_sample'),
    codec: text('codec'),
    audioChannels: integer('audio_channels'),
    width: integer('width'),
    height: integer('height'),
    frameRate: doublePrecision('frame_rate'),
    fileName: text('file_name'),
  },
  (table) => [index('resource_technical_resource_id_idx').on(table.resourceId)],
);

export const resourceRight = pgTable(
  'resource_right',
  {
    id: identityId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    rightType: text('right_type'),
    controllerName: text('controller_name'),
    note: text('note'),
  },
  (table) => [index('resource_right_resource_id_idx').on(table.resourceId)],
);

export const ASSET_KINDS = ['master', 'cover', 'preview', 'image', 'artwork'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/**
 * A file a message names, stored in the source's bucket at key. A redelivery with a changed hash
 * creates a new asset and marks the old one superseded_by/superseded_at; the old row stays so the
 * history can show it.
 */
export const asset = pgTable(
  'asset',
  {
    id: uuidPrimaryKey(),
    resourceId: integer('resource_id').references(() => resource.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ASSET_KINDS }).notNull(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    md5: text('md5'),
    mimeType: text('mime_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => asset.id, { onDelete: 'set null' }),
    supersededAt: timestampTz('superseded_at'),
    /** The delivery that brought the file: image contamination compares its folder with the release's. */
    ddexFileId: uuid('ddex_file_id').references(() => ddexFile.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('asset_kind_check', oneOf(table.kind, ASSET_KINDS)),
    index('asset_resource_id_idx').on(table.resourceId),
    index('asset_bucket_key_idx').on(table.bucket, table.key),
    index('asset_ddex_file_id_idx').on(table.ddexFileId),
  ],
);

/** Which delivery carried which asset: reused (same hash as before) or replacing previous_asset_id. */
export const assetDeliveryHistory = pgTable(
  'asset_delivery_history',
  {
    id: uuidPrimaryKey(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => asset.id, { onDelete: 'cascade' }),
    ddexFileId: uuid('ddex_file_id')
      .notNull()
      .references(() => ddexFile.id, { onDelete: 'cascade' }),
    reused: boolean('reused').notNull().default(false),
    previousAssetId: uuid('previous_asset_id').references(() => asset.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    // Importing the same file twice must not add history: upsert on this pair.
    unique('asset_delivery_history_asset_file_unique').on(table.assetId, table.ddexFileId),
    index('asset_delivery_history_ddex_file_id_idx').on(table.ddexFileId),
  ],
);

/** One row per (use type, commercial model) of a deal, as the screens list them. */
export const releaseDeal = pgTable(
  'release_deal',
  {
    id: identityId(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    useType: text('use_type'),
    commercialModel: text('commercial_model'),
    priceTier: text('price_tier'),
    startAt: timestampTz('start_at'),
    endAt: timestampTz('end_at'),
    dealRef: text('deal_ref'),
    isTakedown: boolean('is_takedown').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('release_deal_release_id_idx').on(table.releaseId)],
);

/** Territory of a deal: included, or excluded (ExcludedTerritoryCode). Worldwide is 'Worldwide'. */
export const dealTerritory = pgTable(
  'deal_territory',
  {
    id: identityId(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => releaseDeal.id, { onDelete: 'cascade' }),
    territoryCode: text('territory_code').notNull(),
    isIncluded: boolean('is_included').notNull().default(true),
  },
  (table) => [
    unique('deal_territory_deal_territory_unique').on(table.dealId, table.territoryCode),
    index('deal_territory_territory_code_idx').on(table.territoryCode),
  ],
);

/** One schedule per release. */
export const releaseSchedule = pgTable('release_schedule', {
  id: identityId(),
  releaseId: integer('release_id')
    .notNull()
    .unique('release_schedule_release_id_unique')
    .references(() => release.id, { onDelete: 'cascade' }),
  releaseDate: date('release_date'),
  scheduleFrom: timestampTz('schedule_from'),
  embargoUntil: timestampTz('embargo_until'),
});

/** Territory whitelist and blacklist of a release (one row per release). */
export const geoRule = pgTable('geo_rule', {
  id: identityId(),
  releaseId: integer('release_id')
    .notNull()
    .unique('geo_rule_release_id_unique')
    .references(() => release.id, { onDelete: 'cascade' }),
  whitelist: text('whitelist').array().notNull().default(sql`'{}'::text[]`),
  blacklist: text('blacklist').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const IMPORT_STATE_STATUSES = ['pending', 'queued', 'processing', 'imported', 'error'] as const;
export type ImportStateStatus = (typeof IMPORT_STATE_STATUSES)[number];

/** Import status of a release per DDEX file (the release badge reads the first one). */
export const importState = pgTable(
  'import_state',
  {
    id: identityId(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => release.id, { onDelete: 'cascade' }),
    ddexFileId: uuid('ddex_file_id').references(() => ddexFile.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IMPORT_STATE_STATUSES }).notNull().default('pending'),
    isImportable: boolean('is_importable').notNull().default(false),
    alreadyImported: boolean('already_imported').notNull().default(false),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('import_state_status_check', oneOf(table.status, IMPORT_STATE_STATUSES)),
    unique('import_state_release_file_unique').on(table.releaseId, table.ddexFileId),
    index('import_state_ddex_file_id_idx').on(table.ddexFileId),
  ],
);
