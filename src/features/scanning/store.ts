/**
 * Writes a batch of file records in a handful of set-based statements inside the caller's
 * transaction: partners, main artists, ddex_file upserts (unique per source and path), artist
 * links, then threads and eligibility of the threads touched.
 */
import { sql } from 'drizzle-orm';
import type { AppTx } from '@/db/client';
import type { FileRecord } from './metadata';
import { recomputeEligibility, recomputeThreads } from './threads';

export interface StoreResult {
  inserted: number;
  updated: number;
  errors: number;
  /** Artists this batch created (screening is queued for them). */
  newArtists: { id: string; name: string }[];
  fileIds: string[];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'partner';
}

type PartnerRow = {
  id: string;
  name: string;
  slug: string;
  party_id: string | null;
}

/** Finds or creates the partner of each sender (by party id, else by name). Returns key -> id. */
async function upsertPartners(tx: AppTx, records: FileRecord[]): Promise<Map<string, string>> {
  const senders = new Map<string, { partyId: string | null; name: string }>();
  for (const r of records) {
    if (!r.sender_party_id && !r.sender_name) continue;
    const key = senderKey(r);
    if (!senders.has(key)) senders.set(key, { partyId: r.sender_party_id, name: (r.sender_name ?? r.sender_party_id)!.trim() });
  }
  const result = new Map<string, string>();
  if (senders.size === 0) return result;
  const list = [...senders.values()];
  const existing = (
    await tx.execute<PartnerRow>(sql`
      SELECT id, name, slug, party_id FROM partner
       WHERE party_id IN (SELECT jsonb_array_elements_text(${json(list.map((s) => s.partyId).filter(Boolean))}))
          OR lower(name) IN (SELECT jsonb_array_elements_text(${json(list.map((s) => s.name.toLowerCase()))}))`)
  ).rows;
  for (const [key, sender] of senders) {
    let found = sender.partyId ? existing.find((p) => p.party_id === sender.partyId) : undefined;
    found ??= existing.find((p) => p.name.toLowerCase() === sender.name.toLowerCase() && (!sender.partyId || !p.party_id));
    if (found) {
      if (sender.partyId && !found.party_id) {
        await tx.execute(sql`UPDATE partner SET party_id = ${sender.partyId} WHERE id = ${found.id} AND party_id IS NULL`);
        found.party_id = sender.partyId;
      }
      result.set(key, found.id);
      continue;
    }
    // New partners are rare (one per sender ever), so a statement each is fine; the slug gets a
    // suffix when another partner already has it.
    const base = slugify(sender.name);
    for (let attempt = 1; attempt < 50; attempt++) {
      const slug = attempt === 1 ? base : `${base}-${attempt}`;
      const inserted = await tx.execute<PartnerRow>(sql`
        INSERT INTO partner (name, slug, party_id) VALUES (${sender.name}, ${slug}, ${sender.partyId})
        ON CONFLICT DO NOTHING RETURNING id, name, slug, party_id`);
      if (inserted.rows[0]) {
        existing.push(inserted.rows[0]);
        result.set(key, inserted.rows[0].id);
        break;
      }
      if (sender.partyId) {
        const byParty = await tx.execute<PartnerRow>(sql`SELECT id, name, slug, party_id FROM partner WHERE party_id = ${sender.partyId}`);
        if (byParty.rows[0]) {
          result.set(key, byParty.rows[0].id);
          break;
        }
      }
    }
  }
  return result;
}

function senderKey(r: Pick<FileRecord, 'sender_party_id' | 'sender_name'>): string {
  return r.sender_party_id ? `id:${r.sender_party_id}` : `name:${(r.sender_name ?? '').trim().toLowerCase()}`;
}

/** Main artists are created pending with is_main_artist; existing ones get the flag. */
async function upsertArtists(tx: AppTx, names: string[]): Promise<{ ids: Map<string, string>; created: { id: string; name: string }[] }> {
  const ids = new Map<string, string>();
  if (names.length === 0) return { ids, created: [] };
  const inserted = await tx.execute<{ id: string; name: string }>(sql`
    INSERT INTO artist (name, status, is_main_artist)
    SELECT DISTINCT value, 'pending', true FROM jsonb_array_elements_text(${json(names)})
    ON CONFLICT (name) DO NOTHING
    RETURNING id, name`);
  await tx.execute(sql`
    UPDATE artist SET is_main_artist = true, updated_at = now()
     WHERE NOT is_main_artist AND name IN (SELECT jsonb_array_elements_text(${json(names)}))`);
  const all = await tx.execute<{ id: string; name: string }>(sql`
    SELECT id, name FROM artist WHERE name IN (SELECT jsonb_array_elements_text(${json(names)}))`);
  for (const row of all.rows) ids.set(row.name, row.id);
  return { ids, created: inserted.rows };
}

/**
 * Upserts the records of one source. `previousThreadKeys` are the thread keys the same paths had
 * before (a re-read may move a file to another thread; both threads are recomputed).
 */
export async function storeFileRecords(
  tx: AppTx,
  sourceId: string,
  sourceBucket: string,
  records: FileRecord[],
  previousThreadKeys: string[] = [],
): Promise<StoreResult> {
  if (records.length === 0) return { inserted: 0, updated: 0, errors: 0, newArtists: [], fileIds: [] };
  const partners = await upsertPartners(tx, records);
  const artistNames = [...new Set(records.flatMap((r) => r.main_artists))];
  const artists = await upsertArtists(tx, artistNames);

  const rows = records.map((r) => ({
    ...r,
    partner_id: r.sender_party_id || r.sender_name ? (partners.get(senderKey(r)) ?? null) : null,
  }));
  const upserted = await tx.execute<{ id: string; source_path: string; inserted: boolean }>(sql`
    INSERT INTO ddex_file (
      source_id, source_path, source_bucket, delivery_folder, batch_id, partner_id, message_type, message_id,
      message_thread_id, message_created_at, thread_key, artist_name, release_title, release_type, upc, isrc, isrcs,
      territories, release_date, duration_ms, status, error, has_media, is_takedown, file_size, file_checksum,
      file_modified_at, parsed_at, import_eligible, delivery_sequence)
    SELECT ${sourceId}::uuid, x.source_path, ${sourceBucket}, x.delivery_folder, x.batch_id, x.partner_id, x.message_type,
           x.message_id, x.message_thread_id, x.message_created_at, x.thread_key, x.artist_name, x.release_title,
           x.release_type, x.upc, x.isrc,
           ARRAY(SELECT jsonb_array_elements_text(x.isrcs)), ARRAY(SELECT jsonb_array_elements_text(x.territories)),
           x.release_date, x.duration_ms, x.status, x.error, x.has_media, x.is_takedown, x.file_size, x.file_checksum,
           x.file_modified_at, now(), false,
           -- A new file is usually the first of its thread: saves rewriting it right after.
           CASE WHEN x.thread_key IS NOT NULL AND x.status <> 'error' THEN 1 END
      FROM jsonb_to_recordset(${json(rows)}) AS x(
        source_path text, delivery_folder text, batch_id text, partner_id uuid, message_type text, message_id text,
        message_thread_id text, message_created_at timestamptz, thread_key text, artist_name text, release_title text,
        release_type text, upc text, isrc text, isrcs jsonb, territories jsonb, release_date date, duration_ms integer,
        status text, error text, has_media boolean, is_takedown boolean, file_size bigint, file_checksum text,
        file_modified_at timestamptz)
    ON CONFLICT (source_id, source_path) DO UPDATE SET
      source_bucket = EXCLUDED.source_bucket,
      delivery_folder = EXCLUDED.delivery_folder,
      batch_id = EXCLUDED.batch_id,
      partner_id = COALESCE(EXCLUDED.partner_id, ddex_file.partner_id),
      message_type = EXCLUDED.message_type,
      message_id = EXCLUDED.message_id,
      message_thread_id = EXCLUDED.message_thread_id,
      message_created_at = EXCLUDED.message_created_at,
      thread_key = EXCLUDED.thread_key,
      artist_name = EXCLUDED.artist_name,
      release_title = EXCLUDED.release_title,
      release_type = EXCLUDED.release_type,
      upc = EXCLUDED.upc,
      isrc = EXCLUDED.isrc,
      isrcs = EXCLUDED.isrcs,
      territories = EXCLUDED.territories,
      release_date = EXCLUDED.release_date,
      duration_ms = EXCLUDED.duration_ms,
      status = CASE WHEN EXCLUDED.status = 'error' THEN 'error'
                    WHEN ddex_file.status = 'imported' THEN 'imported'
                    ELSE EXCLUDED.status END,
      error = EXCLUDED.error,
      has_media = EXCLUDED.has_media,
      is_takedown = EXCLUDED.is_takedown,
      file_size = EXCLUDED.file_size,
      file_checksum = EXCLUDED.file_checksum,
      file_modified_at = EXCLUDED.file_modified_at,
      parsed_at = now(),
      updated_at = now()
    RETURNING id, source_path, (xmax = 0) AS inserted`);

  const idByPath = new Map(upserted.rows.map((r) => [r.source_path, r.id]));
  const fileIds = upserted.rows.map((r) => r.id);
  await tx.execute(sql`DELETE FROM ddex_file_artist WHERE ddex_file_id = ANY(${`{${fileIds.join(',')}}`}::uuid[])`);
  const links: { ddex_file_id: string; artist_id: string }[] = [];
  for (const r of records) {
    const fileId = idByPath.get(r.source_path);
    if (!fileId) continue;
    for (const name of r.main_artists) {
      const artistId = artists.ids.get(name);
      if (artistId) links.push({ ddex_file_id: fileId, artist_id: artistId });
    }
  }
  if (links.length > 0) {
    await tx.execute(sql`
      INSERT INTO ddex_file_artist (ddex_file_id, artist_id)
      SELECT x.ddex_file_id, x.artist_id FROM jsonb_to_recordset(${json(links)}) AS x(ddex_file_id uuid, artist_id uuid)
      ON CONFLICT DO NOTHING`);
  }

  const threadKeys = [...new Set([...records.map((r) => r.thread_key).filter((k): k is string => !!k), ...previousThreadKeys])];
  await recomputeThreads(tx, { threadIds: threadKeys, fileIds });
  await recomputeEligibility(tx, { fileIds, threadIds: threadKeys });

  const inserted = upserted.rows.filter((r) => r.inserted === true || (r.inserted as unknown) === 't').length;
  return {
    inserted,
    updated: upserted.rows.length - inserted,
    errors: records.filter((r) => r.status === 'error').length,
    newArtists: artists.created,
    fileIds,
  };
}
