import { sql } from 'drizzle-orm';
import { recomputeEligibility, recomputeThreads } from '@/features/scanning/threads';
import { writeAudit } from '@/server/audit';
import type { AppDeps, SessionUser } from '@/server/context';
import { coversOfReleases, mainArtistsOfReleases } from './covers';

/** The media list's default page size (spec 9) and the largest one it serves. */
export const MEDIA_PAGE_SIZE = 100;
export const MEDIA_MAX_PAGE_SIZE = 500;
export const MEDIA_TYPES = ['audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface MediaRow {
  id: number;
  title: string | null;
  media_type: string;
  display_artist: string | null;
  isrc: string | null;
  duration_ms: number | null;
  created_at: string;
  /** The release the row click opens: the first non-TrackRelease release carrying the resource. */
  parent_release_id: number | null;
  parent_release_title: string | null;
  parent_release_type: string | null;
  parent_release_upc: string | null;
  /** fetch-asset URL of the primary master (or preview) file, to play it. */
  media_url: string | null;
}

export interface MediaListQuery {
  search?: string;
  mediaType?: MediaType;
}

type QueryDeps = Pick<AppDeps, 'database'>;

function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Audio and video resources with their parent release, newest first. */
export async function listMedia(deps: QueryDeps, query: MediaListQuery, window: { limit: number; offset: number }): Promise<{ rows: MediaRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  // Always stated, so the partial index resource_media_list_idx serves every page.
  where.push(`r.media_type IN ('audio', 'video')`);
  if (query.mediaType) {
    params.push(query.mediaType);
    where.push(`r.media_type = $${params.length}`);
  }
  const term = query.search?.trim();
  if (term) {
    params.push(likePattern(term));
    const p = `$${params.length}`;
    // Title, artist and ISRC of the track, or the title or UPC of a release carrying it.
    where.push(`(lower(coalesce(r.title, '') || ' ' || coalesce(r.display_artist, '') || ' ' || coalesce(r.isrc, '')) LIKE ${p}
      OR EXISTS (SELECT 1 FROM release_resource rr2 JOIN release rl2 ON rl2.id = rr2.release_id
                  WHERE rr2.resource_id = r.id AND rl2.search_text LIKE ${p}))`);
  }
  const whereSql = where.join(' AND ');
  params.push(window.limit, window.offset);
  const [rows, totals] = await Promise.all([
    deps.database.query<Omit<MediaRow, 'media_url' | 'created_at'> & { created_at: Date | string; media_bucket: string | null; media_key: string | null }>(
      `SELECT r.id, r.title, r.media_type, r.display_artist, r.isrc, r.duration_ms, r.created_at,
              p.id AS parent_release_id, p.title AS parent_release_title, p.type AS parent_release_type, p.upc AS parent_release_upc,
              m.bucket AS media_bucket, m.key AS media_key
         FROM resource r
         LEFT JOIN LATERAL (
           SELECT rl.id, rl.title, rl.type, rl.upc
             FROM release_resource rr JOIN release rl ON rl.id = rr.release_id
            WHERE rr.resource_id = r.id
            ORDER BY (rl.type = 'TrackRelease'), rl.id
            LIMIT 1
         ) p ON true
         LEFT JOIN LATERAL (
           SELECT a.bucket, a.key FROM asset a
            WHERE a.resource_id = r.id AND a.superseded_at IS NULL AND a.kind IN ('master', 'preview')
            ORDER BY (a.kind = 'master') DESC, a.is_primary DESC, a.created_at
            LIMIT 1
         ) m ON true
        WHERE ${whereSql}
        ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    deps.database.query<{ total: number }>(`SELECT count(*) AS total FROM resource r WHERE ${whereSql}`, params.slice(0, -2)),
  ]);
  return {
    rows: rows.map(({ media_bucket, media_key, ...row }) => ({
      ...row,
      id: Number(row.id),
      parent_release_id: row.parent_release_id === null ? null : Number(row.parent_release_id),
      created_at: new Date(row.created_at).toISOString(),
      media_url: media_bucket && media_key ? `/api/fn/fetch-asset?${new URLSearchParams({ bucket: media_bucket, key: media_key }).toString()}` : null,
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}

export interface FileReleaseRow {
  id: number;
  title: string;
  type: string;
  artist: string | null;
  upc: string | null;
  original_release_date: string | null;
  track_count: number;
  is_taken_down: boolean;
  cover_url: string | null;
}

/**
 * Releases without TrackReleases, newest first; with ddexFileId, only those imported from that file
 * (the file that last stated them, or any file with an import state for them).
 */
export async function listReleasesMinimal(deps: QueryDeps, query: { ddexFileId?: string }, window: { limit: number; offset: number }): Promise<{ rows: FileReleaseRow[]; total: number }> {
  const params: unknown[] = [];
  let where = `rl.type <> 'TrackRelease'`;
  if (query.ddexFileId) {
    params.push(query.ddexFileId);
    where += ` AND (rl.ddex_file_id = $1::uuid OR rl.id IN (SELECT release_id FROM import_state WHERE ddex_file_id = $1::uuid))`;
  }
  const countParams = [...params];
  params.push(window.limit, window.offset);
  const [rows, totals] = await Promise.all([
    deps.database.query<Omit<FileReleaseRow, 'cover_url' | 'artist'> & { display_artist: string | null }>(
      `SELECT rl.id, rl.title, rl.type, rl.display_artist, rl.upc, rl.original_release_date, rl.is_taken_down,
              (SELECT count(*) FROM release_resource rr JOIN resource r ON r.id = rr.resource_id
                WHERE rr.release_id = rl.id AND r.media_type IN ('audio', 'video')) AS track_count
         FROM release rl
        WHERE ${where}
        ORDER BY rl.created_at DESC, rl.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    deps.database.query<{ total: number }>(`SELECT count(*) AS total FROM release rl WHERE ${where}`, countParams),
  ]);
  const ids = rows.map((row) => Number(row.id));
  const [covers, artists] = await Promise.all([coversOfReleases(deps.database, ids, 'thumb'), mainArtistsOfReleases(deps.database, ids)]);
  return {
    rows: rows.map(({ display_artist, ...row }) => ({
      ...row,
      id: Number(row.id),
      track_count: Number(row.track_count),
      artist: display_artist ?? (artists.get(Number(row.id))?.join(', ') || null),
      cover_url: covers.get(Number(row.id))?.url ?? null,
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}

export interface PurgeResult {
  success: true;
  message: string;
  releases: number;
  resources: number;
  assets: number;
  deals: number;
  delivery_jobs: number;
  files_reset: number;
}

/**
 * 'Purge All Data' on DDEX Media: removes the imported catalogue (releases with their identifiers,
 * contributors, track links, deals, schedules, geo rules, import states and delivery jobs; every
 * resource with its identifiers, contributors, technical details, rights and assets with their
 * delivery history). DDEX file rows stay, with imported_at cleared so they can be imported again;
 * artists, sources, scan and import job history stay; no stored file is touched. One transaction,
 * written to the audit log.
 */
export async function purgeDdexMedia(deps: Pick<AppDeps, 'db'>, actor: SessionUser | null): Promise<PurgeResult> {
  return deps.db.transaction(async (tx) => {
    const count = async (table: string) => {
      const result = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
      return Number(result.rows[0]?.n ?? 0);
    };
    const counts = {
      releases: await count('release'),
      resources: await count('resource'),
      assets: await count('asset'),
      deals: await count('release_deal'),
      delivery_jobs: await count('delivery_jobs'),
    };
    // Credits first, in one statement: left to the cascade, the main-artist trigger would run once per release.
    await tx.execute(sql`DELETE FROM release_contributor`);
    await tx.execute(sql`DELETE FROM release`);
    // Assets go with their resource; orphans (no resource) go too.
    await tx.execute(sql`DELETE FROM resource`);
    await tx.execute(sql`DELETE FROM asset`);
    const reset = await tx.execute<{ id: string }>(sql`
      UPDATE ddex_file SET imported_at = NULL, status = CASE WHEN status = 'imported' THEN 'metadata_scanned' ELSE status END
       WHERE imported_at IS NOT NULL OR status = 'imported' RETURNING id`);
    const filesReset = reset.rows.length;
    // Later deliveries now wait for their initial again, and eligibility follows.
    await recomputeThreads(tx);
    await recomputeEligibility(tx);
    const result = { ...counts, files_reset: filesReset };
    await writeAudit(tx, { actor, action: 'purge-ddex-media', target: 'catalogue', counts: result });
    return {
      success: true as const,
      message: `Purged ${counts.releases} releases, ${counts.resources} resources and ${counts.assets} assets; ${filesReset} DDEX files can be imported again.`,
      ...result,
    };
  });
}
