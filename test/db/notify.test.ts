import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTableChange, type TableChange } from '@/db/changes';
import { TABLE_CHANGES_CHANNEL } from '@/db/client';
import { ddexFile, release, scanJobs, userRoles, authUser } from '@/db/schema';
import { createTestDatabase, testDatabaseServerUrl, type TestDatabase } from '../helpers/db';
import { insertSource } from './support';

/** Collects table_changes events and waits for the one a test expects. */
class ChangeRecorder {
  readonly events: TableChange[] = [];
  readonly rawPayloads: string[] = [];
  private waiters: Array<() => void> = [];

  readonly onPayload = (payload: string) => {
    this.rawPayloads.push(payload);
    const change = parseTableChange(payload);
    if (!change) throw new Error(`unreadable table_changes payload: ${payload}`);
    this.events.push(change);
    for (const wake of this.waiters.splice(0)) wake();
  };

  async waitFor(match: Partial<TableChange>, timeoutMs = 5000): Promise<TableChange> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((event) =>
        Object.entries(match).every(([key, value]) => event[key as keyof TableChange] === value),
      );
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(`no table_changes event ${JSON.stringify(match)}; got ${JSON.stringify(this.events)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe('parseTableChange', () => {
  it('reads a payload and rejects what is not one', () => {
    expect(parseTableChange('{"table" : "ddex_file", "op" : "DELETE", "id" : "42"}')).toEqual({
      table: 'ddex_file',
      op: 'DELETE',
      id: '42',
    });
    expect(parseTableChange('not json')).toBeNull();
    expect(parseTableChange('{"table":"auth_session","op":"INSERT","id":"1"}')).toBeNull();
    expect(parseTableChange('{"table":"release","op":"TRUNCATE","id":"1"}')).toBeNull();
    expect(parseTableChange('{"table":"release","op":"INSERT"}')).toBeNull();
  });
});

describe(`table_changes notifications (${testDatabaseServerUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('reports insert, update and delete of a ddex_file with its id', async () => {
    const recorder = new ChangeRecorder();
    const unsubscribe = await database.listen(TABLE_CHANGES_CHANNEL, recorder.onPayload);
    try {
      const sourceId = await insertSource(database.db, 'NotifySource');
      const [file] = await database.db
        .insert(ddexFile)
        .values({ sourceId, sourcePath: 'n/n.xml' })
        .returning({ id: ddexFile.id });
      expect(await recorder.waitFor({ table: 'ddex_file', op: 'INSERT' })).toEqual({
        table: 'ddex_file',
        op: 'INSERT',
        id: file.id,
      });
      expect(await recorder.waitFor({ table: 'sources', op: 'INSERT' })).toMatchObject({ id: sourceId });

      await database.db.update(ddexFile).set({ status: 'metadata_scanned' }).where(eq(ddexFile.id, file.id));
      expect(await recorder.waitFor({ table: 'ddex_file', op: 'UPDATE' })).toMatchObject({ id: file.id });

      await database.db.delete(ddexFile).where(eq(ddexFile.id, file.id));
      expect(await recorder.waitFor({ table: 'ddex_file', op: 'DELETE' })).toMatchObject({ id: file.id });
      // The payload carries only table, op and id, so it stays far below NOTIFY's 8 KB limit.
      expect(Math.max(...recorder.rawPayloads.map((payload) => payload.length))).toBeLessThan(200);
    } finally {
      await unsubscribe();
    }
  });

  it('reports a new scan job, an integer-keyed release and a role change', async () => {
    const recorder = new ChangeRecorder();
    const unsubscribe = await database.listen(TABLE_CHANGES_CHANNEL, recorder.onPayload);
    try {
      const sourceId = await insertSource(database.db, 'ScanNotifySource');
      const [job] = await database.db.insert(scanJobs).values({ sourceId }).returning({ id: scanJobs.id });
      expect(await recorder.waitFor({ table: 'scan_jobs', op: 'INSERT' })).toEqual({
        table: 'scan_jobs',
        op: 'INSERT',
        id: job.id,
      });

      const [rel] = await database.db.insert(release).values({ title: 'Live', type: 'Single' }).returning();
      expect(await recorder.waitFor({ table: 'release', op: 'INSERT' })).toMatchObject({ id: String(rel.id) });

      await database.db.insert(authUser).values({ id: 'notify-user', name: 'N', email: 'n@example.com' });
      const [role] = await database.db.insert(userRoles).values({ userId: 'notify-user' }).returning();
      expect(await recorder.waitFor({ table: 'user_roles', op: 'INSERT' })).toMatchObject({ id: role.id });
      // Tables that are not watched stay silent.
      expect(recorder.rawPayloads.some((payload) => payload.includes('"auth_user"'))).toBe(false);
    } finally {
      await unsubscribe();
    }
  });

  it('stops delivering after unsubscribe, while other listeners keep receiving', async () => {
    const stopped = new ChangeRecorder();
    const kept = new ChangeRecorder();
    const unsubscribeStopped = await database.listen(TABLE_CHANGES_CHANNEL, stopped.onPayload);
    const unsubscribeKept = await database.listen(TABLE_CHANGES_CHANNEL, kept.onPayload);
    try {
      await unsubscribeStopped();
      const sourceId = await insertSource(database.db, 'AfterUnsubscribe');
      await kept.waitFor({ table: 'sources', op: 'INSERT', id: sourceId });
      await settle();
      expect(stopped.events).toEqual([]);
    } finally {
      await unsubscribeKept();
    }
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const recorder = new ChangeRecorder();
    const unsubscribe = await database.listen(TABLE_CHANGES_CHANNEL, recorder.onPayload);
    try {
      await database.db
        .transaction(async (tx) => {
          await tx.insert(release).values({ title: 'Never', type: 'Single' });
          tx.rollback();
        })
        .catch(() => undefined);
      const [committed] = await database.db.insert(release).values({ title: 'Committed', type: 'Single' }).returning();
      await recorder.waitFor({ table: 'release', id: String(committed.id) });
      expect(recorder.events.filter((event) => event.table === 'release')).toHaveLength(1);
    } finally {
      await unsubscribe();
    }
  });

  it.runIf(Boolean(testDatabaseServerUrl()))('PostgreSQL: the LISTEN connection comes back after it is killed', async () => {
    const recorder = new ChangeRecorder();
    const unsubscribe = await database.listen(TABLE_CHANGES_CHANNEL, recorder.onPayload);
    try {
      const killed = await database.query<{ terminated: boolean }>(
        `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
      );
      expect(killed.map((row) => row.terminated)).toContain(true);
      // Notifications sent while it reconnects are lost by design; keep inserting until one arrives.
      const deadline = Date.now() + 10_000;
      let received = false;
      while (!received && Date.now() < deadline) {
        const sourceId = await insertSource(database.db, `Reconnect${Date.now()}`);
        received = await recorder.waitFor({ table: 'sources', id: sourceId }, 500).then(
          () => true,
          () => false,
        );
      }
      expect(received).toBe(true);
    } finally {
      await unsubscribe();
    }
  });
});
