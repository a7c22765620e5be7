/**
 * Delivery threads and import eligibility (DESIGN.md 6.2), recomputed set-based in SQL so a scan
 * batch, an artist's status change or `fix-ddex-status` on 100k files each cost a few statements.
 *
 * Thread: thread_key (MessageThreadId, else the release's main identifier) within one source, so a
 * mirror of the same deliveries in a second source is not taken for redeliveries. Within a thread the
 * files are ordered by message_created_at then source_path: that order is delivery_sequence; the
 * first is 'initial', a later one with media 'redelivery', without media 'metadata_update'. A later
 * delivery whose initial is not imported waits for it (status waiting_for_initial).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '@/db/client';

type Executor = AppDb | AppTx;

export interface ThreadRecomputeResult {
  /** Files whose sequence, type, latest flag or status changed and that are now the initial delivery. */
  fixedInitials: number;
  /** Files that changed and are now a later delivery (redelivery or metadata update). */
  fixedRedeliveries: number;
  /** Ids of every file that changed. */
  changedIds: string[];
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const textArray = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;

/** `x = ANY(array)` for a text array passed as one JSON parameter (works on pg and PGlite alike). */
function inTextList(column: SQL, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT jsonb_array_elements_text(${textArray(values)}))`;
}

/**
 * Recomputes delivery_sequence, delivery_type, is_latest_in_thread and the waiting_for_initial
 * status of the given threads (all threads when none given). Only rows that change are written.
 */
export async function recomputeThreads(
  db: Executor,
  opts: { threadIds?: readonly string[]; fileIds?: readonly string[] } = {},
): Promise<ThreadRecomputeResult> {
  const keys = opts.threadIds || opts.fileIds ? [...new Set((opts.threadIds ?? []).filter((k) => typeof k === 'string' && k !== ''))] : null;
  const fileIds = opts.fileIds ?? [];
  if (keys && keys.length === 0 && fileIds.length === 0) return { fixedInitials: 0, fixedRedeliveries: 0, changedIds: [] };
  const scope = keys ? sql`AND ${inTextList(sql`thread_key`, keys)}` : sql``;
  const looseScope = keys ? sql`AND (${inTextList(sql`thread_key`, keys)} OR id = ANY(${uuidArray(fileIds)}))` : sql``;
  const result = await db.execute<{ id: string; delivery_type: string }>(sql`
    WITH ranked AS (
      SELECT id,
             row_number() OVER w AS seq,
             count(*) OVER (PARTITION BY source_id, thread_key) AS n,
             first_value(imported_at) OVER w AS initial_imported_at,
             first_value(id) OVER w AS initial_id,
             has_media, imported_at, status
        FROM ddex_file
       WHERE thread_key IS NOT NULL AND status <> 'error' ${scope}
      WINDOW w AS (PARTITION BY source_id, thread_key ORDER BY message_created_at ASC NULLS LAST, source_path ASC
                   ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
    ),
    computed AS (
      SELECT id,
             seq::int AS seq,
             CASE WHEN seq = 1 THEN 'initial' WHEN has_media THEN 'redelivery' ELSE 'metadata_update' END AS delivery_type,
             seq = n AS is_latest,
             CASE
               WHEN imported_at IS NOT NULL OR status NOT IN ('metadata_scanned', 'waiting_for_initial') THEN status
               WHEN seq > 1 AND initial_imported_at IS NULL THEN 'waiting_for_initial'
               ELSE 'metadata_scanned'
             END AS status
        FROM ranked
    )
    UPDATE ddex_file f
       SET delivery_sequence = c.seq,
           delivery_type = c.delivery_type,
           is_latest_in_thread = c.is_latest,
           status = c.status,
           updated_at = now()
      FROM computed c
     WHERE f.id = c.id
       AND (f.delivery_sequence IS DISTINCT FROM c.seq
            OR f.delivery_type IS DISTINCT FROM c.delivery_type
            OR f.is_latest_in_thread IS DISTINCT FROM c.is_latest
            OR f.status IS DISTINCT FROM c.status)
    RETURNING f.id, f.delivery_type`);
  // Files outside any thread (unreadable, or no identifier at all) stand alone.
  const loose = await db.execute<{ id: string; delivery_type: string }>(sql`
    UPDATE ddex_file
       SET delivery_sequence = NULL, delivery_type = 'initial', is_latest_in_thread = true, updated_at = now()
     WHERE (thread_key IS NULL OR status = 'error') ${looseScope}
       AND (delivery_sequence IS NOT NULL OR delivery_type <> 'initial' OR NOT is_latest_in_thread)
    RETURNING id, delivery_type`);
  const rows = [...result.rows, ...loose.rows];
  return {
    fixedInitials: rows.filter((r) => r.delivery_type === 'initial').length,
    fixedRedeliveries: rows.filter((r) => r.delivery_type !== 'initial').length,
    changedIds: rows.map((r) => r.id),
  };
}

/**
 * import_eligible = metadata scanned (or imported), latest in its thread (or the thread's initial
 * while it is not imported: later deliveries wait for it), not waiting for its initial, at least one main artist (a takedown needs none) and every main artist approved and
 * not always_ignore. Scope: the files given, the files of the artists given, the threads given,
 * or every file. Returns how many files changed.
 */
export async function recomputeEligibility(
  db: Executor,
  opts: { fileIds?: readonly string[]; artistIds?: readonly string[]; threadIds?: readonly string[] } = {},
): Promise<{ changed: number; nowEligible: number; noLongerEligible: number }> {
  const parts: SQL[] = [];
  if (opts.fileIds) parts.push(sql`f.id = ANY(${uuidArray(opts.fileIds)})`);
  if (opts.artistIds) {
    parts.push(sql`f.id IN (SELECT ddex_file_id FROM ddex_file_artist WHERE artist_id = ANY(${uuidArray(opts.artistIds)}))`);
  }
  if (opts.threadIds) parts.push(inTextList(sql`f.thread_key`, opts.threadIds));
  const scoped = opts.fileIds !== undefined || opts.artistIds !== undefined || opts.threadIds !== undefined;
  if (scoped && (opts.fileIds?.length ?? 0) + (opts.artistIds?.length ?? 0) + (opts.threadIds?.length ?? 0) === 0) {
    return { changed: 0, nowEligible: 0, noLongerEligible: 0 };
  }
  const where = scoped ? sql`WHERE ${sql.join(parts, sql` OR `)}` : sql``;
  const result = await db.execute<{ import_eligible: boolean }>(sql`
    WITH computed AS (
      SELECT f.id,
             (f.status IN ('metadata_scanned', 'imported')
              AND f.error IS NULL
              -- The latest delivery, or an initial that later deliveries wait for: read literally,
              -- DESIGN 6.2 makes neither of those importable, and a redelivered thread would never import.
              AND (f.is_latest_in_thread OR (f.delivery_sequence = 1 AND f.imported_at IS NULL))
              AND (f.is_takedown OR EXISTS (SELECT 1 FROM ddex_file_artist l WHERE l.ddex_file_id = f.id))
              AND NOT EXISTS (
                SELECT 1 FROM ddex_file_artist l JOIN artist a ON a.id = l.artist_id
                 WHERE l.ddex_file_id = f.id AND (a.status <> 'approved' OR a.always_ignore))) AS eligible
        FROM ddex_file f
        ${where}
    )
    UPDATE ddex_file f
       SET import_eligible = c.eligible, updated_at = now()
      FROM computed c
     WHERE f.id = c.id AND f.import_eligible IS DISTINCT FROM c.eligible
    RETURNING f.import_eligible`);
  const nowEligible = result.rows.filter((r) => r.import_eligible).length;
  return { changed: result.rows.length, nowEligible, noLongerEligible: result.rows.length - nowEligible };
}
