import { and, asc, count, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '@/db/client';
import {
  asset,
  assetDeliveryHistory,
  ddexFile,
  partner,
  resource,
  scanJobs,
  sources,
} from '@/db/schema';
import type { SessionUser } from '@/server/context';
import { writeAudit } from '@/server/audit';
import { assetBadge, type DisplayStatus } from '@/web/features/ddex-files/status';

export const DDEX_FILES_PAGE_SIZE = 50;
export const DDEX_FILES_MAX_PAGE_SIZE = 200;

export const DDEX_FILE_SORTS = ['latest', 'release_date_desc', 'release_date_asc'] as const;
export type DdexFileSort = (typeof DDEX_FILE_SORTS)[number];

export interface DdexFileListFilters {
  search?: string;
  status?: Exclude<DisplayStatus, 'unknown'>;
  partnerId?: string;
  sourceId?: string;
  sort?: DdexFileSort;
  showRejected?: boolean;
  hideSuperseded?: boolean;
}

export class DdexFilesError extends Error {
  constructor(
    public readonly code: 'not_found' | 'bad_request',
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Display status as SQL. Each predicate mirrors one step of displayStatus() in status.ts; a file
// shows status N when predicate N holds and none before it does (first match wins).

// Subqueries name the outer row's columns with their table: drizzle leaves columns unqualified
// when a query has no join, and an unqualified "id" inside a subquery means the subquery's own.
const FILE_ID = sql.raw('"ddex_file"."id"');
const FILE_ARTIST_NAME = sql.raw('"ddex_file"."artist_name"');
const SOURCE_ID = sql.raw('"sources"."id"');

const scanned = sql`${ddexFile.status} = 'metadata_scanned'`;
const STATUS_PREDICATES: Array<[Exclude<DisplayStatus, 'unknown'>, SQL]> = [
  ['error', sql`((${ddexFile.error} IS NOT NULL AND ${ddexFile.error} <> '') OR ${ddexFile.status} = 'error')`],
  ['waiting_for_initial', sql`${ddexFile.status} IN ('waiting_for_initial', 'waiting_for_initial_delivery')`],
  ['imported', sql`(${ddexFile.importedAt} IS NOT NULL OR ${ddexFile.status} = 'imported')`],
  ['ready', sql`(${scanned} AND ${ddexFile.importEligible})`],
  [
    'superseded',
    sql`((${scanned} AND NOT ${ddexFile.importEligible} AND NOT ${ddexFile.isLatestInThread}) OR ${ddexFile.status} = 'superseded')`,
  ],
  ['awaiting_approval', sql`(${scanned} AND NOT ${ddexFile.importEligible})`],
  ['discovered', sql`${ddexFile.status} = 'discovered'`],
];

/** The WHERE condition "this file's display status is `status`". */
export function displayStatusCondition(status: Exclude<DisplayStatus, 'unknown'>): SQL {
  const index = STATUS_PREDICATES.findIndex(([name]) => name === status);
  const [, predicate] = STATUS_PREDICATES[index]!;
  const earlier = STATUS_PREDICATES.slice(0, index).map(([, p]) => sql`NOT ${p}`);
  return sql.join([predicate, ...earlier], sql` AND `);
}

/**
 * Files whose main artist is rejected: linked through ddex_file_artist, or named by artist_name
 * (the header field the scan fills even before the artist rows exist). Both subqueries are
 * uncorrelated, so PostgreSQL hashes them once instead of probing per row.
 */
const rejectedArtistFile = sql`coalesce((
  ${FILE_ID} IN (SELECT dfa.ddex_file_id FROM ddex_file_artist dfa JOIN artist a ON a.id = dfa.artist_id WHERE a.status = 'rejected')
  OR ${FILE_ARTIST_NAME} IN (SELECT a.name FROM artist a WHERE a.status = 'rejected')
), false)`;

const supersededDelivery = sql`((${scanned} AND NOT ${ddexFile.isLatestInThread}) OR ${ddexFile.status} = 'superseded')`;

/** ILIKE pattern for a literal substring: the user's % and _ are not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function listConditions(filters: DdexFileListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const search = filters.search?.trim() ?? '';
  if (search) {
    // search_text is lower-cased and trigram-indexed (see the schema).
    conditions.push(ilike(ddexFile.searchText, containsPattern(search)));
  } else {
    // Spec 5: files of rejected artists are hidden unless the box is ticked, and then only they
    // show; the rule is ignored while searching.
    conditions.push(filters.showRejected ? rejectedArtistFile : sql`NOT ${rejectedArtistFile}`);
  }
  if (filters.status) conditions.push(displayStatusCondition(filters.status));
  if (filters.partnerId) conditions.push(eq(ddexFile.partnerId, filters.partnerId));
  if (filters.sourceId) conditions.push(eq(ddexFile.sourceId, filters.sourceId));
  if (filters.hideSuperseded) conditions.push(sql`NOT ${supersededDelivery}`);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The spec orders by delivery_sequence and id descending, but delivery_sequence counts within one
 * message thread (1 = initial, 2 = next...), so on its own it lists every thread's third delivery
 * before any second one, and ties fall back to random uuids: not "latest first". Newest discovered
 * first (created_at) with delivery_sequence, then id, breaking ties gives what the label promises
 * and keeps a live insert at the top. Each ORDER BY matches an index of the schema exactly.
 */
export function listOrder(sort: DdexFileSort = 'latest'): SQL[] {
  switch (sort) {
    case 'release_date_desc':
      return [sql`${ddexFile.releaseDate} DESC NULLS LAST`, sql`${ddexFile.id} DESC NULLS LAST`];
    case 'release_date_asc':
      return [sql`${ddexFile.releaseDate} ASC NULLS LAST`, sql`${ddexFile.id} ASC NULLS LAST`];
    default:
      return [
        sql`${ddexFile.createdAt} DESC NULLS LAST`,
        sql`${ddexFile.deliverySequence} DESC NULLS LAST`,
        sql`${ddexFile.id} DESC NULLS LAST`,
      ];
  }
}

// Every ddex_file column under its database (snake_case) name, as the API rows carry them. The
// search haystack is an implementation detail and stays out.
const fileColumns = Object.fromEntries(
  Object.values(getTableColumns(ddexFile))
    .filter((column) => column.name !== 'search_text')
    .map((column) => [column.name, column]),
) as Record<string, (typeof ddexFile)['_']['columns'][keyof (typeof ddexFile)['_']['columns']]>;

/** Every asset a file brought or reused: by its resources, by asset.ddex_file_id, or by history. */
const fileAssetIds = (fileId: SQL | string) => sql`(
  SELECT a.id FROM asset a WHERE a.ddex_file_id = ${fileId}
  UNION SELECT a.id FROM asset a JOIN resource r ON r.id = a.resource_id WHERE r.ddex_file_id = ${fileId}
  UNION SELECT h.asset_id FROM asset_delivery_history h WHERE h.ddex_file_id = ${fileId}
)`;

const assetCount = sql<number>`(SELECT count(*)::int FROM ${fileAssetIds(FILE_ID)} AS file_assets)`;

/** The artist page to link: the artist named exactly like the file's artist, else its first linked main artist. */
const mainArtistId = sql<string | null>`coalesce(
  (SELECT a.id FROM artist a WHERE a.name = ${FILE_ARTIST_NAME} LIMIT 1),
  (SELECT dfa.artist_id FROM ddex_file_artist dfa WHERE dfa.ddex_file_id = ${FILE_ID} ORDER BY dfa.created_at, dfa.artist_id LIMIT 1)
)`;

export interface PartnerRef {
  id: string;
  name: string;
  slug: string;
}

function withPartner<T extends { partner_ref_id: string | null; partner_ref_name: string | null; partner_ref_slug: string | null }>(row: T) {
  const { partner_ref_id, partner_ref_name, partner_ref_slug, ...rest } = row;
  const partnerRef: PartnerRef | null = partner_ref_id ? { id: partner_ref_id, name: partner_ref_name ?? '', slug: partner_ref_slug ?? '' } : null;
  return { ...rest, partner: partnerRef };
}

export async function listDdexFiles(db: AppDb, filters: DdexFileListFilters, page: { offset: number; limit: number }) {
  const where = listConditions(filters);
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...fileColumns,
        partner_ref_id: partner.id,
        partner_ref_name: partner.name,
        partner_ref_slug: partner.slug,
        asset_count: assetCount,
        artist_id: mainArtistId,
      })
      .from(ddexFile)
      .leftJoin(partner, eq(partner.id, ddexFile.partnerId))
      .where(where)
      .orderBy(...listOrder(filters.sort))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(ddexFile).where(where),
  ]);
  return { rows: rows.map(withPartner), total: Number(totals[0]?.total ?? 0) };
}

export async function getDdexFile(db: AppDb, id: string) {
  const found = await db
    .select({ ...fileColumns, partner_ref_id: partner.id, partner_ref_name: partner.name, partner_ref_slug: partner.slug, asset_count: assetCount, artist_id: mainArtistId })
    .from(ddexFile)
    .leftJoin(partner, eq(partner.id, ddexFile.partnerId))
    .where(eq(ddexFile.id, id))
    .limit(1);
  if (!found[0]) throw new DdexFilesError('not_found', 'DDEX file not found');
  const file = withPartner(found[0]);

  const resources = await db
    .select({
      id: resource.id,
      ddex_file_id: resource.ddexFileId,
      resource_reference: resource.resourceReference,
      title: resource.title,
      media_type: resource.mediaType,
      display_artist: resource.displayArtist,
      isrc: resource.isrc,
      duration_ms: resource.durationMs,
    })
    .from(resource)
    .where(eq(resource.ddexFileId, id))
    .orderBy(asc(resource.id));

  const assetRows = await db
    .select({
      id: asset.id,
      kind: asset.kind,
      key: asset.key,
      bucket: asset.bucket,
      md5: asset.md5,
      mime_type: asset.mimeType,
      file_size: asset.fileSize,
      is_primary: asset.isPrimary,
      superseded_by: asset.supersededBy,
      superseded_at: asset.supersededAt,
      resource_id: asset.resourceId,
      resource_title: resource.title,
      reused: assetDeliveryHistory.reused,
      previous_asset_id: assetDeliveryHistory.previousAssetId,
    })
    .from(asset)
    .leftJoin(resource, eq(resource.id, asset.resourceId))
    .leftJoin(assetDeliveryHistory, and(eq(assetDeliveryHistory.assetId, asset.id), eq(assetDeliveryHistory.ddexFileId, id)))
    .where(sql`${asset.id} IN ${fileAssetIds(id)}`)
    .orderBy(asc(asset.resourceId), asc(asset.kind), asc(asset.key));
  const assets = assetRows.map((row) => ({ ...row, reused: row.reused ?? false, badge: assetBadge(row) }));

  const history = await db
    .select({
      id: assetDeliveryHistory.id,
      asset_id: assetDeliveryHistory.assetId,
      ddex_file_id: assetDeliveryHistory.ddexFileId,
      reused: assetDeliveryHistory.reused,
      previous_asset_id: assetDeliveryHistory.previousAssetId,
      created_at: assetDeliveryHistory.createdAt,
    })
    .from(assetDeliveryHistory)
    .where(eq(assetDeliveryHistory.ddexFileId, id))
    .orderBy(asc(assetDeliveryHistory.createdAt));

  return { ...file, resources, assets, history };
}

export async function deleteDdexFile(db: AppDb, id: string, actor: SessionUser | null): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(ddexFile).where(eq(ddexFile.id, id)).returning({ path: ddexFile.sourcePath, sourceId: ddexFile.sourceId });
    if (!deleted[0]) throw new DdexFilesError('not_found', 'DDEX file not found');
    await writeAudit(tx, { actor, action: 'ddex_file.delete', target: id, details: { source_path: deleted[0].path, source_id: deleted[0].sourceId }, counts: { ddexFiles: 1 } });
  });
}

export async function listPartners(db: AppDb) {
  const rows = await db.select({ id: partner.id, name: partner.name, slug: partner.slug }).from(partner).orderBy(asc(partner.name));
  return { rows, total: rows.length };
}

/** The per-source cards of the DDEX Files page (and the Scan Jobs selector), open to any user. */
export async function sourceSummary(db: AppDb) {
  const rows = await db
    .select({
      id: sources.id,
      name: sources.name,
      storage_type: sources.storageType,
      storage_zone: sources.storageZone,
      status: sources.status,
      files_count: sql<number>`(SELECT count(*)::int FROM ddex_file f WHERE f.source_id = ${SOURCE_ID})`,
      last_scanned_at: sources.lastScannedAt,
    })
    .from(sources)
    .orderBy(asc(sources.createdAt));
  return { sources: rows };
}

/** Spec: the Purge button shows on the cards of the sources named FUGA and 'source' only. */
export const PURGEABLE_SOURCE_NAMES = ['FUGA', 'source'] as const;
export const FUGA_SOURCE_NAME = 'FUGA';

export interface PurgeResult {
  success: true;
  message: string;
  counts: { sources: number; ddexFiles: number; scanJobs: number };
}

/**
 * Deletes the ddex_file rows and scan jobs of the given sources and resets their last_scanned_at,
 * so the next scan starts from scratch. Imported releases stay (their ddex_file_id goes null); the
 * stored files are not touched. One transaction with its audit entry.
 */
async function purgeSources(db: AppDb, sourceIds: string[], actor: SessionUser | null, action: string, target: string | null) {
  return db.transaction(async (tx) => {
    let ddexFiles = 0;
    let jobs = 0;
    if (sourceIds.length > 0) {
      const files = await tx.delete(ddexFile).where(inArray(ddexFile.sourceId, sourceIds)).returning({ id: ddexFile.id });
      const deletedJobs = await tx.delete(scanJobs).where(inArray(scanJobs.sourceId, sourceIds)).returning({ id: scanJobs.id });
      await tx.update(sources).set({ lastScannedAt: null, filesCount: 0 }).where(inArray(sources.id, sourceIds));
      ddexFiles = files.length;
      jobs = deletedJobs.length;
    }
    const counts = { sources: sourceIds.length, ddexFiles, scanJobs: jobs };
    await writeAudit(tx, { actor, action, target, counts });
    return counts;
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function purgeSourceData(db: AppDb, sourceId: string, actor: SessionUser | null): Promise<PurgeResult> {
  const found = await db.select({ id: sources.id, name: sources.name }).from(sources).where(eq(sources.id, sourceId)).limit(1);
  if (!found[0]) throw new DdexFilesError('not_found', 'Source not found');
  const counts = await purgeSources(db, [sourceId], actor, 'purge-source-data', sourceId);
  return {
    success: true,
    message: `Purged ${plural(counts.ddexFiles, 'DDEX file')} and ${plural(counts.scanJobs, 'scan job')} of ${found[0].name}.`,
    counts,
  };
}

export async function purgeFugaData(db: AppDb, actor: SessionUser | null): Promise<PurgeResult> {
  const found = await db
    .select({ id: sources.id })
    .from(sources)
    .where(sql`lower(${sources.name}) = lower(${FUGA_SOURCE_NAME})`);
  if (found.length === 0) throw new DdexFilesError('not_found', `No source named ${FUGA_SOURCE_NAME} exists.`);
  const counts = await purgeSources(db, found.map((row) => row.id), actor, 'purge-fuga-data', FUGA_SOURCE_NAME);
  return {
    success: true,
    message: `Purged ${plural(counts.ddexFiles, 'DDEX file')} and ${plural(counts.scanJobs, 'scan job')} of ${FUGA_SOURCE_NAME}.`,
    counts,
  };
}

export async function purgeDdexData(db: AppDb, actor: SessionUser | null): Promise<PurgeResult> {
  const all = await db.select({ id: sources.id }).from(sources);
  const counts = await purgeSources(db, all.map((row) => row.id), actor, 'purge-ddex-data', null);
  return {
    success: true,
    message: `Purged ${plural(counts.ddexFiles, 'DDEX file')} and ${plural(counts.scanJobs, 'scan job')} of ${plural(counts.sources, 'source')}.`,
    counts,
  };
}
