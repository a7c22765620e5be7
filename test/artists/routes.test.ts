import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { runImportJobToEnd } from '@/features/importing/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { localSource, scanSource } from '../scanning/support';

let app: TestApp;
let cookie: string;
let folder: string;
const SYNTHETIC = 30;

beforeAll(async () => {
  app = await startTestApp();
  await app.createUser('user@example.com', 'user-password-1', 'user');
  cookie = await app.signIn('user@example.com', 'user-password-1');
  folder = mkdtempSync(path.join(tmpdir(), 'artists-routes-'));
  await generateDemoDeliveries(folderWriter(folder));
  const deps = app.runtime.deps;
  const source = await localSource(deps, folder);
  const job = await scanSource(deps, source.id);
  expect(job.status).toBe('completed');
  // Enough main artists for several pages, created one after the other, and one artist that is
  // only a featured credit (not a main artist): the list never shows it.
  for (let i = 1; i <= SYNTHETIC; i++) {
    await deps.db.execute(sql`INSERT INTO artist (name, status, is_main_artist, created_at) VALUES (${`Zz Synthetic ${String(i).padStart(2, '0')}`}, 'pending', true, now() + make_interval(secs => ${i}))`);
  }
  await deps.db.execute(sql`INSERT INTO artist (name, status, is_main_artist) VALUES ('Only Featured', 'pending', false)`);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function call(pathname: string, init: { method?: string; body?: unknown } = {}) {
  const res = await app.request(pathname, { method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body), cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function idOf(name: string): Promise<string> {
  const rows = await app.runtime.deps.db.execute<{ id: string }>(sql`SELECT id FROM artist WHERE name = ${name}`);
  return rows.rows[0]!.id;
}

async function mainArtistCount(where = sql`TRUE`): Promise<number> {
  const rows = await app.runtime.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM artist WHERE is_main_artist AND ${where}`);
  return Number(rows.rows[0]!.n);
}

/** The artist's files as the DDEX Files list shows them under a display status. */
async function filesShown(artistName: string, status: string): Promise<number> {
  const r = await call(`/api/ddex-files?search=${encodeURIComponent(artistName)}&status=${status}&show_rejected=${status === 'awaiting_approval_rejected' ? 1 : 0}`);
  expect(r.status).toBe(200);
  return r.body.total;
}

describe('GET /api/artists', () => {
  test('tabs, counts, main artists only', async () => {
    const all = await mainArtistCount();
    const r = await call('/api/artists?tab=pending');
    expect(r.status).toBe(200);
    expect(r.body.counts).toEqual({ approved: 0, pending: all, rejected: 0, ignored: 0, all });
    expect(r.body.total).toBe(all);
    expect(r.body.pageSize).toBe(50);
    expect(r.body.rows.map((a: { name: string }) => a.name)).not.toContain('Only Featured');
    expect(r.body.rows.every((a: { is_main_artist: boolean }) => a.is_main_artist)).toBe(true);
    // The default tab is Approved, empty so far.
    const approved = await call('/api/artists');
    expect(approved.body.rows).toEqual([]);
    expect(approved.body.total).toBe(0);
  });

  test('pages of 25 without overlap, sorted by name or creation date both ways', async () => {
    const total = await mainArtistCount();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 25); page++) {
      const r = await call(`/api/artists?tab=all&pageSize=25&page=${page}&sort=name&dir=asc`);
      expect(r.body.rows.length).toBe(Math.min(25, total - (page - 1) * 25));
      seen.push(...r.body.rows.map((a: { name: string }) => a.name));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const desc = await call('/api/artists?tab=all&pageSize=25&sort=name&dir=desc');
    expect(desc.body.rows[0].name).toBe(seen[seen.length - 1]);

    const newest = await call('/api/artists?tab=all&pageSize=25&sort=created_at&dir=desc');
    expect(newest.body.rows[0].name).toBe(`Zz Synthetic ${SYNTHETIC}`);
    const oldest = await call(`/api/artists?tab=all&pageSize=25&sort=created_at&dir=asc&page=${Math.ceil(total / 25)}`);
    expect(oldest.body.rows.at(-1).name).toBe(`Zz Synthetic ${SYNTHETIC}`);
  });

  test('search on the name, with tab counts under the same search', async () => {
    const r = await call('/api/artists?tab=all&search=VERM');
    expect(r.body.rows.map((a: { name: string }) => a.name)).toEqual(['Lien Vermeersch']);
    expect(r.body.counts).toEqual({ approved: 0, pending: 1, rejected: 0, ignored: 0, all: 1 });
    // % and _ are literal characters, not wildcards.
    expect((await call('/api/artists?tab=all&search=%25')).body.total).toBe(0);
  });

  test('bad queries are refused with the reason', async () => {
    const size = await call('/api/artists?pageSize=30');
    expect(size.status).toBe(400);
    expect(size.body.error.message).toBe('pageSize: pageSize must be one of 25, 50, 100, 200');
    const tab = await call('/api/artists?tab=archived');
    expect(tab.status).toBe(400);
    expect(tab.body.error.message).toContain('tab must be one of approved, pending, rejected, ignored, all');
    expect((await call('/api/artists?sort=popularity')).status).toBe(400);
    expect((await call('/api/artists?dir=up')).status).toBe(400);
  });
});

describe('GET /api/artists/:id', () => {
  test('the detail with files, counts, labels and screening fields', async () => {
    const id = await idOf('Sanne Verhoef');
    const r = await call(`/api/artists/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, name: 'Sanne Verhoef', status: 'pending', autopush: false, is_main_artist: true, labels: [], releases_count: 0 });
    expect(r.body.files_count).toBe(4);
    expect(r.body.files.map((f: { release_title: string }) => f.release_title).sort()).toEqual(['Lichtjes in de Stad', 'Waar de Wind Waait', 'Zomer aan Zee', 'Zomer aan Zee']);
    expect(r.body).toHaveProperty('benelux_roots');
    expect(r.body).toHaveProperty('ai_reasoning');
  });

  test("a missing artist is 'Artist not found'", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const r = await call(`/api/artists/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('Artist not found');
    }
  });
});

describe('PATCH /api/artists/:id: status transitions', () => {
  test('pending -> approved: autopush on, reviewed, files Ready to Import at once, autopush import job from the Import service', async () => {
    const id = await idOf('Lien Vermeersch');
    expect(await filesShown('Lien Vermeersch', 'ready')).toBe(0);
    const before = Date.now();
    const r = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'approved' } });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('approved');
    expect(r.body.autopush).toBe(true);
    expect(new Date(r.body.last_reviewed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(r.body.eligibility.nowEligible).toBe(2);
    expect(await filesShown('Lien Vermeersch', 'ready')).toBe(2);

    // Autopush: an import job of exactly its eligible files, to be delivered after import.
    expect(r.body.import_job).toMatchObject({ total_files: 2 });
    const job = await app.runtime.deps.db.execute<{ requested_by: string; deliver_after: boolean; file_ids: string[]; status: string }>(
      sql`SELECT requested_by, deliver_after, file_ids, status FROM import_jobs WHERE id = ${r.body.import_job.id}`,
    );
    expect(job.rows[0]).toMatchObject({ requested_by: 'autopush', deliver_after: true, status: 'pending' });
    expect([...job.rows[0]!.file_ids].sort()).toEqual(
      r.body.files.filter((f: { import_eligible: boolean }) => f.import_eligible).map((f: { id: string }) => f.id).sort(),
    );

    // The job imports the files with the Import engineer's worker code.
    const done = await runImportJobToEnd(app.runtime.deps, r.body.import_job.id);
    expect(done).toMatchObject({ status: 'completed', imported_files: 2, failed_files: 0 });
    expect(await filesShown('Lien Vermeersch', 'imported')).toBe(2);
    const detail = await call(`/api/artists/${id}`);
    expect(detail.body.releases_count).toBe(2);
    expect(detail.body.imported_files_count).toBe(2);
  });

  test('approved -> rejected: autopush off, files back to Awaiting Approval; rejected -> approved turns autopush on again', async () => {
    const id = await idOf('Wout Declercq');
    await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'approved', autopush: false } });
    expect(await filesShown('Wout Declercq', 'ready')).toBe(2);
    const rejected = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'rejected' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', autopush: false });
    expect(rejected.body.eligibility.noLongerEligible).toBe(2);
    // Files of rejected artists show only with "Show rejected artists".
    const shown = await call(`/api/ddex-files?search=Wout%20Declercq&status=awaiting_approval&show_rejected=1`);
    expect(shown.body.total).toBe(2);

    const again = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'approved' } });
    expect(again.body).toMatchObject({ status: 'approved', autopush: true });
    expect(new Date(again.body.last_reviewed_at).getTime()).toBeGreaterThanOrEqual(new Date(rejected.body.last_reviewed_at).getTime());
  });

  test('pending -> rejected, and the refused transitions name the problem', async () => {
    const id = await idOf('Ivy Calder');
    const r = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'rejected' } });
    expect(r.body).toMatchObject({ status: 'rejected', autopush: false });
    expect(r.body.last_reviewed_at).not.toBeNull();

    const back = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'pending' } });
    expect(back.status).toBe(400);
    expect(back.body.error.message).toBe('Cannot change an artist from rejected to pending: a rejected artist can only be approved');
    const autopush = await call(`/api/artists/${id}`, { method: 'PATCH', body: { autopush: true } });
    expect(autopush.status).toBe(400);
    expect(autopush.body.error.message).toBe('Autopush cannot be on for a rejected artist: approve the artist first');
    const same = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'rejected' } });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('The artist is already rejected');

    const approvedId = await idOf('Lien Vermeersch');
    const toPending = await call(`/api/artists/${approvedId}`, { method: 'PATCH', body: { status: 'pending' } });
    expect(toPending.status).toBe(400);
    expect(toPending.body.error.message).toMatch(/^Cannot change an artist from approved to pending/);
    expect((await call(`/api/artists/${approvedId}`, { method: 'PATCH', body: { status: 'archived' } })).status).toBe(400);
    // Nothing changed on a refusal.
    expect((await call(`/api/artists/${approvedId}`)).body.status).toBe('approved');
  });

  test('ignore: only pending artists, stamped, moves to the Ignored tab; approving ends the ignore', async () => {
    const countsBefore = (await call('/api/artists?tab=all')).body.counts;
    const id = await idOf('Kaito Morishima');
    const r = await call(`/api/artists/${id}`, { method: 'PATCH', body: { always_ignore: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', always_ignore: true });
    expect(r.body.last_reviewed_at).not.toBeNull();
    const counts = (await call('/api/artists?tab=ignored')).body;
    expect(counts.counts.ignored).toBe(countsBefore.ignored + 1);
    expect(counts.counts.pending).toBe(countsBefore.pending - 1);
    expect(counts.rows.map((a: { name: string }) => a.name)).toEqual(['Kaito Morishima']);

    const approvedId = await idOf('Lien Vermeersch');
    const refused = await call(`/api/artists/${approvedId}`, { method: 'PATCH', body: { always_ignore: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Only pending artists can be ignored; this artist is approved');

    const approved = await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'approved', autopush: false } });
    expect(approved.body).toMatchObject({ status: 'approved', always_ignore: false, autopush: false });
    expect(approved.body.import_job).toBeNull();
  });

  test('the autopush switch alone; turning it on for an approved artist imports its eligible files', async () => {
    const id = await idOf('Bram Goossens');
    await call(`/api/artists/${id}`, { method: 'PATCH', body: { status: 'approved', autopush: false } });
    const on = await call(`/api/artists/${id}`, { method: 'PATCH', body: { autopush: true } });
    expect(on.body.autopush).toBe(true);
    expect(on.body.import_job).toMatchObject({ total_files: 1 });
    const off = await call(`/api/artists/${id}`, { method: 'PATCH', body: { autopush: false } });
    expect(off.body.autopush).toBe(false);
    expect(off.body.import_job).toBeNull();
  });
});

describe('PATCH /api/artists/:id: labels and tier', () => {
  test('labels: trimmed, empty ones ignored, duplicates refused', async () => {
    const id = await idOf('Teun Harmsen');
    const r = await call(`/api/artists/${id}`, { method: 'PATCH', body: { labels: ['  Nederpop ', '', '   ', 'Live act'] } });
    expect(r.status).toBe(200);
    expect(r.body.labels).toEqual(['Nederpop', 'Live act']);
    const dup = await call(`/api/artists/${id}`, { method: 'PATCH', body: { labels: ['Nederpop', 'Live act', 'nederpop'] } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toBe('Label already exists');
    expect((await call(`/api/artists/${id}`)).body.labels).toEqual(['Nederpop', 'Live act']);
    // Labels do not count as a review.
    expect(r.body.last_reviewed_at).toBeNull();
    const all = await call('/api/artists/labels');
    expect(all.body.labels).toEqual(expect.arrayContaining(['Live act', 'Nederpop']));
  });

  test('tier A to D only, and it can be cleared', async () => {
    const id = await idOf('Teun Harmsen');
    expect((await call(`/api/artists/${id}`, { method: 'PATCH', body: { tier: 'B' } })).body.tier).toBe('B');
    const bad = await call(`/api/artists/${id}`, { method: 'PATCH', body: { tier: 'E' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('tier: Tier must be one of A, B, C, D');
    expect((await call(`/api/artists/${id}`)).body.tier).toBe('B');
    expect((await call(`/api/artists/${id}`, { method: 'PATCH', body: { tier: null } })).body.tier).toBeNull();
  });

  test('unknown fields, empty bodies and missing artists are refused', async () => {
    const id = await idOf('Teun Harmsen');
    expect((await call(`/api/artists/${id}`, { method: 'PATCH', body: { name: 'Someone Else' } })).status).toBe(400);
    const empty = await call(`/api/artists/${id}`, { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^Nothing to update/);
    const missing = await call('/api/artists/00000000-0000-4000-8000-000000000000', { method: 'PATCH', body: { tier: 'A' } });
    expect(missing.status).toBe(404);
    expect((await call(`/api/artists/${id}`, { method: 'PATCH', body: { autopush: 'yes' } })).status).toBe(400);
  });
});

describe('GET /api/artists/export', () => {
  /** Splits RFC 4180 CSV into rows of fields. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        row.push(field);
        field = '';
      } else if (ch === '\r' && text[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i++;
      } else field += ch;
    }
    return rows;
  }

  test('exactly what the list shows, every page, with proper quoting', async () => {
    const deps = app.runtime.deps;
    await deps.db.execute(sql`INSERT INTO artist (name, status, is_main_artist, labels) VALUES
      ('Doe, "Junior"', 'pending', true, ARRAY['a, b', 'line
break']), ('=HYPERLINK("x")', 'pending', true, '{}')`);
    const res = await app.request('/api/artists/export?tab=pending&sort=name&dir=desc', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="artists-pending-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A UTF-8 byte-order mark first, so spreadsheets read accented names right (fetch's text() drops it).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['name', 'status', 'ignored', 'autopush', 'tier', 'benelux_roots', 'performs_in_dutch', 'benelux_audience', 'ai_confidence_score', 'labels', 'last_reviewed_at', 'created_at', 'id']);

    const listed: string[] = [];
    const total = (await call('/api/artists?tab=pending&pageSize=25')).body.total;
    for (let page = 1; page <= Math.ceil(total / 25); page++) {
      listed.push(...(await call(`/api/artists?tab=pending&pageSize=25&page=${page}&sort=name&dir=desc`)).body.rows.map((a: { name: string }) => a.name));
    }
    expect(total).toBeGreaterThan(25);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((n) => (n.startsWith('=') ? `'${n}` : n)));
    expect(rows.slice(1).every((r) => r[1] === 'pending' && r.length === 13)).toBe(true);

    const doe = rows.find((r) => r[0] === 'Doe, "Junior"')!;
    expect(doe[9]).toBe('a, b; line\nbreak');
    expect(text).toContain('"Doe, ""Junior"""');
    expect(rows.some((r) => r[0] === `'=HYPERLINK("x")`)).toBe(true);

    // Same filters as the list: a search narrows the export the same way.
    const searched = parseCsv(await (await app.request('/api/artists/export?tab=all&search=verm', { cookie })).text());
    expect(searched.slice(1).map((r) => r[0])).toEqual(['Lien Vermeersch']);
    expect(searched[1]![1]).toBe('approved');
    expect(searched[1]![3]).toBe('on');
  });
});
