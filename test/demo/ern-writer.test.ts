import { beforeAll, describe, expect, it } from 'vitest';
import { generateBulkDeliveries, generateDemoDeliveries, memoryWriter, type DemoManifest } from '@/features/demo';
import {
  writeBatchManifest,
  writeNewReleaseMessage,
  writePurgeReleaseMessage,
  type NewReleaseMessageSpec,
} from '@/features/demo/ern-writer';
import { gs1CheckDigit, isValidGrid, isValidGtin, isoDuration, makeGrid, makeIsrc, makeUpc } from '@/features/demo/ids';
import { escapeAttribute, escapeText } from '@/features/demo/xml';
import { HAVE_XSDS, child, decode, descendants, parseXml, textOf, validateAgainstXsd } from './support';

const NOW = new Date('2026-05-04T10:00:00.000Z');

function sampleSpec(version: '3.8.2' | '4.3'): NewReleaseMessageSpec {
  return {
    version,
    messageId: 'MSG-1',
    threadId: 'THREAD-1',
    createdAt: new Date('2026-01-02T03:04:05Z'),
    sender: { partyId: 'PADPIDA2018050301K', name: 'Dijkstra & Zonen <Platen> "NL"' },
    recipient: { partyId: 'PADPIDA2024011501R', name: 'Demo' },
    release: {
      upc: makeUpc('87201934', 4242),
      catalogNumber: 'DKP999',
      title: 'Rock & Roll <Live> "Deluxe"',
      releaseType: 'EP',
      artists: [{ name: 'Sanne Verhoef', role: 'MainArtist' }],
      label: 'Dijkstra Platen',
      genre: 'Pop',
      parentalWarning: 'NotExplicit',
      pLineYear: 2026,
      pLineCompany: 'Dijkstra Platen',
      cLineYear: 2026,
      cLineCompany: 'Dijkstra Platen',
      releaseDate: '2026-02-01',
      originalReleaseDate: '2026-02-01',
      tracks: [
        {
          isrc: makeIsrc('NL', 'D7K', 2026, 1),
          title: 'Eén & Twee',
          artists: [{ name: 'Sanne Verhoef', role: 'MainArtist' }],
          contributors: [{ name: 'Kees Blom', role: 'Producer' }],
          durationSeconds: 201,
          languageOfPerformance: 'nl',
          parentalWarning: 'NotExplicit',
          pLineYear: 2026,
          pLineCompany: 'Dijkstra Platen',
        },
      ],
    },
    deals: [{ territories: ['NL'], commercialModels: ['SubscriptionModel'], useTypes: ['OnDemandStream'], startDate: '2026-02-01' }],
  };
}

describe('identifiers', () => {
  it('computes GS1 check digits that known barcodes carry', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // 4006381333931, the textbook EAN-13
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(makeUpc('87201934', 1)).toMatch(/^87201934\d{5}$/);
    expect(isValidGtin(makeUpc('0196427', 1037))).toBe(true);
  });

  it('shapes ISRCs, GRids and durations as partners write them', () => {
    expect(makeIsrc('NL', 'D7K', 2026, 42)).toBe('NLD7K2600042');
    expect(() => makeIsrc('N1', 'D7K', 2026, 1)).toThrow(/shape/);
    const grid = makeGrid('SCHL5', 123456);
    expect(grid).toHaveLength(18);
    expect(isValidGrid(grid)).toBe(true);
    expect(isValidGrid(grid.slice(0, 17) + (grid[17] === '0' ? '1' : '0'))).toBe(false);
    expect(isoDuration(225)).toBe('PT3M45S');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
  });
});

describe('ERN writer', () => {
  it('escapes markup in text and attributes so titles with & < > " survive', () => {
    expect(escapeText('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(escapeAttribute('say "hi"\n')).toBe('say &quot;hi&quot;&#10;');
    for (const version of ['3.8.2', '4.3'] as const) {
      const doc = parseXml(writeNewReleaseMessage(sampleSpec(version)));
      expect(descendants(doc, 'TitleText').map(textOf)).toContain('Rock & Roll <Live> "Deluxe"');
      expect(textOf(descendants(doc, 'FullName')[0])).toBe('Dijkstra & Zonen <Platen> "NL"');
    }
  });

  it('refuses a spec that cannot make a valid message, naming the problem', () => {
    const noTracks = sampleSpec('3.8.2');
    noTracks.release.tracks = [];
    expect(() => writeNewReleaseMessage(noTracks)).toThrow(/MSG-1: the release has no tracks/);
    const badUpc = sampleSpec('4.3');
    badUpc.release.upc = '12AB';
    expect(() => writeNewReleaseMessage(badUpc)).toThrow(/UPC "12AB"/);
    const takedown43 = sampleSpec('4.3');
    takedown43.deals = [{ territories: ['NL'], commercialModels: [], useTypes: [], startDate: '2026-01-01', takeDown: true }];
    expect(() => writeNewReleaseMessage(takedown43)).toThrow(/PurgeReleaseMessage/);
    expect(() => writeBatchManifest({ batchId: '2026', messageId: 'x', createdAt: NOW, sender: sampleSpec('4.3').sender, recipient: sampleSpec('4.3').recipient, messages: [] })).toThrow(
      /YYYYMMDDhhmmssnnn/,
    );
  });

  it('writes a PurgeReleaseMessage that names the release by ICPN and GRid', () => {
    const xml = writePurgeReleaseMessage({ ...sampleSpec('4.3'), upc: '5410587210375', grid: makeGrid('SCHL5', 1), title: 'Gone' });
    const doc = parseXml(xml);
    expect(doc.name).toBe('PurgeReleaseMessage');
    expect(textOf(descendants(doc, 'ICPN')[0])).toBe('5410587210375');
    expect(textOf(descendants(doc, 'MessageThreadId')[0])).toBe('THREAD-1');
  });
});

describe.skipIf(!HAVE_XSDS)('XSD validity against the official DDEX schemas (../shared)', () => {
  let manifest: DemoManifest;
  let files: Map<string, Uint8Array>;

  beforeAll(async () => {
    const writer = memoryWriter();
    manifest = await generateDemoDeliveries(writer, { now: NOW });
    files = writer.files;
  });

  it('the validator rejects a broken message (so a pass means something)', async () => {
    const good = writeNewReleaseMessage(sampleSpec('3.8.2'));
    const broken = good.replace(/<MessageId>MSG-1<\/MessageId>\s*/, '');
    const outcome = await validateAgainstXsd('3.8.2', [{ name: 'broken.xml', xml: broken }]);
    expect(outcome.valid).toBe(false);
    expect(outcome.errors.join('\n')).toMatch(/MessageId|MessageSender/);
    const wrongValue = writeNewReleaseMessage(sampleSpec('4.3')).replace('<DisplayArtistRole>MainArtist<', '<DisplayArtistRole>Headliner<');
    expect((await validateAgainstXsd('4.3', [{ name: 'wrong.xml', xml: wrongValue }])).valid).toBe(false);
  });

  for (const version of ['3.8.2', '4.3'] as const) {
    it(`every demo ERN ${version} message validates, including updates and takedowns`, async () => {
      const messages = manifest.messages.filter((m) => m.ernVersion === version && !m.malformed);
      expect(messages.length).toBeGreaterThanOrEqual(12);
      const kinds = new Set(messages.map((m) => m.kind));
      expect(kinds).toContain('initial');
      expect(kinds).toContain('takedown');
      const outcome = await validateAgainstXsd(
        version,
        messages.map((m) => ({ name: m.path.replace(/\//g, '_'), xml: decode(files.get(m.path)!) })),
      );
      expect(outcome.errors).toEqual([]);
      expect(outcome.valid).toBe(true);
    });

    it(`hand-made ERN ${version} specs with escaping and without files validate`, async () => {
      const withoutFiles = sampleSpec(version);
      const withCoverOnly = { ...sampleSpec(version), release: { ...sampleSpec(version).release, coverWithoutFile: true } };
      const purge = writePurgeReleaseMessage({ ...sampleSpec(version), upc: '8720193410371', title: 'Weg' });
      const outcome = await validateAgainstXsd(version, [
        { name: 'a.xml', xml: writeNewReleaseMessage(withoutFiles) },
        { name: 'b.xml', xml: writeNewReleaseMessage(withCoverOnly) },
        { name: 'c.xml', xml: purge },
      ]);
      expect(outcome.errors).toEqual([]);
    });
  }

  it('bulk messages of both versions validate', async () => {
    const writer = memoryWriter();
    const bulk = await generateBulkDeliveries(writer, { count: 8 });
    for (const version of ['3.8.2', '4.3'] as const) {
      const sample = bulk.deliveries.filter((d) => d.ernVersion === version);
      expect(sample.length).toBe(4);
      const outcome = await validateAgainstXsd(version, sample.map((d, i) => ({ name: `bulk${i}.xml`, xml: decode(writer.files.get(d.path)!) })));
      expect(outcome.errors).toEqual([]);
    }
  });

  it('the malformed demo file is not well-formed, with a position in the error', () => {
    const xml = decode(files.get(manifest.malformedFile.path)!);
    expect(() => parseXml(xml)).toThrow(/\d+:\d+/);
    expect(child(parseXml(decode(files.get(manifest.releases[0].path)!)), 'MessageHeader')).toBeDefined();
  });
});
