import { describe, expect, it } from 'vitest';
import { parseErn } from '@/ddex';
import { fixture, read, releaseOf, resourceOf } from './helpers';

describe('ERN 4.1 album with a PartyList', () => {
  const msg = read('valid/ern41_album_partylist.xml');
  const main = msg.mainRelease!;

  it('reads the header with SentOnBehalfOf and converts the creation time to UTC', () => {
    expect(msg.ernVersion).toBe('4.1');
    expect(msg.family).toBe(4);
    expect(msg.header.sentOnBehalfOf).toEqual({ partyId: 'PADPIDA2019090910N', name: 'Dijkgraaf Label Services' });
    expect(msg.header.createdAt).toBe('2020-02-01T04:30:00.000Z');
    expect(msg.header.createdAtRaw).toBe('2020-01-31T23:30:00-05:00');
    expect(msg.header.controlType).toBe('TestMessage');
    expect(msg.header.updateIndicator).toBeNull();
  });

  it('reads parties with ids and names in other scripts', () => {
    const artist = msg.parties.find((p) => p.reference === 'PArtist')!;
    expect(artist).toMatchObject({ name: 'Fenna Vos', isni: '0000000123456789', namesByLanguage: { 'ja-Kana': 'フェンナ・フォス' } });
    expect(msg.parties.find((p) => p.reference === 'PGuitar')!.proprietaryIds).toEqual([{ namespace: 'PADPIDA2019090909M', value: 'PERSON-7' }]);
  });

  it('resolves display artists, contributors, rights controllers and labels through party references', () => {
    const t = resourceOf(msg, 'A1');
    expect(t.displayArtists).toEqual([
      { name: 'Fenna Vos', role: 'MainArtist', sequence: 1, partyId: '0000000123456789', partyReference: 'PArtist' },
      { name: 'Bram Goud', role: 'FeaturedArtist', sequence: 2, partyId: null, partyReference: 'PFeat' },
    ]);
    expect(t.contributors.map((c) => [c.name, c.role, c.instrument, c.sequence, c.direct])).toEqual([
      ['Ilse Klaver', 'Composer', null, 1, true],
      ['Ilse Klaver', 'Lyricist', null, 1, true],
      ['Ruben Staal', 'Musician', 'ElectricGuitar', 2, true],
    ]);
    expect(t.rightsControllers).toEqual([expect.objectContaining({ name: 'Dijkgraaf Music', partyReference: 'PLabel', role: 'RightsController', rightSharePercentage: 100 })]);
    expect(main.label).toBe('Dijkgraaf Music');
  });

  it('picks the default title among territory and language variants, keeping the NL one', () => {
    expect(main.title).toBe('Getijden');
    expect(main.subtitle).toBe('Deluxe');
    expect(main.byTerritory).toEqual([expect.objectContaining({ territories: ['NL'], title: 'Getijden (Nederlandse editie)', label: 'Dijkgraaf Nederland' })]);
  });

  it('reads the release: ids, lines, genre, dates, duration, parental warning', () => {
    expect(main.type).toBe('Album');
    expect(main.identifiers).toMatchObject({ icpn: '0871234500062', catalogNumber: 'DGM-041', proprietary: [{ namespace: 'PADPIDA2019090909M', value: 'REL-41' }] });
    expect(main.pLine).toEqual({ year: 2020, text: '(P) 2020 Dijkgraaf Music' });
    expect(main.cLine).toEqual({ year: 2020, text: '(C) 2020 Dijkgraaf Music' });
    expect(main.genre).toBe('Singer/Songwriter');
    expect(main.subGenre).toBe('Folk Pop');
    expect(main.releaseDate).toBe('2020-03-06');
    expect(main.originalReleaseDate).toBe('2020-03-06');
    expect(main.durationMs).toBe(341_000);
    expect(main.parentalWarning).toBe('Explicit');
  });

  it('reads 4.1 technical details with units, hashes, sizes and a preview clip', () => {
    const t = resourceOf(msg, 'A1');
    expect(t.languagesOfPerformance).toEqual(['nl', 'en']);
    expect(t.technicalDetails[0]).toMatchObject({ reference: 'T1', codec: 'FLAC', bitrateKbps: 1411, samplingRateHz: 96_000, bitsPerSample: 24, channels: 2, fileSize: 41_230_000, isPreview: false });
    expect(t.files[0]).toEqual({
      path: 'resources/NLF412000001.flac',
      uri: 'resources/NLF412000001.flac',
      hashAlgorithm: 'SHA256',
      hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      size: 41_230_000,
      provided: true,
      isPreview: false,
      technicalReference: 'T1',
    });
    expect(t.files[1]).toMatchObject({ path: 'resources/NLF412000001_preview.mp3', isPreview: true });
    expect(resourceOf(msg, 'A3').technicalDetails[0]).toMatchObject({ codec: 'PNG', width: 3000, height: 3000 });
  });

  it('lists tracks first and the linked cover after them; TrackReleases borrow their resource\'s data', () => {
    expect(main.trackList.map((t) => [t.resourceReference, t.discNumber, t.trackNumber])).toEqual([
      ['A1', 1, 1],
      ['A2', 1, 2],
    ]);
    expect(main.resourceReferences).toEqual(['A1', 'A2', 'A3']);
    const tr = releaseOf(msg, 'R1');
    expect(tr).toMatchObject({ isTrackRelease: true, type: 'TrackRelease', title: 'Eb en Vloed', displayArtistName: 'Fenna Vos feat. Bram Goud', durationMs: 221_000, label: 'Dijkgraaf Music' });
  });

  it('keeps the running deal\'s territories and marks the ended one', () => {
    const r0 = msg.deals.filter((d) => d.releaseReference === 'R0');
    expect(r0).toEqual([
      expect.objectContaining({ territoriesIncluded: ['Worldwide'], territoriesExcluded: ['US'], commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'], useTypes: ['OnDemandStream'], ended: false }),
      expect.objectContaining({ territoriesIncluded: ['US'], validTo: '2021-03-06', ended: true, priceTier: 'BUDGET' }),
    ]);
    expect(main.takedown).toBe(false);
    expect(msg.deals.filter((d) => d.releaseReference !== 'R0').map((d) => d.releaseReference)).toEqual(['R1', 'R2']);
  });
});

describe('deal order quirks', () => {
  it('reads deals written before their DealReleaseReference (out of schema order) all the same', () => {
    const xml = fixture('valid/ern42_video_single.xml')
      .toString('utf8')
      .replace('<DealReleaseReference>R0</DealReleaseReference>\n      <Deal>', '<Deal>')
      .replace('</Deal>\n    </ReleaseDeal>', '</Deal>\n      <DealReleaseReference>R0</DealReleaseReference>\n    </ReleaseDeal>');
    expect(xml.indexOf('<Deal>')).toBeLessThan(xml.indexOf('<DealReleaseReference>'));
    const r = parseErn(xml);
    expect(r.ok && r.message.deals.map((d) => [d.releaseReference, d.territoriesIncluded.length])).toEqual([['R0', 4]]);
  });
});

describe('ERN 4.1.1 without a DealList', () => {
  const msg = read('valid/ern411_no_deal_takedown.xml');

  it('takes the release down: no deal in ERN 4 means not available anywhere', () => {
    expect(msg.ernVersion).toBe('4.1.1');
    expect(msg.dealListAbsent).toBe(true);
    expect(msg.mainRelease!.takedown).toBe(true);
    expect(msg.isTakedown).toBe(true);
  });

  it('composes names from the PartyList when no DisplayArtistName is given', () => {
    expect(msg.mainRelease!.displayArtistName).toBe('Turf & Trekschuit');
    expect(resourceOf(msg, 'A1').displayArtistName).toBe('Turf & Trekschuit');
    expect(msg.mainRelease!.label).toBe('Veenland Records');
  });
});

describe('ERN 4.2 video single', () => {
  const msg = read('valid/ern42_video_single.xml');

  it('reads the video edition: ISRC, P-line, video and audio technical details, file', () => {
    const v = resourceOf(msg, 'A1');
    expect(msg.ernVersion).toBe('4.2');
    expect(v.kind).toBe('video');
    expect(v.type).toBe('ShortFormMusicalWorkVideo');
    expect(v.identifiers.isrc).toBe('NLH422200001');
    expect(v.pLine).toEqual({ year: 2022, text: '(P) 2022 Beeldklank' });
    expect(v.technicalDetails[0]).toMatchObject({ codec: 'H.264', bitrateKbps: 8000, frameRate: 25, width: 1920, height: 1080, channels: 2, samplingRateHz: 48_000, fileSize: 250_000_000 });
    expect(v.files[0]).toMatchObject({ path: 'resources/NLH422200001.mp4', hashAlgorithm: 'MD5', hash: 'd41d8cd98f00b204e9800998ecf8427e', size: 250_000_000, provided: true });
    expect(v.contributors).toEqual([expect.objectContaining({ name: 'Noor Regisseur', role: 'VideoDirector' })]);
  });

  it('counts a video as a track and reads its deal territories', () => {
    const main = msg.mainRelease!;
    expect(main.type).toBe('VideoSingle');
    expect(main.identifiers.grid).toBe('A1NLH0000000422V');
    expect(main.trackList.map((t) => t.resourceReference)).toEqual(['A1']);
    expect(msg.deals[0].territoriesIncluded).toEqual(['NL', 'BE', 'LU', 'DE']);
    expect(main.displayStartDate).toBe('2022-03-01');
  });
});

describe('ERN 4.3 two-disc metadata-only update', () => {
  const msg = read('valid/ern43_two_disc_metadata_only.xml');
  const main = msg.mainRelease!;

  it('recognises a delivery whose files are all marked as not provided', () => {
    expect(msg.ernVersion).toBe('4.3');
    expect(msg.isMetadataOnly).toBe(true);
    expect(msg.resources.every((r) => r.files.length === 1 && r.files[0].provided === false)).toBe(true);
    expect(msg.isTakedown).toBe(false);
  });

  it('numbers the two discs from nested groups', () => {
    expect(main.trackList.map((t) => [t.resourceReference, t.discNumber, t.trackNumber, t.sequence, t.groupTitle])).toEqual([
      ['A1', 1, 1, 1, 'Disc 1'],
      ['A2', 1, 2, 2, 'Disc 1'],
      ['A3', 2, 1, 3, 'Disc 2'],
    ]);
  });

  it('takes the display start from the ReleaseVisibility the release references, listed after the deals', () => {
    expect(main.displayStartDate).toBe('2023-03-20');
  });
});

describe('PurgeReleaseMessage', () => {
  it('is a takedown of the release it names (4.3.2)', () => {
    const msg = read('valid/ern432_purge.xml');
    expect(msg.kind).toBe('PurgeReleaseMessage');
    expect(msg.ernVersion).toBe('4.3.2');
    expect(msg.isTakedown).toBe(true);
    expect(msg.purgedReleaseIds).toEqual([expect.objectContaining({ icpn: '871234500008' })]);
    expect(msg.mainRelease).toMatchObject({ title: 'Eilanden', takedown: true, trackList: [] });
  });
});
