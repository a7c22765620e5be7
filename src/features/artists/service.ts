/**
 * Artists: the screened list with its five tabs, the detail, every status transition of the spec
 * (section 4 'Artist status'), labels, tiers, and the CSV export of what the list shows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ARTIST_TIERS, type ArtistStatus, type ArtistTier, type TriState } from '@/db/schema';
import type { AppDb } from '@/db/client';
import type { AppDeps } from '@/server/context';
import { badRequest, notFound } from '@/server/errors';
import { recomputeEligibility } from '@/features/scanning/threads';
import { containsPattern } from '@/features/ddex-files/service';

export const ARTIST_TABS = ['approved', 'pending', 'rejected', 'ignored', 'all'] as const;
export type ArtistTab = (typeof ARTIST_TABS)[number];
export const ARTIST_PAGE_SIZES = [25, 50, 100, 200] as const;
export const ARTIST_DEFAULT_PAGE_SIZE = 50;
export const ARTIST_SORTS = ['name', 'created_at'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];

export interface ArtistListQuery {
  tab: ArtistTab;
  search?: string;
  sort: ArtistSort;
  dir: 'asc' | 'desc';
}

export type ArtistRow = {
  id: string;
  name: string;
  sort_name: string | null;
  status: ArtistStatus;
  always_ignore: boolean;
  autopush: boolean;
  tier: ArtistTier | null;
  is_main_artist: boolean;
  benelux_roots: TriState;
  performs_in_dutch: TriState;
  benelux_audience: TriState;
  labels: string[];
  ai_confidence_score: number | null;
  ai_reasoning: string | null;
  last_reviewed_at: string | null;
  screened_at: string | null;
  screening_source: string | null;
  created_at: string;
  updated_at: string;
};

const ROW_COLUMNS = sql.raw(`a.id, a.name, a.sort_name, a.status, a.always_ignore, a.autopush, a.tier, a.is_main_artist,
  a.benelux_roots, a.performs_in_dutch, a.benelux_audience, a.labels, a.ai_confidence_score, a.ai_reasoning,
  a.last_reviewed_at, a.screened_at, a.screening_source, a.created_at, a.updated_at`);

const TAB_CONDITIONS: Record<ArtistTab, SQL> = {
  approved: sql`a.status = 'approved' AND NOT a.always_ignore`,
  pending: sql`a.status = 'pending' AND NOT a.always_ignore`,
  rejected: sql`a.status = 'rejected' AND NOT a.always_ignore`,
  ignored: sql`a.always_ignore`,
  all: sql`TRUE`,
};

/** The list's base filter: main artists only (spec 5), and the search on the trigram-indexed name. */
function baseConditions(search: string | undefined): SQL {
  const term = search?.trim() ?? '';
  return term ? sql`a.is_main_artist AND a.name ILIKE ${containsPattern(term)}` : sql`a.is_main_artist`;
}

function orderBy(sort: ArtistSort, dir: 'asc' | 'desc'): SQL {
  const direction = sql.raw(dir === 'desc' ? 'DESC' : 'ASC');
  // id breaks ties, so pages never repeat or skip a row.
  return sort === 'created_at' ? sql`a.created_at ${direction}, a.id ${direction}` : sql`a.name ${direction}, a.id ${direction}`;
}

function normalizeRow(row: ArtistRow): ArtistRow {
  return {
    ...row,
    labels: row.labels ?? [],
    ai_confidence_score: row.ai_confidence_score === null ? null : Number(row.ai_confidence_score),
  };
}

export async function listArtists(db: AppDb, query: ArtistListQuery, page: { offset: number; limit: number }) {
  const where = sql`${baseConditions(query.search)} AND ${TAB_CONDITIONS[query.tab]}`;
  const [rows, counts] = await Promise.all([
    db.execute<ArtistRow>(sql`SELECT ${ROW_COLUMNS} FROM artist a WHERE ${where} ORDER BY ${orderBy(query.sort, query.dir)} LIMIT ${page.limit} OFFSET ${page.offset}`),
    tabCounts(db, query.search),
  ]);
  return { rows: rows.rows.map(normalizeRow), total: counts[query.tab], counts };
}

/** How many main artists each tab holds (under the same search). One scan, five counters. */
export async function tabCounts(db: AppDb, search?: string): Promise<Record<ArtistTab, number>> {
  const result = await db.execute<Record<ArtistTab, number>>(sql`
    SELECT count(*) FILTER (WHERE ${TAB_CONDITIONS.approved})::int AS approved,
           count(*) FILTER (WHERE ${TAB_CONDITIONS.pending})::int AS pending,
           count(*) FILTER (WHERE ${TAB_CONDITIONS.rejected})::int AS rejected,
           count(*) FILTER (WHERE ${TAB_CONDITIONS.ignored})::int AS ignored,
           count(*)::int AS all
      FROM artist a WHERE ${baseConditions(search)}`);
  const row = result.rows[0];
  return {
    approved: Number(row?.approved ?? 0),
    pending: Number(row?.pending ?? 0),
    rejected: Number(row?.rejected ?? 0),
    ignored: Number(row?.ignored ?? 0),
    all: Number(row?.all ?? 0),
  };
}

/** Every distinct label in use, for suggestions. */
export async function listLabels(db: AppDb): Promise<string[]> {
  const result = await db.execute<{ label: string }>(sql`
    SELECT DISTINCT unnest(labels) AS label FROM artist WHERE labels IS NOT NULL AND cardinality(labels) > 0 ORDER BY 1`);
  return result.rows.map((r) => r.label);
}

// ---- detail ----------------------------------------------------------------------------------

export type ArtistFile = {
  id: string;
  source_path: string;
  release_title: string | null;
  upc: string | null;
  status: string;
  import_eligible: boolean;
  imported_at: string | null;
  error: string | null;
  delivery_type: string;
  is_latest_in_thread: boolean;
  partner_name: string | null;
  message_created_at: string | null;
};

export async function getArtist(db: AppDb, id: string) {
  const found = await db.execute<ArtistRow>(sql`SELECT ${ROW_COLUMNS} FROM artist a WHERE a.id = ${id}`);
  const row = found.rows[0];
  if (!row) throw notFound('Artist not found');
  const [files, releases] = await Promise.all([
    db.execute<ArtistFile>(sql`
      SELECT f.id, f.source_path, f.release_title, f.upc, f.status, f.import_eligible, f.imported_at, f.error, f.delivery_type,
             f.is_latest_in_thread, p.name AS partner_name, f.message_created_at
        FROM ddex_file_artist l JOIN ddex_file f ON f.id = l.ddex_file_id LEFT JOIN partner p ON p.id = f.partner_id
       WHERE l.artist_id = ${id}
       ORDER BY f.message_created_at DESC NULLS LAST, f.source_path
       LIMIT 500`),
    db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT r.id)::int AS n FROM release_contributor rc JOIN release r ON r.id = rc.release_id
       WHERE rc.artist_id = ${id} AND r.type IS DISTINCT FROM 'TrackRelease'`),
  ]);
  const fileRows = files.rows;
  return {
    ...normalizeRow(row),
    files: fileRows,
    files_count: fileRows.length,
    eligible_files_count: fileRows.filter((f) => f.import_eligible && !f.imported_at).length,
    imported_files_count: fileRows.filter((f) => f.imported_at).length,
    releases_count: Number(releases.rows[0]?.n ?? 0),
  };
}

// ---- updates ---------------------------------------------------------------------------------

export interface ArtistPatch {
  status?: ArtistStatus;
  autopush?: boolean;
  always_ignore?: boolean;
  tier?: ArtistTier | null;
  labels?: string[];
}

/** Spec section 4: the allowed status changes. Everything else is refused. */
const TRANSITIONS: Record<ArtistStatus, ArtistStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export function allowedTransitions(status: ArtistStatus): ArtistStatus[] {
  return TRANSITIONS[status];
}

/** Labels as stored: trimmed, empty ones dropped; a duplicate (ignoring case) is refused. */
export function normalizeLabels(labels: string[]): string[] {
  const kept: string[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    if (!label) continue;
    if (label.length > 100) throw badRequest(`Label "${label.slice(0, 20)}..." is longer than 100 characters`);
    if (kept.some((k) => k.toLowerCase() === label.toLowerCase())) throw badRequest('Label already exists', 'label_exists');
    kept.push(label);
  }
  return kept;
}

export interface UpdateOutcome {
  artist: Awaited<ReturnType<typeof getArtist>>;
  eligibility: { changed: number; nowEligible: number; noLongerEligible: number } | null;
  importJob: { id: string; total_files: number } | null;
  importError: string | null;
}

export type StartImportJob = (
  deps: AppDeps,
  input: { fileIds: string[]; requestedBy: string; deliverAfter?: boolean },
) => Promise<{ id: string; total_files?: number; totalFiles?: number }>;

/**
 * Applies one PATCH. Status changes stamp last_reviewed_at, approving sets autopush on and
 * rejecting sets it off (unless the request says otherwise for approval), and an approval or
 * rejection is a decision that ends an ignore. The artist's files' eligibility is recomputed in
 * the same transaction; an approved artist with autopush on then gets its eligible files imported.
 */
export async function updateArtist(
  deps: AppDeps,
  id: string,
  patch: ArtistPatch,
  opts: { startImportJob?: StartImportJob } = {},
): Promise<UpdateOutcome> {
  if (Object.keys(patch).length === 0) throw badRequest('Nothing to update: send status, autopush, always_ignore, tier or labels');
  if (patch.tier !== undefined && patch.tier !== null && !ARTIST_TIERS.includes(patch.tier)) {
    throw badRequest(`Tier must be one of ${ARTIST_TIERS.join(', ')}`);
  }
  const labels = patch.labels !== undefined ? normalizeLabels(patch.labels) : undefined;

  const result = await deps.db.transaction(async (tx) => {
    const current = (
      await tx.execute<{ status: ArtistStatus; autopush: boolean; always_ignore: boolean }>(sql`
        SELECT status, autopush, always_ignore FROM artist WHERE id = ${id} FOR UPDATE`)
    ).rows[0];
    if (!current) throw notFound('Artist not found');

    const sets: SQL[] = [];
    let reviewed = false;
    let autopush = current.autopush;
    let ignored = current.always_ignore;
    let status = current.status;
    if (patch.status !== undefined && patch.status !== current.status) {
      if (!TRANSITIONS[current.status].includes(patch.status)) {
        const allowed = TRANSITIONS[current.status];
        throw badRequest(
          `Cannot change an artist from ${current.status} to ${patch.status}: a ${current.status} artist can only be ${allowed.join(' or ')}`,
          'invalid_transition',
        );
      }
      status = patch.status;
      autopush = patch.status === 'approved';
      ignored = false;
      reviewed = true;
    } else if (patch.status !== undefined) {
      throw badRequest(`The artist is already ${current.status}`, 'invalid_transition');
    }
    if (patch.always_ignore !== undefined && patch.always_ignore !== ignored) {
      if (patch.always_ignore && status !== 'pending') {
        throw badRequest(`Only pending artists can be ignored; this artist is ${status}`, 'invalid_transition');
      }
      ignored = patch.always_ignore;
      reviewed = true;
    }
    if (patch.autopush !== undefined) autopush = patch.autopush;
    if (status === 'rejected' && patch.autopush === true) {
      throw badRequest('Autopush cannot be on for a rejected artist: approve the artist first', 'invalid_transition');
    }
    if (status === 'rejected') autopush = false;
    const autopushTurnedOn = autopush && !current.autopush;

    sets.push(sql`status = ${status}`, sql`autopush = ${autopush}`, sql`always_ignore = ${ignored}`);
    if (patch.tier !== undefined) sets.push(sql`tier = ${patch.tier}`);
    if (labels !== undefined) sets.push(sql`labels = ARRAY(SELECT t.value FROM jsonb_array_elements_text(${JSON.stringify(labels)}::jsonb) WITH ORDINALITY AS t(value, n) ORDER BY t.n)::text[]`);
    if (reviewed) sets.push(sql`last_reviewed_at = now()`);
    sets.push(sql`updated_at = now()`);
    await tx.execute(sql`UPDATE artist SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);

    const eligibilityChanged = status !== current.status || ignored !== current.always_ignore;
    const eligibility = eligibilityChanged ? await recomputeEligibility(tx, { artistIds: [id] }) : null;
    const shouldImport = status === 'approved' && autopush && !ignored && (status !== current.status || autopushTurnedOn || ignored !== current.always_ignore);
    return { eligibility, shouldImport };
  });

  let importJob: UpdateOutcome['importJob'] = null;
  let importError: string | null = null;
  if (result.shouldImport && opts.startImportJob) {
    const files = await deps.db.execute<{ id: string }>(sql`
      SELECT f.id FROM ddex_file_artist l JOIN ddex_file f ON f.id = l.ddex_file_id
       WHERE l.artist_id = ${id} AND f.import_eligible AND f.imported_at IS NULL
       ORDER BY f.message_created_at NULLS LAST, f.source_path`);
    const fileIds = files.rows.map((r) => r.id);
    if (fileIds.length > 0) {
      try {
        const job = await opts.startImportJob(deps, { fileIds, requestedBy: 'autopush', deliverAfter: true });
        importJob = { id: job.id, total_files: Number(job.total_files ?? job.totalFiles ?? fileIds.length) };
      } catch (error) {
        // The approval stands; the files stay Ready to Import and the answer says why nothing started.
        importError = error instanceof Error ? error.message : String(error);
        deps.logger.warn({ artistId: id, err: error }, 'autopush import could not start');
      }
    }
  }
  return { artist: await getArtist(deps.db, id), eligibility: result.eligibility, importJob, importError };
}

// ---- CSV export ------------------------------------------------------------------------------

export const CSV_COLUMNS = [
  'name',
  'status',
  'ignored',
  'autopush',
  'tier',
  'benelux_roots',
  'performs_in_dutch',
  'benelux_audience',
  'ai_confidence_score',
  'labels',
  'last_reviewed_at',
  'created_at',
  'id',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formula starts are defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A cell starting with = + @ (or a tab/CR) runs as a formula in spreadsheets: prefix a quote.
  if (/^[=+@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

export function csvLine(row: ArtistRow): string {
  const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    name: row.name,
    status: row.status,
    ignored: row.always_ignore ? 'yes' : 'no',
    autopush: row.autopush ? 'on' : 'off',
    tier: row.tier,
    benelux_roots: row.benelux_roots,
    performs_in_dutch: row.performs_in_dutch,
    benelux_audience: row.benelux_audience,
    ai_confidence_score: row.ai_confidence_score,
    labels: (row.labels ?? []).join('; '),
    last_reviewed_at: iso(row.last_reviewed_at),
    created_at: iso(row.created_at),
    id: row.id,
  };
  return CSV_COLUMNS.map((c) => csvField(values[c])).join(',');
}

/** Every row the list shows under the query (all pages), in the list's order, as CSV chunks. */
export async function* exportArtistsCsv(db: AppDb, query: ArtistListQuery, chunkSize = 2000): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;
  const where = sql`${baseConditions(query.search)} AND ${TAB_CONDITIONS[query.tab]}`;
  for (let offset = 0; ; offset += chunkSize) {
    const rows = (await db.execute<ArtistRow>(sql`
      SELECT ${ROW_COLUMNS} FROM artist a WHERE ${where} ORDER BY ${orderBy(query.sort, query.dir)} LIMIT ${chunkSize} OFFSET ${offset}`)).rows;
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvLine(normalizeRow(r))}\r\n`).join('');
    if (rows.length < chunkSize) return;
  }
}

