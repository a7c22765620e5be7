import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../helpers/db';
import { recomputeEligibility, recomputeThreads } from '@/features/scanning/threads';
import { importableFileIds } from '@/features/importing/service';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

describe('eligibility in a thread of several deliveries', () => {
  let database: Db;
  const rows = async () =>
    (
      await database.db.execute<{ source_path: string; status: string; import_eligible: boolean; delivery_type: string }>(
        sql`SELECT source_path, status, import_eligible, delivery_type FROM ddex_file ORDER BY source_path`,
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.execute(sql`INSERT INTO sources (id, name, storage_type, storage_zone) VALUES ('00000000-0000-0000-0000-0000000000a1', 'S', 'local', '/tmp/x')`);
    await db.execute(sql`INSERT INTO artist (id, name, status, is_main_artist) VALUES ('00000000-0000-0000-0000-0000000000b1', 'Approved Artist', 'approved', true)`);
    for (const [path, created, media] of [
      ['a/1-initial.xml', '2026-01-01T00:00:00Z', true],
      ['a/2-update.xml', '2026-02-01T00:00:00Z', false],
      ['a/3-redelivery.xml', '2026-03-01T00:00:00Z', true],
    ] as const) {
      await db.execute(sql`INSERT INTO ddex_file (source_id, source_path, thread_key, message_thread_id, message_created_at, has_media, status)
        VALUES ('00000000-0000-0000-0000-0000000000a1', ${path}, 'T1', 'T1', ${created}, ${media}, 'metadata_scanned')`);
    }
    await db.execute(sql`INSERT INTO ddex_file_artist (ddex_file_id, artist_id) SELECT id, '00000000-0000-0000-0000-0000000000b1' FROM ddex_file`);
  });
  afterAll(() => database?.cleanup());

  it('makes the initial importable first, while the later deliveries wait for it', async () => {
    await recomputeThreads(database.db);
    await recomputeEligibility(database.db);
    expect(await rows()).toEqual([
      { source_path: 'a/1-initial.xml', status: 'metadata_scanned', import_eligible: true, delivery_type: 'initial' },
      { source_path: 'a/2-update.xml', status: 'waiting_for_initial', import_eligible: false, delivery_type: 'metadata_update' },
      { source_path: 'a/3-redelivery.xml', status: 'waiting_for_initial', import_eligible: false, delivery_type: 'redelivery' },
    ]);
  });

  it('once the initial is imported, only the latest delivery is importable and the middle one is superseded', async () => {
    await database.db.execute(sql`UPDATE ddex_file SET imported_at = now(), status = 'imported' WHERE source_path = 'a/1-initial.xml'`);
    await recomputeThreads(database.db);
    await recomputeEligibility(database.db);
    const after = await rows();
    expect(after.map((r) => [r.source_path, r.status, r.import_eligible])).toEqual([
      ['a/1-initial.xml', 'imported', false],
      ['a/2-update.xml', 'metadata_scanned', false],
      ['a/3-redelivery.xml', 'metadata_scanned', true],
    ]);
  });
});

describe('importing a redelivered thread', () => {
  it("takes the importable initial and the thread's latest delivery, initial first", async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      await db.execute(sql`INSERT INTO sources (id, name, storage_type, storage_zone) VALUES ('00000000-0000-0000-0000-0000000000a2', 'S', 'local', '/tmp/x')`);
      await db.execute(sql`INSERT INTO artist (id, name, status, is_main_artist) VALUES ('00000000-0000-0000-0000-0000000000b2', 'Approved Artist', 'approved', true)`);
      for (const [path, created] of [['b/1.xml', '2026-01-01T00:00:00Z'], ['b/2.xml', '2026-02-01T00:00:00Z'], ['b/3.xml', '2026-03-01T00:00:00Z']] as const) {
        await db.execute(sql`INSERT INTO ddex_file (source_id, source_path, thread_key, message_created_at, has_media, status)
          VALUES ('00000000-0000-0000-0000-0000000000a2', ${path}, 'T2', ${created}, true, 'metadata_scanned')`);
      }
      await db.execute(sql`INSERT INTO ddex_file_artist (ddex_file_id, artist_id) SELECT id, '00000000-0000-0000-0000-0000000000b2' FROM ddex_file`);
      await recomputeThreads(db);
      await recomputeEligibility(db);
      const eligible = (await db.execute<{ id: string }>(sql`SELECT id FROM ddex_file WHERE import_eligible`)).rows.map((r) => r.id);
      const ids = await importableFileIds(db, eligible);
      const paths = (await db.execute<{ id: string; source_path: string }>(sql`SELECT id, source_path FROM ddex_file`)).rows;
      expect(ids.map((id) => paths.find((p) => p.id === id)!.source_path)).toEqual(['b/1.xml', 'b/3.xml']);
    } finally {
      await database.cleanup();
    }
  });
});
