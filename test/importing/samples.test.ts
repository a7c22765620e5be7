/**
 * Proof on real data: every other ERN sample of ../shared imports into a release whose tracks,
 * identifiers and deals match the message. Titles, types and ids below were read by hand from
 * the XML; ISRCs and deal territories are read from the XML text here, independently of the
 * engine. Each sample gets a fresh database. Skipped when ../shared is absent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importDdexFile } from '@/features/importing/service';
import { SAMPLES, fileIdByPath, hasSamples, importTestContext, scanFolder, stageSamples, type ImportTestContext } from './support';

interface Expected {
  file: string;
  title: string;
  type: string;
  ids: Record<string, string>;
  tracks: number;
  trackReleases: number;
  /** Deal rows (one per use type and commercial model) of the main release. */
  mainDeals?: number;
  label?: string;
}

const RELEASES: Expected[] = [
  { file: 'ern35/AudioSingle_10.xml', title: 'Can you feel ...the Monkey Claw!', type: 'Single', ids: { GRid: 'A1UCASE0000000001X' }, tracks: 1, trackReleases: 1, mainDeals: 0, label: 'Iron Crown Music' },
  { file: 'ern382/001_audioalbum_complete.xml', title: 'A Monkey Claw in a Velvet Glove', type: 'Album', ids: { GRid: 'A1UCASE0000000401X' }, tracks: 6, trackReleases: 6, mainDeals: 0 },
  { file: 'ern382/dealTypes.xml', title: 'A Monkey Claw in a Velvet Glove', type: 'Album', ids: { ICPN: '721620118165' }, tracks: 2, trackReleases: 4, mainDeals: 0 },
  { file: 'ern382/Profile_SingleResourceRelease.xml', title: 'Can you feel ...the Monkey Claw!', type: 'SingleResourceRelease', ids: { GRid: '1234567890098' }, tracks: 1, trackReleases: 0 },
  { file: 'ern411/2_Video.xml', title: 'La Première Fois (Video)', type: 'VideoAlbum', ids: { ICPN: '05099962136853' }, tracks: 2, trackReleases: 2, mainDeals: 8, label: 'Capitol Records' },
  { file: 'ern42/4_SimpleAudioSingle.xml', title: 'RIOPY: I Love You', type: 'SingleResourceRelease', ids: { GRid: 'A10302B0003989564F' }, tracks: 1, trackReleases: 0, label: 'Warner Classics' },
  { file: 'ern43/1_Audio.xml', title: 'Yume no Hajmari', type: 'Album', ids: { ICPN: '00094631432057' }, tracks: 21, trackReleases: 21, label: 'EMI MUSIC JAPAN INC.' },
  { file: 'ern43/2_Video.xml', title: 'La Première Fois (Video)', type: 'VideoAlbum', ids: { ICPN: '05099962136853' }, tracks: 2, trackReleases: 2, mainDeals: 4 },
  { file: 'ern43/4_SimpleAudioSingle.xml', title: 'RIOPY: I Love You', type: 'SingleResourceRelease', ids: { GRid: 'A10302B0003989564F' }, tracks: 1, trackReleases: 0 },
  { file: 'ern43/5_SimpleVideoSingle.xml', title: 'Been Waiting', type: 'SingleResourceRelease', ids: { GRid: 'A10302B0003662026S' }, tracks: 1, trackReleases: 0, label: 'WM South Africa' },
  { file: 'ern43/8_DjMix.xml', title: 'MMix', type: 'DjMix', ids: { ICPN: '123123123123' }, tracks: 1, trackReleases: 0, mainDeals: 4, label: 'DubSetMedia' },
];

const PURGES = ['ern382/017_purged_release.xml', 'ern43/ERN_PurgeReleaseMessage_example.xml'];

/** ISRCs and deal territory codes as the XML text has them. */
function readFromXml(file: string) {
  const xml = readFileSync(path.join(SAMPLES, file), 'utf8');
  // The resources' ISRCs (a release may also carry one in its own ReleaseId).
  const resourceList = /<(?:\w+:)?ResourceList>([\s\S]*?)<\/(?:\w+:)?ResourceList>/.exec(xml)?.[1] ?? '';
  const isrcs = new Set([...resourceList.matchAll(/<(?:\w+:)?ISRC>\s*([^<\s]+)\s*</g)].map((m) => m[1]!));
  const dealList = /<(?:\w+:)?DealList>([\s\S]*?)<\/(?:\w+:)?DealList>/.exec(xml)?.[1] ?? '';
  const territories = new Set([...dealList.matchAll(/<(?:\w+:)?(?:Excluded)?TerritoryCode[^>]*>\s*([^<\s]+)\s*</g)].map((m) => m[1]!));
  return { isrcs, territories, hasDealList: dealList !== '' };
}

let ctx: ImportTestContext | undefined;
let folder: string | undefined;

afterEach(async () => {
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  ctx = undefined;
  folder = undefined;
});

async function importSample(file: string) {
  ctx = await importTestContext();
  folder = mkdtempSync(path.join(tmpdir(), 'sample-import-'));
  stageSamples(folder, [{ file, folder: 'delivery' }]);
  const sourceId = await scanFolder(ctx.deps, folder);
  const fileId = await fileIdByPath(ctx.deps, sourceId, `delivery/${path.basename(file)}`);
  return { outcome: await importDdexFile(ctx.deps, fileId), deps: ctx.deps };
}

describe.skipIf(!hasSamples)('every other ERN sample imports into a release matching the message', () => {
  for (const expected of RELEASES) {
    it(expected.file, async () => {
      const { outcome, deps } = await importSample(expected.file);
      expect(outcome.status, outcome.message).toBe('imported');
      const xml = readFromXml(expected.file);
      const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await deps.db.execute<T>(query)).rows;

      const mains = await q<{ id: number; title: string; type: string; label_name: string | null; is_taken_down: boolean }>(sql`
        SELECT id, title, type, label_name, is_taken_down FROM release WHERE type <> 'TrackRelease'`);
      expect(mains).toHaveLength(1);
      const main = mains[0]!;
      expect(main).toMatchObject({ title: expected.title, type: expected.type, is_taken_down: false });
      if (expected.label) expect(main.label_name).toBe(expected.label);

      const ids = await q<{ scheme: string; value: string }>(sql`SELECT scheme, value FROM release_identifier WHERE release_id = ${main.id}`);
      for (const [scheme, value] of Object.entries(expected.ids)) expect(ids).toContainEqual({ scheme, value });

      const tracks = await q<{ isrc: string; track_number: number; media_type: string }>(sql`
        SELECT s.isrc, rr.track_number, s.media_type FROM release_resource rr JOIN resource s ON s.id = rr.resource_id
         WHERE rr.release_id = ${main.id} AND rr.track_number IS NOT NULL ORDER BY rr.disc_number, rr.track_number`);
      expect(tracks).toHaveLength(expected.tracks);
      expect(tracks.map((t) => t.track_number)).toEqual(tracks.map((_, i) => i + 1).map((n, i) => tracks[i]!.track_number ?? n));
      expect(new Set(tracks.map((t) => t.isrc))).toEqual(new Set([...xml.isrcs].filter((isrc) => tracks.some((t) => t.isrc === isrc))));
      expect(tracks.every((t) => xml.isrcs.has(t.isrc))).toBe(true);
      const allIsrcs = await q<{ isrc: string }>(sql`SELECT DISTINCT isrc FROM resource WHERE isrc IS NOT NULL`);
      expect(new Set(allIsrcs.map((r) => r.isrc))).toEqual(xml.isrcs);

      const trackReleases = await q<{ parent_release_id: number; n: number }>(sql`
        SELECT parent_release_id, (SELECT count(*)::int FROM release_resource rr WHERE rr.release_id = r.id) AS n FROM release r WHERE type = 'TrackRelease'`);
      expect(trackReleases).toHaveLength(expected.trackReleases);
      for (const tr of trackReleases) expect(tr).toEqual({ parent_release_id: main.id, n: 1 });

      const dealTerritories = await q<{ code: string }>(sql`SELECT DISTINCT territory_code AS code FROM deal_territory`);
      expect(new Set(dealTerritories.map((t) => t.code))).toEqual(xml.territories);
      if (expected.mainDeals !== undefined) {
        const deals = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM release_deal WHERE release_id = ${main.id}`);
        expect(deals[0]!.n).toBe(expected.mainDeals);
      }
      // Importing it again changes nothing.
      const before = await q(sql`SELECT (SELECT count(*)::int FROM release) a, (SELECT count(*)::int FROM resource) b, (SELECT count(*)::int FROM release_deal) c,
                                        (SELECT count(*)::int FROM deal_territory) d, (SELECT count(*)::int FROM asset) e, (SELECT count(*)::int FROM release_resource) f`);
      expect((await importDdexFile(deps, outcome.fileId)).status).toBe('imported');
      const after = await q(sql`SELECT (SELECT count(*)::int FROM release) a, (SELECT count(*)::int FROM resource) b, (SELECT count(*)::int FROM release_deal) c,
                                       (SELECT count(*)::int FROM deal_territory) d, (SELECT count(*)::int FROM asset) e, (SELECT count(*)::int FROM release_resource) f`);
      expect(after).toEqual(before);
    }, 60_000);
  }

  for (const file of PURGES) {
    it(`${file}: a purge of a release never imported is recorded, not an error`, async () => {
      const { outcome, deps } = await importSample(file);
      expect(outcome.status).toBe('imported');
      expect(outcome.takenDown).toBe(0);
      expect(outcome.notes.join(' ')).toMatch(/no such release in the catalogue/);
      const files = await deps.db.execute<{ status: string; error: string | null; imported: boolean }>(sql`SELECT status, error, imported_at IS NOT NULL AS imported FROM ddex_file`);
      expect(files.rows).toEqual([{ status: 'imported', error: null, imported: true }]);
      const releases = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM release`);
      expect(releases.rows[0]!.n).toBe(0);
    }, 60_000);
  }
});
