import { ROW_COUNTERS } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { fetchAssetUrl } from '@/features/media/fetch-asset';

/** Latest releases shown in the Media Library strip (spec 9). */
export const DASHBOARD_LATEST_RELEASES = 8;

export interface DashboardRelease {
  id: number;
  title: string;
  type: string;
  original_release_date: string | null;
  created_at: string;
  main_artists: string[];
  /** fetch-asset URL of the thumb variant of the cover, or null when the release has no image. */
  cover_url: string | null;
}

/** Every figure of the spec's dashboard, in one answer. */
export interface DashboardData {
  sources: { total: number };
  /** ddex_file counts. "Discovered" on the dashboard is not_imported (spec 4). */
  files: { total: number; not_imported: number; imported: number; ready_to_import: number };
  /** Artists credited as MainArtist on some release. */
  artists: { total: number; pending: number; approved: number; autopush: number };
  /** Releases exclude TrackReleases, which no list shows. */
  catalogue: { releases: number; resources: number };
  /** Jobs pending or running. */
  jobs: { scan_active: number; import_active: number };
  latest_releases: DashboardRelease[];
  generated_at: string;
}

interface CountsRow {
  sources: number;
  files_total: number;
  files_not_imported: number;
  files_ready: number;
  artists_total: number;
  artists_pending: number;
  artists_approved: number;
  artists_autopush: number;
  releases: number;
  resources: number;
  scan_active: number;
  import_active: number;
  delta_rows: number;
}

/** Above this many delta rows, the counters are folded into one row per counter. */
const COMPACT_AFTER_DELTA_ROWS = 200;

/** Folds each counter's deltas into one row; concurrent folds are safe (a row is deleted once). */
export async function compactRowCounters(database: Pick<AppDeps['database'], 'query'>): Promise<void> {
  for (const counter of ROW_COUNTERS) {
    await database.query(
      `WITH gone AS (DELETE FROM row_count_delta WHERE counter = $1 RETURNING delta)
       INSERT INTO row_count_delta (counter, delta) SELECT $1, sum(delta) FROM gone HAVING count(*) > 0`,
      [counter],
    );
  }
}

// One round trip. Releases and resources (millions of rows) come from trigger-kept counters
// (src/db/schema/counts.ts): an exact count(*) of 1.2M resources alone takes ~140 ms here; main
// artists from a trigger-kept flag (a semi-join of 20k artists with 100k credits took ~50 ms).
// The ddex_file counts are index-only scans (docs/dashboard-and-media.md).
const COUNTS_SQL = `
WITH main_artists AS (
  -- has_main_release: credited as MainArtist on a release (kept by a trigger, migration 0007).
  SELECT count(*) AS total,
         count(*) FILTER (WHERE status = 'pending') AS pending,
         count(*) FILTER (WHERE status = 'approved') AS approved,
         count(*) FILTER (WHERE status = 'approved' AND autopush) AS autopush
    FROM artist WHERE has_main_release
)
SELECT
  (SELECT count(*) FROM sources) AS sources,
  (SELECT count(*) FROM ddex_file) AS files_total,
  (SELECT count(*) FROM ddex_file WHERE imported_at IS NULL) AS files_not_imported,
  (SELECT count(*) FROM ddex_file WHERE import_eligible AND imported_at IS NULL) AS files_ready,
  main_artists.total AS artists_total,
  main_artists.pending AS artists_pending,
  main_artists.approved AS artists_approved,
  main_artists.autopush AS artists_autopush,
  (SELECT coalesce(sum(delta), 0) FROM row_count_delta WHERE counter = 'release_listed') AS releases,
  (SELECT coalesce(sum(delta), 0) FROM row_count_delta WHERE counter = 'resource') AS resources,
  (SELECT count(*) FROM row_count_delta) AS delta_rows,
  (SELECT count(*) FROM scan_jobs WHERE status IN ('pending', 'running')) AS scan_active,
  (SELECT count(*) FROM import_jobs WHERE status IN ('pending', 'running')) AS import_active
FROM main_artists`;

interface LatestRow {
  id: number;
  title: string;
  type: string;
  original_release_date: string | null;
  created_at: Date | string;
  main_artists: (string | null)[] | null;
  cover_bucket: string | null;
  cover_key: string | null;
}

// The 8 latest releases with their main artists and cover in one statement (fewer round trips
// keep the tail short). The cover rule is the one of coversOfReleases in media/covers.ts.
const LATEST_SQL = `
SELECT rl.id, rl.title, rl.type, rl.original_release_date, rl.created_at,
       (SELECT array_agg(coalesce(a.name, rc.credited_name) ORDER BY rc.sequence NULLS LAST, rc.id)
          FROM release_contributor rc LEFT JOIN artist a ON a.id = rc.artist_id
         WHERE rc.release_id = rl.id AND rc.role = 'MainArtist') AS main_artists,
       cover.bucket AS cover_bucket, cover.key AS cover_key
  FROM (SELECT id, title, type, original_release_date, created_at
          FROM release
         WHERE type <> 'TrackRelease'
         ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
         LIMIT ${DASHBOARD_LATEST_RELEASES}) rl
  LEFT JOIN LATERAL (
    SELECT a.bucket, a.key
      FROM release_resource rr JOIN asset a ON a.resource_id = rr.resource_id
     WHERE rr.release_id = rl.id AND a.superseded_at IS NULL
       AND (a.kind = 'cover' OR a.mime_type LIKE 'image/%')
     ORDER BY (a.kind = 'cover' AND a.is_primary) DESC, (a.kind = 'cover') DESC, a.is_primary DESC, a.created_at, a.id
     LIMIT 1
  ) cover ON true
 ORDER BY rl.created_at DESC NULLS LAST, rl.id DESC NULLS LAST`;

export async function getDashboard(deps: Pick<AppDeps, 'database'>): Promise<DashboardData> {
  const [countsRows, latest] = await Promise.all([
    deps.database.query<CountsRow>(COUNTS_SQL),
    deps.database.query<LatestRow>(LATEST_SQL),
  ]);
  const counts = countsRows[0]!;
  if (Number(counts.delta_rows) > COMPACT_AFTER_DELTA_ROWS) await compactRowCounters(deps.database);
  const n = (value: unknown) => Number(value ?? 0);
  return {
    sources: { total: n(counts.sources) },
    files: {
      total: n(counts.files_total),
      not_imported: n(counts.files_not_imported),
      imported: n(counts.files_total) - n(counts.files_not_imported),
      ready_to_import: n(counts.files_ready),
    },
    artists: {
      total: n(counts.artists_total),
      pending: n(counts.artists_pending),
      approved: n(counts.artists_approved),
      autopush: n(counts.artists_autopush),
    },
    catalogue: { releases: n(counts.releases), resources: n(counts.resources) },
    jobs: { scan_active: n(counts.scan_active), import_active: n(counts.import_active) },
    latest_releases: latest.map((row) => ({
      id: Number(row.id),
      title: row.title,
      type: row.type,
      original_release_date: row.original_release_date,
      created_at: new Date(row.created_at).toISOString(),
      main_artists: [...new Set((row.main_artists ?? []).filter((name): name is string => !!name))],
      cover_url: row.cover_bucket && row.cover_key ? fetchAssetUrl(row.cover_bucket, row.cover_key, 'thumb') : null,
    })),
    generated_at: new Date().toISOString(),
  };
}
