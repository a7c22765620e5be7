/**
 * Applies an import plan inside the caller's transaction, set-based: every table is written with a
 * statement or two whatever the number of tracks, deals or territories (multi-row inserts from one
 * JSON parameter), so a 12-track album costs about twenty round trips.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppTx } from '@/db/client';
import type { ImportPlan, PlannedRelease } from './plan';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export interface ImportFileContext {
  id: string;
  partnerId: string | null;
  bucket: string;
}

export interface WriteResult {
  releaseIds: number[];
  mainReleaseId: number | null;
  createdReleases: number;
  updatedReleases: number;
  takenDown: number;
  resources: number;
  assets: { created: number; reused: number; superseded: number };
  newArtists: { id: string; name: string }[];
  notes: string[];
  /** The file was in error before this import (its eligibility must be recomputed). */
  fileHadError?: boolean;
  /** Files in the file's thread: more than one means later deliveries may now be eligible. */
  fileThreadSize?: number;
}

/** A resolved file: the plan's file with the md5 and size known (from the message or the bytes). */
export interface ResolvedFile {
  resourceReference: string;
  key: string;
  kind: string;
  md5: string;
  mimeType: string | null;
  fileSize: number | null;
  isPrimary: boolean;
}

/** Serialises imports that touch the same release, track or file (several workers on PostgreSQL). */
export async function lockImportKeys(tx: AppTx, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return;
  await tx.execute(sql`
    SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
      FROM (SELECT value AS k FROM jsonb_array_elements_text(${json(unique)}) ORDER BY 1) s`);
}

export function lockKeysOf(plan: ImportPlan, file: ImportFileContext): string[] {
  const keys = [`file:${file.id}`];
  const partner = file.partnerId ?? '';
  for (const r of [...plan.releases, ...plan.purged]) {
    for (const v of r.icpn_candidates) keys.push(`icpn:${v}`);
    if (r.grid) keys.push(`grid:${r.grid}`);
    for (const p of r.proprietary) keys.push(`prop:${partner}:${p.namespace ?? ''}:${p.value}`);
  }
  for (const r of plan.resources) if (r.isrc) keys.push(`isrc:${partner}:${r.isrc}`);
  return keys;
}

const ICPN_SCHEMES = ['ICPN', 'UPC', 'EAN', 'GTIN'];

type MatchInput = { i: number; prio: number; scheme: string; value: string; ns: string | null; scoped: boolean };

function matchInputsOf(list: { icpn_candidates: string[]; grid: string | null; proprietary: { namespace: string | null; value: string }[] }[]): MatchInput[] {
  const inputs: MatchInput[] = [];
  list.forEach((r, i) => {
    // One input per scheme, so the lookup uses the (scheme, value) index.
    for (const v of r.icpn_candidates) {
      for (const scheme of ICPN_SCHEMES) inputs.push({ i, prio: 1, scheme, value: v, ns: null, scoped: false });
    }
    if (r.grid) inputs.push({ i, prio: 2, scheme: 'GRid', value: r.grid, ns: null, scoped: false });
    for (const p of r.proprietary) inputs.push({ i, prio: 3, scheme: 'ProprietaryId', value: p.value, ns: p.namespace, scoped: true });
  });
  return inputs;
}

/** Existing release ids by ICPN/UPC, else GRid, else the partner's proprietary id (index -> ids). */
async function matchReleases(tx: AppTx, inputs: MatchInput[], partnerId: string | null): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (inputs.length === 0) return found;
  const rows = await tx.execute<{ i: number; prio: number; release_id: number }>(sql`
    SELECT DISTINCT x.i, x.prio, ri.release_id
      FROM jsonb_to_recordset(${json(inputs)}) AS x(i int, prio int, scheme text, value text, ns text, scoped boolean)
      JOIN release_identifier ri
        ON ri.scheme = x.scheme AND ri.value = x.value
       AND (NOT x.scoped OR ri.namespace IS NOT DISTINCT FROM x.ns)
      JOIN release r ON r.id = ri.release_id
     WHERE NOT x.scoped OR r.partner_id IS NOT DISTINCT FROM ${partnerId}::uuid
     ORDER BY x.i, x.prio, ri.release_id`);
  const best = new Map<number, number>();
  for (const row of rows.rows) {
    const i = Number(row.i);
    const prio = Number(row.prio);
    if (best.has(i) && best.get(i)! < prio) continue;
    best.set(i, prio);
    const list = found.get(i) ?? [];
    list.push(Number(row.release_id));
    found.set(i, list);
  }
  return found;
}

async function allocateIds(tx: AppTx, counts: { release: number; resource: number; deal: number }) {
  const row = (
    await tx.execute<{ release_ids: number[]; resource_ids: number[]; deal_ids: number[] }>(sql`
      SELECT ARRAY(SELECT nextval(pg_get_serial_sequence('release', 'id')) FROM generate_series(1, ${counts.release}))::int[] AS release_ids,
             ARRAY(SELECT nextval(pg_get_serial_sequence('resource', 'id')) FROM generate_series(1, ${counts.resource}))::int[] AS resource_ids,
             ARRAY(SELECT nextval(pg_get_serial_sequence('release_deal', 'id')) FROM generate_series(1, ${counts.deal}))::int[] AS deal_ids`)
  ).rows[0]!;
  return { release: intsOf(row.release_ids), resource: intsOf(row.resource_ids), deal: intsOf(row.deal_ids) };
}

/** An int[] as either driver returns it (array, or '{1,2}' text). */
function intsOf(v: unknown): number[] {
  return Array.isArray(v) ? v.map(Number) : String(v ?? '').replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/** Main artists become pending main artists; every credited name is linked to its artist row when one exists. */
async function upsertArtists(tx: AppTx, mainNames: string[], allNames: string[]) {
  const ids = new Map<string, string>();
  const created: { id: string; name: string }[] = [];
  if (allNames.length === 0) return { ids, created };
  const rows = await tx.execute<{ id: string; name: string; created: boolean }>(sql`
    WITH ins AS (
      -- DO NOTHING, not DO UPDATE: an update would lock the artist's row until commit, and parallel
      -- imports of one artist's releases would queue behind each other.
      INSERT INTO artist (name, status, is_main_artist)
      SELECT value, 'pending', true FROM jsonb_array_elements_text(${json([...mainNames].sort())}) ORDER BY 1
      ON CONFLICT (name) DO NOTHING
      RETURNING id, name
    ),
    flagged AS (
      UPDATE artist SET is_main_artist = true, updated_at = now()
       WHERE NOT is_main_artist AND name IN (SELECT jsonb_array_elements_text(${json(mainNames)}))
    )
    SELECT id, name, true AS created FROM ins
    UNION ALL
    SELECT id, name, false FROM artist
     WHERE name IN (SELECT jsonb_array_elements_text(${json(allNames)})) AND name NOT IN (SELECT name FROM ins)`);
  for (const row of rows.rows) {
    ids.set(row.name, row.id);
    if (row.created === true || (row.created as unknown) === 't') created.push({ id: row.id, name: row.name });
  }
  return { ids, created };
}

function releaseRow(r: PlannedRelease, id: number, parentId: number | null, file: ImportFileContext) {
  return {
    id,
    title: r.title,
    type: r.type,
    display_artist: r.display_artist,
    label_name: r.label_name,
    upc: r.upc,
    original_release_date: r.original_release_date,
    display_start_at: r.display_start_at,
    is_taken_down: r.is_taken_down,
    p_line_text: r.p_line_text,
    c_line_text: r.c_line_text,
    duration_ms: r.duration_ms,
    territories: r.deals === null ? null : r.whitelist,
    release_reference: r.reference,
    ddex_file_id: file.id,
    partner_id: file.partnerId,
    parent_release_id: parentId,
  };
}

const RELEASE_RECORD = sql`x(id int, title text, type text, display_artist text, label_name text, upc text, original_release_date date,
  display_start_at timestamptz, is_taken_down boolean, p_line_text text, c_line_text text, duration_ms int, territories jsonb,
  release_reference text, ddex_file_id uuid, partner_id uuid, parent_release_id int)`;

const RESOURCE_RECORD = sql`x(id int, ddex_file_id uuid, resource_reference text, partner_id uuid, title text, media_type text,
  display_artist text, isrc text, duration_ms int, genre_primary text, genre_secondary text, parental_rating text,
  language_of_performance text, p_line_text text)`;

/** Writes a NewReleaseMessage's plan. Returns what changed. */
export async function writeReleasePlan(tx: AppTx, plan: ImportPlan, file: ImportFileContext, files: ResolvedFile[]): Promise<WriteResult> {
  const notes: string[] = [];
  const partnerId = file.partnerId;

  // 1. Artists.
  const creditNames = [
    ...plan.releases.flatMap((r) => r.contributors.map((c) => c.credited_name)),
    ...plan.resources.flatMap((r) => r.contributors.map((c) => c.credited_name)),
  ].filter((n): n is string => !!n);
  const artists = await upsertArtists(tx, plan.main_artists, [...new Set([...creditNames, ...plan.main_artists])]);

  // 2. Which releases exist already.
  const matched = await matchReleases(tx, matchInputsOf(plan.releases), partnerId);
  const releaseIds = new Map<number, number>();
  const usedIds = new Set<number>();
  plan.releases.forEach((_, i) => {
    const id = (matched.get(i) ?? []).find((candidate) => !usedIds.has(candidate));
    if (id !== undefined) {
      releaseIds.set(i, id);
      usedIds.add(id);
    }
  });
  const mainIndex = Math.max(0, plan.releases.findIndex((r) => r.is_main && !r.is_track_release));

  // 3. Which resources exist already: ISRC within the partner, else the same reference on a matched
  //    release, else the same reference in this file (a re-import).
  const resourceInputs = plan.resources.map((r, i) => ({ i, isrc: r.isrc, ref: r.reference, media_type: r.media_type }));
  // Ids for every row that may be new come with it (one round trip less; unused ids are skipped).
  const dealCount = plan.releases.reduce((n, r) => n + (r.deals?.length ?? 0), 0);
  const lookup = (
    await tx.execute<{ matches: { i: number; id: number; prio: number }[] | string | null; release_ids: unknown; resource_ids: unknown; deal_ids: unknown }>(sql`
      WITH x AS (SELECT * FROM jsonb_to_recordset(${json(resourceInputs)}) AS x(i int, isrc text, ref text, media_type text)),
      m AS (
        SELECT x.i, r.id, 1 AS prio FROM x JOIN resource r ON r.isrc = x.isrc AND r.partner_id IS NOT DISTINCT FROM ${partnerId}::uuid
         WHERE x.isrc IS NOT NULL
        UNION ALL
        SELECT x.i, r.id, 2 FROM x
          JOIN release_resource rr ON rr.release_id = ANY(${intArray([...releaseIds.values()])})
          JOIN resource r ON r.id = rr.resource_id AND r.resource_reference = x.ref AND r.media_type = x.media_type
        UNION ALL
        SELECT x.i, r.id, 3 FROM x JOIN resource r ON r.ddex_file_id = ${file.id}::uuid AND r.resource_reference = x.ref AND r.media_type = x.media_type)
      SELECT (SELECT json_agg(m ORDER BY m.i, m.prio, m.id) FROM m) AS matches,
             ARRAY(SELECT nextval(pg_get_serial_sequence('release', 'id')) FROM generate_series(1, ${plan.releases.length - releaseIds.size}))::int[] AS release_ids,
             ARRAY(SELECT nextval(pg_get_serial_sequence('resource', 'id')) FROM generate_series(1, ${plan.resources.length}))::int[] AS resource_ids,
             ARRAY(SELECT nextval(pg_get_serial_sequence('release_deal', 'id')) FROM generate_series(1, ${dealCount}))::int[] AS deal_ids`)
  ).rows[0]!;
  const rawMatches = typeof lookup.matches === 'string' ? (JSON.parse(lookup.matches) as { i: number; id: number; prio: number }[]) : (lookup.matches ?? []);
  const resourceMatches = rawMatches;
  const allocated = { release: intsOf(lookup.release_ids), resource: intsOf(lookup.resource_ids), deal: intsOf(lookup.deal_ids) };
  const resourceIds = new Map<number, number>();
  const takenResources = new Set<number>();
  for (const row of resourceMatches) {
    const i = Number(row.i);
    const id = Number(row.id);
    if (resourceIds.has(i) || takenResources.has(id)) continue;
    resourceIds.set(i, id);
    takenResources.add(id);
  }

  // 4. TrackReleases without identifiers of their own: the parent's TrackRelease holding the same track.
  const resourceIndexByRef = new Map(plan.resources.map((r, i) => [r.reference, i]));
  const mainExistingId = releaseIds.get(mainIndex);
  const unmatchedTrackReleases = plan.releases
    .map((r, i) => ({ r, i }))
    .filter(({ r, i }) => r.is_track_release && !releaseIds.has(i));
  if (mainExistingId !== undefined && unmatchedTrackReleases.length > 0) {
    const existingTrackReleases = (
      await tx.execute<{ id: number; release_reference: string | null; isrcs: string[] | null; resources: number[] | null }>(sql`
        SELECT r.id, r.release_reference,
               ARRAY(SELECT value FROM release_identifier i WHERE i.release_id = r.id AND i.scheme = 'ISRC') AS isrcs,
               ARRAY(SELECT resource_id FROM release_resource rr WHERE rr.release_id = r.id) AS resources
          FROM release r WHERE r.parent_release_id = ${mainExistingId} AND r.type = 'TrackRelease' ORDER BY r.id`)
    ).rows.map((r) => ({ id: Number(r.id), reference: r.release_reference, isrcs: (r.isrcs ?? []).map(String), resources: (r.resources ?? []).map(Number) }));
    const candidates = existingTrackReleases.filter((c) => !usedIds.has(c.id));
    const resourceOf = (r: PlannedRelease) => resourceIds.get(resourceIndexByRef.get(r.tracks[0]?.resource_reference ?? '') ?? -1);
    // Several TrackReleases may hold the same track: the release's own ISRC tells them apart, then
    // its reference in the message.
    const rules: ((r: PlannedRelease, c: (typeof candidates)[number]) => boolean)[] = [
      (r, c) => r.identifiers.some((id) => id.scheme === 'ISRC' && c.isrcs.includes(id.value)),
      (r, c) => c.reference === r.reference && c.resources.includes(resourceOf(r) ?? -1),
      (r, c) => c.resources.includes(resourceOf(r) ?? -1),
    ];
    for (const rule of rules) {
      for (const { r, i } of unmatchedTrackReleases) {
        if (releaseIds.has(i)) continue;
        const found = candidates.find((c) => !usedIds.has(c.id) && rule(r, c));
        if (found) {
          releaseIds.set(i, found.id);
          usedIds.add(found.id);
        }
      }
    }
  }

  // 5. Ids for everything new, so every row can be written in one pass.
  const newReleaseIdx = plan.releases.map((_, i) => i).filter((i) => !releaseIds.has(i));
  const newResourceIdx = plan.resources.map((_, i) => i).filter((i) => !resourceIds.has(i));
  if (allocated.release.length < newReleaseIdx.length) {
    // TrackReleases matched after the lookup leave fewer new releases, never more; but be safe.
    const extra = await allocateIds(tx, { release: newReleaseIdx.length - allocated.release.length, resource: 0, deal: 0 });
    allocated.release.push(...extra.release);
  }
  newReleaseIdx.forEach((i, k) => releaseIds.set(i, allocated.release[k]!));
  newResourceIdx.forEach((i, k) => resourceIds.set(i, allocated.resource[k]!));
  const mainId = plan.releases.length > 0 ? releaseIds.get(mainIndex)! : null;
  const newResourceSet = new Set(newResourceIdx);
  const newReleaseSet = new Set(newReleaseIdx);

  const resourceRows = plan.resources.map((r, i) => ({
    id: resourceIds.get(i)!,
    ddex_file_id: file.id,
    resource_reference: r.reference,
    partner_id: partnerId,
    title: r.title,
    media_type: r.media_type,
    display_artist: r.display_artist,
    isrc: r.isrc,
    duration_ms: r.duration_ms,
    genre_primary: r.genre_primary,
    genre_secondary: r.genre_secondary,
    parental_rating: r.parental_rating,
    language_of_performance: r.language_of_performance,
    p_line_text: r.p_line_text,
  }));
  const newResources = resourceRows.filter((_, i) => newResourceSet.has(i));
  const oldResources = resourceRows.filter((_, i) => !newResourceSet.has(i));
  const rows = plan.releases.map((r, i) => releaseRow(r, releaseIds.get(i)!, r.is_track_release && i !== mainIndex ? mainId : null, file));
  const newRows = rows.filter((_, i) => newReleaseSet.has(i));
  const oldRows = rows.filter((_, i) => !newReleaseSet.has(i));
  const restated = plan.releases.map((r, i) => ({ r, id: releaseIds.get(i)! })).filter(({ r }) => r.deals !== null);
  const oldIds = new Set(oldRows.map((r) => r.id));

  // 6. What is replaced: existing resources and releases are updated and their children cleared
  //    (one statement; new rows have no children yet).
  if (oldResources.length > 0 || oldRows.length > 0) {
    const oldResourceIds = oldResources.map((r) => r.id);
    const oldReleaseIds = [...oldIds];
    const oldDealReleaseIds = restated.filter(({ id }) => oldIds.has(id)).map(({ id }) => id);
    await tx.execute(sql`
      WITH rx AS (SELECT * FROM jsonb_to_recordset(${json(oldResources)}) AS ${RESOURCE_RECORD}),
      lx AS (SELECT * FROM jsonb_to_recordset(${json(oldRows)}) AS ${RELEASE_RECORD}),
      d_rid AS (DELETE FROM resource_identifier WHERE resource_id = ANY(${intArray(oldResourceIds)})),
      d_rco AS (DELETE FROM resource_contributor WHERE resource_id = ANY(${intArray(oldResourceIds)})),
      d_rte AS (DELETE FROM resource_technical WHERE resource_id = ANY(${intArray(oldResourceIds)})),
      d_rri AS (DELETE FROM resource_right WHERE resource_id = ANY(${intArray(oldResourceIds)})),
      d_lid AS (DELETE FROM release_identifier WHERE release_id = ANY(${intArray(oldReleaseIds)})),
      d_lco AS (DELETE FROM release_contributor WHERE release_id = ANY(${intArray(oldReleaseIds)})),
      d_ltr AS (DELETE FROM release_resource WHERE release_id = ANY(${intArray(oldReleaseIds)})),
      d_lde AS (DELETE FROM release_deal WHERE release_id = ANY(${intArray(oldDealReleaseIds)})),
      u_res AS (
        UPDATE resource r SET
          ddex_file_id = x.ddex_file_id, resource_reference = x.resource_reference, partner_id = x.partner_id, title = x.title,
          media_type = x.media_type, display_artist = x.display_artist, isrc = x.isrc, duration_ms = x.duration_ms,
          genre_primary = x.genre_primary, genre_secondary = x.genre_secondary, parental_rating = x.parental_rating,
          language_of_performance = x.language_of_performance, p_line_text = x.p_line_text, updated_at = now()
        FROM rx x WHERE r.id = x.id)
      UPDATE release r SET
        title = x.title, type = x.type, display_artist = x.display_artist, label_name = x.label_name, upc = x.upc,
        original_release_date = x.original_release_date, display_start_at = x.display_start_at,
        is_taken_down = COALESCE(x.is_taken_down, r.is_taken_down), p_line_text = x.p_line_text, c_line_text = x.c_line_text,
        duration_ms = x.duration_ms,
        territories = CASE WHEN x.territories IS NULL THEN r.territories ELSE ARRAY(SELECT jsonb_array_elements_text(x.territories)) END,
        release_reference = x.release_reference, ddex_file_id = x.ddex_file_id, partner_id = COALESCE(x.partner_id, r.partner_id),
        parent_release_id = COALESCE(x.parent_release_id, r.parent_release_id), updated_at = now()
      FROM lx x WHERE r.id = x.id`);
  }

  // 7. Assets: decided here from what the tracks already have (new tracks have nothing).
  const resolved = files.map((f) => ({ ...f, resourceId: resourceIds.get(resourceIndexByRef.get(f.resourceReference)!)! }));
  const assets = await decideAssets(tx, file, resolved, oldResources.length > 0);

  // 8. Everything else in one statement: new resources and releases, all children, assets, the file.
  const resIdentifiers = plan.resources.flatMap((r, i) => r.identifiers.map((id) => ({ resource_id: resourceIds.get(i)!, ...id })));
  const resContributors = plan.resources.flatMap((r, i) =>
    r.contributors.map((c) => ({ resource_id: resourceIds.get(i)!, artist_id: c.credited_name ? (artists.ids.get(c.credited_name) ?? null) : null, ...c })),
  );
  const resTechnical = plan.resources.flatMap((r, i) => r.technical.map((t) => ({ resource_id: resourceIds.get(i)!, ...t })));
  const resRights = plan.resources.flatMap((r, i) => r.rights.map((t) => ({ resource_id: resourceIds.get(i)!, ...t })));
  const allReleaseIds = rows.map((r) => r.id);
  const relIdentifiers = plan.releases.flatMap((r, i) => r.identifiers.map((id) => ({ release_id: releaseIds.get(i)!, ...id })));
  const relContributors = plan.releases.flatMap((r, i) =>
    r.contributors.map((c) => ({
      release_id: releaseIds.get(i)!,
      artist_id: c.credited_name ? (artists.ids.get(c.credited_name) ?? null) : null,
      role: c.role,
      credited_name: c.credited_name,
      sequence: c.sequence,
    })),
  );
  const relTracks = plan.releases.flatMap((r, i) =>
    r.tracks
      .filter((t) => resourceIndexByRef.has(t.resource_reference))
      .map((t) => ({
        release_id: releaseIds.get(i)!,
        resource_id: resourceIds.get(resourceIndexByRef.get(t.resource_reference)!)!,
        track_number: t.track_number,
        disc_number: t.disc_number,
      })),
  );
  let dealCursor = 0;
  const deals: Record<string, unknown>[] = [];
  const territories: { deal_id: number; territory_code: string; is_included: boolean }[] = [];
  for (const { r, id } of restated) {
    for (const d of r.deals!) {
      const dealId = allocated.deal[dealCursor++]!;
      deals.push({ id: dealId, release_id: id, use_type: d.use_type, commercial_model: d.commercial_model, price_tier: d.price_tier, start_at: d.start_at, end_at: d.end_at, deal_ref: d.deal_ref, is_takedown: d.is_takedown });
      for (const t of d.territories) territories.push({ deal_id: dealId, territory_code: t.code, is_included: t.included });
    }
  }
  const schedules = plan.releases.map((r, i) => ({ release_id: releaseIds.get(i)!, ...r.schedule }));
  const geoRules = restated.map(({ r, id }) => ({ release_id: id, whitelist: r.whitelist, blacklist: r.blacklist }));

  const written = await tx.execute<{ had_error: boolean; thread_size: number; history: string }>(sql`
    WITH n_res AS (
      INSERT INTO resource (id, ddex_file_id, resource_reference, partner_id, title, media_type, display_artist, isrc, duration_ms,
                            genre_primary, genre_secondary, parental_rating, language_of_performance, p_line_text)
      SELECT x.id, x.ddex_file_id, x.resource_reference, x.partner_id, x.title, x.media_type, x.display_artist, x.isrc, x.duration_ms,
             x.genre_primary, x.genre_secondary, x.parental_rating, x.language_of_performance, x.p_line_text
        FROM jsonb_to_recordset(${json(newResources)}) AS ${RESOURCE_RECORD}),
    i_rid AS (
      INSERT INTO resource_identifier (resource_id, scheme, value, namespace)
      SELECT x.resource_id, x.scheme, x.value, x.namespace FROM jsonb_to_recordset(${json(resIdentifiers)}) AS x(resource_id int, scheme text, value text, namespace text)
      ON CONFLICT DO NOTHING),
    i_rco AS (
      INSERT INTO resource_contributor (resource_id, artist_id, role, credited_name, contributor_type, instrument, sequence)
      SELECT x.resource_id, x.artist_id, x.role, x.credited_name, x.contributor_type, x.instrument, x.sequence
        FROM jsonb_to_recordset(${json(resContributors)}) AS x(resource_id int, artist_id uuid, role text, credited_name text, contributor_type text, instrument text, sequence int)),
    i_rte AS (
      INSERT INTO resource_technical (resource_id, sampling_rate_hz, bitrate_kbps, bits_per_sample, codec, audio_channels, width, height, frame_rate, file_name)
      SELECT x.resource_id, x.sampling_rate_hz, x.bitrate_kbps, x.bits_per_sample, x.codec, x.audio_channels, x.width, x.height, x.frame_rate, x.file_name
        FROM jsonb_to_recordset(${json(resTechnical)}) AS x(resource_id int, sampling_rate_hz int, bitrate_kbps int, bits_per_sample int, codec text,
                                                             audio_channels int, width int, height int, frame_rate float8, file_name text)),
    i_rri AS (
      INSERT INTO resource_right (resource_id, right_type, controller_name, note)
      SELECT x.resource_id, x.right_type, x.controller_name, x.note FROM jsonb_to_recordset(${json(resRights)}) AS x(resource_id int, right_type text, controller_name text, note text)),
    n_rel AS (
      INSERT INTO release (id, title, type, display_artist, label_name, upc, original_release_date, display_start_at, is_taken_down,
                           p_line_text, c_line_text, duration_ms, territories, release_reference, ddex_file_id, partner_id, parent_release_id)
      SELECT x.id, x.title, x.type, x.display_artist, x.label_name, x.upc, x.original_release_date, x.display_start_at,
             COALESCE(x.is_taken_down, false), x.p_line_text, x.c_line_text, x.duration_ms,
             ARRAY(SELECT jsonb_array_elements_text(COALESCE(x.territories, '[]'::jsonb))), x.release_reference, x.ddex_file_id,
             x.partner_id, x.parent_release_id
        FROM jsonb_to_recordset(${json(newRows)}) AS ${RELEASE_RECORD}),
    i_lid AS (
      INSERT INTO release_identifier (release_id, scheme, value, namespace)
      SELECT x.release_id, x.scheme, x.value, x.namespace FROM jsonb_to_recordset(${json(relIdentifiers)}) AS x(release_id int, scheme text, value text, namespace text)
      ON CONFLICT DO NOTHING),
    i_lco AS (
      INSERT INTO release_contributor (release_id, artist_id, role, credited_name, sequence)
      SELECT x.release_id, x.artist_id, x.role, x.credited_name, x.sequence FROM jsonb_to_recordset(${json(relContributors)}) AS x(release_id int, artist_id uuid, role text, credited_name text, sequence int)),
    i_ltr AS (
      INSERT INTO release_resource (release_id, resource_id, track_number, disc_number)
      SELECT x.release_id, x.resource_id, x.track_number, x.disc_number FROM jsonb_to_recordset(${json(relTracks)}) AS x(release_id int, resource_id int, track_number int, disc_number int)
      ON CONFLICT DO NOTHING),
    i_lde AS (
      INSERT INTO release_deal (id, release_id, use_type, commercial_model, price_tier, start_at, end_at, deal_ref, is_takedown)
      SELECT x.id, x.release_id, x.use_type, x.commercial_model, x.price_tier, x.start_at, x.end_at, x.deal_ref, x.is_takedown
        FROM jsonb_to_recordset(${json(deals)}) AS x(id int, release_id int, use_type text, commercial_model text, price_tier text, start_at timestamptz, end_at timestamptz, deal_ref text, is_takedown boolean)),
    i_ter AS (
      INSERT INTO deal_territory (deal_id, territory_code, is_included)
      SELECT x.deal_id, x.territory_code, x.is_included FROM jsonb_to_recordset(${json(territories)}) AS x(deal_id int, territory_code text, is_included boolean)
      ON CONFLICT DO NOTHING),
    i_sch AS (
      INSERT INTO release_schedule (release_id, release_date, schedule_from, embargo_until)
      SELECT x.release_id, x.release_date, x.schedule_from, x.embargo_until FROM jsonb_to_recordset(${json(schedules)}) AS x(release_id int, release_date date, schedule_from timestamptz, embargo_until timestamptz)
      ON CONFLICT (release_id) DO UPDATE SET release_date = EXCLUDED.release_date, schedule_from = EXCLUDED.schedule_from, embargo_until = EXCLUDED.embargo_until),
    i_geo AS (
      INSERT INTO geo_rule (release_id, whitelist, blacklist)
      SELECT x.release_id, ARRAY(SELECT jsonb_array_elements_text(x.whitelist)), ARRAY(SELECT jsonb_array_elements_text(x.blacklist))
        FROM jsonb_to_recordset(${json(geoRules)}) AS x(release_id int, whitelist jsonb, blacklist jsonb)
      ON CONFLICT (release_id) DO UPDATE SET whitelist = EXCLUDED.whitelist, blacklist = EXCLUDED.blacklist, updated_at = now()),
    i_st AS (
      INSERT INTO import_state (release_id, ddex_file_id, status, is_importable, already_imported)
      SELECT value::int, ${file.id}::uuid, 'imported', true, true FROM jsonb_array_elements_text(${json(allReleaseIds.map(String))})
      ON CONFLICT (release_id, ddex_file_id) DO UPDATE SET status = 'imported', is_importable = true, already_imported = true, message = NULL, updated_at = now()),
    n_ast AS (
      INSERT INTO asset (id, resource_id, kind, bucket, key, md5, mime_type, file_size, is_primary, ddex_file_id)
      SELECT x.id, x.resource_id, x.kind, x.bucket, x.key, x.md5, x.mime_type, x.file_size, x.is_primary, x.ddex_file_id
        FROM jsonb_to_recordset(${json(assets.inserts)}) AS x(id uuid, resource_id int, kind text, bucket text, key text, md5 text, mime_type text, file_size bigint, is_primary boolean, ddex_file_id uuid)),
    u_ast AS (
      UPDATE asset a SET superseded_by = x.new_id, superseded_at = now(), updated_at = now()
        FROM jsonb_to_recordset(${json(assets.supersede)}) AS x(old_id uuid, new_id uuid)
       WHERE a.id = x.old_id),
    i_his AS (
      INSERT INTO asset_delivery_history (asset_id, ddex_file_id, reused, previous_asset_id)
      SELECT x.asset_id, ${file.id}::uuid, x.reused, x.previous_asset_id
        FROM jsonb_to_recordset(${json(assets.history)}) AS x(asset_id uuid, reused boolean, previous_asset_id uuid)
      ON CONFLICT (asset_id, ddex_file_id) DO NOTHING
      RETURNING reused),
    old_file AS (
      SELECT d.id, d.error IS NOT NULL AS had_error,
             (SELECT count(*)::int FROM ddex_file t WHERE t.source_id = d.source_id AND t.thread_key = d.thread_key) AS thread_size
        FROM ddex_file d WHERE d.id = ${file.id}::uuid),
    u_file AS (
      -- The first import's time stays: importing the same file again changes nothing.
      UPDATE ddex_file f SET imported_at = COALESCE(f.imported_at, now()), status = 'imported', error = NULL, updated_at = now()
        FROM old_file o WHERE f.id = o.id)
    SELECT o.had_error, o.thread_size, (SELECT count(*) FILTER (WHERE reused)::int FROM i_his)::text AS history FROM old_file o`);
  const fileRow = written.rows[0];

  const takenDown = plan.releases.filter((r) => r.is_taken_down === true).length;
  return {
    releaseIds: allReleaseIds,
    mainReleaseId: mainId,
    createdReleases: newReleaseIdx.length,
    updatedReleases: plan.releases.length - newReleaseIdx.length,
    takenDown,
    resources: plan.resources.length,
    // Counted from what was written: a re-import of the same file adds no history and changes nothing.
    assets: { created: assets.inserts.length, reused: Number(fileRow?.history ?? 0), superseded: assets.supersede.length },
    newArtists: artists.created,
    notes,
    fileHadError: fileRow?.had_error === true || (fileRow?.had_error as unknown) === 't',
    fileThreadSize: Number(fileRow?.thread_size ?? 0),
  };
}

type ExistingAsset = { id: string; resource_id: number; kind: string; md5: string | null };

/**
 * Same hash as a current asset of the track: reused. A new file of a kind the track already has:
 * a new asset that supersedes the old one. Otherwise a new asset. Files the message does not name
 * (a metadata-only update) leave the stored assets alone. `lookup` is false when every track is
 * new: nothing can exist yet.
 */
async function decideAssets(tx: AppTx, file: ImportFileContext, files: (ResolvedFile & { resourceId: number })[], lookup: boolean) {
  const inserts: Record<string, unknown>[] = [];
  const history: { asset_id: string; reused: boolean; previous_asset_id: string | null }[] = [];
  const supersede: { old_id: string; new_id: string }[] = [];
  if (files.length === 0) return { inserts, history, supersede };
  const resourceIds = [...new Set(files.map((f) => f.resourceId))];
  const rows = !lookup
    ? []
    : (
        await tx.execute<ExistingAsset & { from_this_file: boolean }>(sql`
          SELECT id, resource_id, kind, md5, false AS from_this_file FROM asset
           WHERE resource_id = ANY(${intArray(resourceIds)}) AND superseded_by IS NULL
          UNION ALL
          SELECT a.id, a.resource_id, a.kind, a.md5, true FROM asset_delivery_history h JOIN asset a ON a.id = h.asset_id
           WHERE h.ddex_file_id = ${file.id}::uuid
          ORDER BY 5 DESC, 1`)
      ).rows.map((a) => ({ ...a, resource_id: Number(a.resource_id), from_this_file: a.from_this_file === true || (a.from_this_file as unknown) === 't' }));
  // A file this delivery already brought is settled, even if a later delivery superseded it since:
  // re-importing an older file must not undo the later delivery's assets.
  const settled = rows.filter((a) => a.from_this_file);
  const existing = rows.filter((a) => !a.from_this_file);
  const pending = files.filter((f) => !settled.some((a) => a.resource_id === f.resourceId && a.md5 === f.md5));
  const claimed = new Set<string>(settled.map((a) => a.id));
  const decisions = pending.map((f) => {
    const same = existing.find((a) => a.resource_id === f.resourceId && a.md5 === f.md5 && !claimed.has(a.id));
    if (same) claimed.add(same.id);
    return { f, reuse: same?.id ?? null, previous: null as string | null };
  });
  for (const d of decisions) {
    if (d.reuse) continue;
    const old = existing.find((a) => a.resource_id === d.f.resourceId && a.kind === d.f.kind && !claimed.has(a.id));
    if (old) {
      claimed.add(old.id);
      d.previous = old.id;
    }
  }
  for (const d of decisions) {
    if (d.reuse) {
      history.push({ asset_id: d.reuse, reused: true, previous_asset_id: null });
      continue;
    }
    const id = randomUUID();
    inserts.push({
      id,
      resource_id: d.f.resourceId,
      kind: d.f.kind,
      bucket: file.bucket,
      key: d.f.key,
      md5: d.f.md5,
      mime_type: d.f.mimeType,
      file_size: d.f.fileSize,
      is_primary: d.f.isPrimary,
      ddex_file_id: file.id,
    });
    history.push({ asset_id: id, reused: false, previous_asset_id: d.previous });
    if (d.previous) supersede.push({ old_id: d.previous, new_id: id });
  }
  return { inserts, history, supersede };
}

/** PurgeReleaseMessage: the named releases (and their TrackReleases) are taken down. */
export async function writePurgePlan(tx: AppTx, plan: ImportPlan, file: ImportFileContext): Promise<WriteResult> {
  const notes: string[] = [];
  const matched = await matchReleases(tx, matchInputsOf(plan.purged), file.partnerId);
  const ids = [...new Set([...matched.values()].flat())];
  plan.purged.forEach((p, i) => {
    if (!matched.has(i)) notes.push(`Purge of ${p.label}: no such release in the catalogue, nothing to take down.`);
  });
  let affected: number[] = [];
  if (ids.length > 0) {
    const rows = await tx.execute<{ id: number }>(sql`
      UPDATE release SET is_taken_down = true, updated_at = now()
       WHERE id = ANY(${intArray(ids)}) OR parent_release_id = ANY(${intArray(ids)})
      RETURNING id`);
    affected = rows.rows.map((r) => Number(r.id));
    await tx.execute(sql`
      INSERT INTO import_state (release_id, ddex_file_id, status, is_importable, already_imported)
      SELECT value::int, ${file.id}::uuid, 'imported', true, true FROM jsonb_array_elements_text(${json(ids.map(String))})
      ON CONFLICT (release_id, ddex_file_id) DO UPDATE SET status = 'imported', is_importable = true, already_imported = true, updated_at = now()`);
  }
  return {
    releaseIds: ids,
    mainReleaseId: ids[0] ?? null,
    createdReleases: 0,
    updatedReleases: ids.length,
    takenDown: affected.length,
    resources: 0,
    assets: { created: 0, reused: 0, superseded: 0 },
    newArtists: [],
    notes,
  };
}
