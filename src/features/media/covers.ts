import type { Database } from '@/db/client';
import type { CoverVariant } from './variants';
import { fetchAssetUrl } from './fetch-asset';

export interface ReleaseCover {
  bucket: string;
  key: string;
  /** fetch-asset URL of the resized variant, for lists. */
  url: string;
  /** fetch-asset URL of the original. */
  original_url: string;
}

/**
 * The cover of each release, by the spec's rule: the primary cover asset, else any cover asset,
 * else any asset with an image mime type. Superseded files are skipped: a redelivered cover
 * replaces the old one. Releases without any image are absent from the map.
 */
export async function coversOfReleases(database: Pick<Database, 'query'>, releaseIds: number[], variant: CoverVariant = 'thumb'): Promise<Map<number, ReleaseCover>> {
  const covers = new Map<number, ReleaseCover>();
  if (releaseIds.length === 0) return covers;
  const rows = await database.query<{ release_id: number; bucket: string; key: string }>(
    `SELECT DISTINCT ON (rr.release_id) rr.release_id, a.bucket, a.key
       FROM release_resource rr
       JOIN asset a ON a.resource_id = rr.resource_id
      WHERE rr.release_id = ANY($1::int[])
        AND a.superseded_at IS NULL
        AND (a.kind = 'cover' OR a.mime_type LIKE 'image/%')
      ORDER BY rr.release_id,
               (a.kind = 'cover' AND a.is_primary) DESC,
               (a.kind = 'cover') DESC,
               a.is_primary DESC,
               a.created_at, a.id`,
    [releaseIds],
  );
  for (const row of rows) {
    covers.set(Number(row.release_id), {
      bucket: row.bucket,
      key: row.key,
      url: fetchAssetUrl(row.bucket, row.key, variant),
      original_url: fetchAssetUrl(row.bucket, row.key),
    });
  }
  return covers;
}

/** Main artist names of each release, in credit order (the artist's name when linked). */
export async function mainArtistsOfReleases(database: Pick<Database, 'query'>, releaseIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (releaseIds.length === 0) return names;
  const rows = await database.query<{ release_id: number; name: string | null }>(
    `SELECT rc.release_id, coalesce(a.name, rc.credited_name) AS name
       FROM release_contributor rc
       LEFT JOIN artist a ON a.id = rc.artist_id
      WHERE rc.release_id = ANY($1::int[]) AND rc.role = 'MainArtist'
      ORDER BY rc.release_id, rc.sequence NULLS LAST, rc.id`,
    [releaseIds],
  );
  for (const row of rows) {
    if (!row.name) continue;
    const list = names.get(Number(row.release_id)) ?? [];
    if (!list.includes(row.name)) list.push(row.name);
    names.set(Number(row.release_id), list);
  }
  return names;
}
