import { ROW_COUNTERS } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { coversOfReleases, mainArtistsOfReleases } from '@/features/media/covers';

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

export async function getDashboard(deps: Pick<AppDeps, 'database'>): Promise<DashboardData> {
  const [countsRows, latest] = await Promise.all([
    deps.database.query<CountsRow>(COUNTS_SQL),
    deps.database.query<{ id: number; title: string; type: string; original_release_date: string | null; created_at: Date | string }>(
      `SELECT id, title, type, original_release_date, created_at
         FROM release
        WHERE type <> 'TrackRelease'
        ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
        LIMIT ${DASHBOARD_LATEST_RELEASES}`,
    ),
  ]);
  const counts = countsRows[0]!;
  if (Number(counts.delta_rows) > COMPACT_AFTER_DELTA_ROWS) await compactRowCounters(deps.database);
  const ids = latest.map((row) => Number(row.id));
  const [covers, artists] = await Promise.all([coversOfReleases(deps.database, ids, 'thumb'), mainArtistsOfReleases(deps.database, ids)]);
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
      main_artists: artists.get(Number(row.id)) ?? [],
      cover_url: covers.get(Number(row.id))?.url ?? null,
    })),
    generated_at: new Date().toISOString(),
  };
}
