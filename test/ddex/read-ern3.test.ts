import { describe, expect, it } from 'vitest';
import { read, releaseOf, resourceOf } from './helpers';

describe('ERN 3.4.1 single with the ernm: prefix', () => {
  const msg = read('valid/ern341_single_ernm_prefix.xml');

  it('reads the header: ids, sender, every recipient, control type, update indicator', () => {
    expect(msg.kind).toBe('NewReleaseMessage');
    expect(msg.ernVersion).toBe('3.4.1');
    expect(msg.family).toBe(3);
    expect(msg.namespace).toBe('http://ddex.net/xml/ern/341');
    expect(msg.header.messageId).toBe('MSG-341-0001');
    expect(msg.header.threadId).toBe('TH-341-0001');
    expect(msg.header.sender).toEqual({ partyId: 'PADPIDA2011010101A', name: 'Polder Records' });
    expect(msg.header.recipients.map((r) => r.name)).toEqual(['First Shop', 'Second Shop']);
    expect(msg.header.createdAt).toBe('2013-05-06T08:09:10.000Z');
    expect(msg.header.controlType).toBe('LiveMessage');
    expect(msg.header.updateIndicator).toBe('OriginalMessage');
  });

  it('takes the UserDefinedValue of a UserDefined release type and keeps the declared one', () => {
    const main = msg.mainRelease!;
    expect(main.type).toBe('Maxi');
    expect(main.declaredType).toBe('UserDefined');
    expect(main.isMain).toBe(true);
  });

  it('reads release identifiers, lines and dates given as a year or a month', () => {
    const main = msg.mainRelease!;
    expect(main.identifiers.icpn).toBe('8712345000013');
    expect(main.identifiers.ean).toBe('8712345000013');
    expect(main.identifiers.catalogNumber).toBe('POLDER-001');
    expect(main.pLine).toEqual({ year: 2013, text: '(P) 2013 Polder Records' });
    expect(main.cLine).toEqual({ year: 2013, text: '(C) 2013 Polder Records' });
    expect(main.releaseDate).toBe('2013-01-01');
    expect(main.originalReleaseDate).toBe('2013-05-01');
  });

  it('composes the display artist from DisplayArtist when DisplayArtistName is missing, in sequence order', () => {
    const track = resourceOf(msg, 'A1');
    expect(track.displayArtists.map((a) => [a.sequence, a.name, a.role])).toEqual([
      [1, 'De Polderband', 'MainArtist'],
      [2, 'Mees Kroon', 'FeaturedArtist'],
    ]);
    expect(track.displayArtistName).toBe('De Polderband');
    expect(msg.mainRelease!.displayArtistName).toBe('De Polderband');
  });

  it('reads contributors, direct and indirect, with instrument and sequence', () => {
    const c = resourceOf(msg, 'A1').contributors;
    expect(c).toEqual([
      expect.objectContaining({ name: 'Anouk Smit', role: 'Producer', direct: true, instrument: null, sequence: 1 }),
      expect.objectContaining({ name: 'Lotte de Vries', role: 'Composer', direct: false, sequence: 1 }),
      expect.objectContaining({ name: 'Joost Bakker', role: 'Musician', direct: true, instrument: 'Guitar', sequence: 2 }),
    ]);
  });

  it('reads the recording: ISRC, proprietary id, duration with fractions, language, rights, technical details, file and hash', () => {
    const t = resourceOf(msg, 'A1');
    expect(t.kind).toBe('sound_recording');
    expect(t.type).toBe('MusicalWorkSoundRecording');
    expect(t.identifiers.isrc).toBe('NLA341300001');
    expect(t.identifiers.proprietary).toEqual([{ namespace: 'PADPIDA2011010101A', value: 'TRK-1' }]);
    expect(t.title).toBe('Dijk en Duin');
    expect(t.subtitle).toBe('Radio Edit');
    expect(t.durationMs).toBe(205_500);
    expect(t.languagesOfPerformance).toEqual(['nl']);
    expect(t.genre).toBe('Pop');
    expect(t.subGenre).toBe('Nederpop');
    expect(t.rightsControllers).toEqual([
      expect.objectContaining({ name: 'Polder Records B.V.', role: 'RightsController', rightSharePercentage: 100, territories: ['Worldwide'] }),
    ]);
    expect(t.technicalDetails[0]).toMatchObject({ codec: 'PCM', bitrateKbps: 1411, samplingRateHz: 44_100, channels: 2, bitsPerSample: 16, isPreview: false });
    expect(t.files).toEqual([
      {
        path: 'resources/NLA341300001.wav',
        uri: null,
        hashAlgorithm: 'MD5',
        hash: '0cc175b9c0f1b6a831c399e269772661',
        size: null,
        provided: true,
        isPreview: false,
        technicalReference: 'T1',
      },
    ]);
  });

  it('keeps the cover image out of the track list but in the release resources', () => {
    const main = msg.mainRelease!;
    expect(main.trackList.map((t) => t.resourceReference)).toEqual(['A1']);
    expect(main.resourceReferences).toEqual(['A1', 'A2']);
    const cover = resourceOf(msg, 'A2');
    expect(cover.kind).toBe('image');
    expect(cover.type).toBe('FrontCoverImage');
    expect(cover.technicalDetails[0]).toMatchObject({ codec: 'JPEG', width: 1400, height: 1400 });
    expect(cover.files[0].path).toBe('resources/cover.jpg');
  });

  it('reads an excluded-territories deal as Worldwide minus those territories, with its price tier', () => {
    expect(msg.deals).toEqual([
      expect.objectContaining({
        releaseReference: 'R0',
        useTypes: ['PermanentDownload'],
        commercialModels: ['PayAsYouGoModel'],
        territoriesIncluded: [],
        territoriesExcluded: ['US', 'CA'],
        validFrom: '2013-06-01',
        validTo: null,
        takedown: false,
        priceTier: 'MidPrice',
      }),
    ]);
    expect(msg.mainRelease!.displayStartDate).toBe('2013-06-01');
    expect(msg.isTakedown).toBe(false);
    expect(msg.isMetadataOnly).toBe(false);
  });
});

describe('ERN 3.7 in the default namespace, with territory variants', () => {
  const msg = read('valid/ern37_territory_variants_default_ns.xml');
  const main = msg.mainRelease!;

  it('displays the Worldwide variant even when another territory comes first', () => {
    expect(msg.ernVersion).toBe('3.7');
    expect(main.title).toBe('Noordzee');
    expect(main.displayArtistName).toBe('Sanne & de Stormen');
    expect(main.label).toBe('Lage Landen Muziek');
    expect(main.genre).toBe('Folk');
    expect(main.subGenre).toBe('Indie Folk');
    expect(main.releaseDate).toBe('2016-03-11');
    expect(main.originalReleaseDate).toBe('2015-12-01');
  });

  it('keeps the other variants for screens that show them', () => {
    expect(main.byTerritory).toEqual([
      expect.objectContaining({ territories: ['NL'], title: 'Noordzee (NL-editie)', displayArtistName: 'Sanne en de Stormen', label: null, genre: 'Nederlandstalig', releaseDate: '2016-03-04' }),
    ]);
  });

  it('treats an "everywhere except" variant as the default and keeps the excluded territory\'s own', () => {
    const t = resourceOf(msg, 'A1');
    expect(t.title).toBe('Regen & Wind <live>'); // CDATA, unescaped
    expect(t.displayArtistName).toBe('Sanne & de Stormen'); // entity decoded, whitespace trimmed
    expect(t.byTerritory).toEqual([expect.objectContaining({ territories: ['BE'], title: 'Pluie et Vent', displayArtistName: 'Sanne et les Tempêtes' })]);
    expect(t.technicalDetails[0]).toMatchObject({ codec: 'FLAC', samplingRateHz: 48_000 });
  });

  it('reads an empty element as absent and a missing Duration as null', () => {
    const t = resourceOf(msg, 'A2');
    expect(t.label).toBeNull();
    expect(t.durationMs).toBeNull();
    expect(main.durationMs).toBe(240_000);
  });

  it('trims whitespace around header values', () => {
    expect(msg.header.threadId).toBe('TH-37-7');
    expect(msg.header.updateIndicator).toBe('UpdateMessage');
  });

  it('marks an ended deal and takes the display start from ReleaseDisplayStartDate', () => {
    const ended = msg.deals.find((d) => d.dealReference === 'D-WW-ENDED')!;
    expect(ended).toMatchObject({ validTo: '2017-03-11', ended: true, takedown: false });
    const running = msg.deals.find((d) => d.dealReference === 'D-NL')!;
    expect(running).toMatchObject({ ended: false, territoriesIncluded: ['NL', 'BE'], useTypes: ['OnDemandStream', 'NonInteractiveStream'], displayStartDate: '2016-03-01' });
    expect(main.displayStartDate).toBe('2016-03-01');
    expect(main.takedown).toBe(false);
  });

  it('decides "ended" against the given day', () => {
    const before = read('valid/ern37_territory_variants_default_ns.xml', { today: '2017-01-01' });
    expect(before.deals.find((d) => d.dealReference === 'D-WW-ENDED')!.ended).toBe(false);
  });
});

describe('ERN 3.8.1 double album with nested resource groups', () => {
  const msg = read('valid/ern381_double_album_nested_groups.xml');
  const main = msg.mainRelease!;

  it('numbers discs from the groups and tracks within each disc, in SequenceNumber order', () => {
    expect(main.trackList.map((t) => [t.resourceReference, t.discNumber, t.trackNumber, t.sequence, t.groupTitle])).toEqual([
      ['A1', 1, 1, 1, 'CD 1'],
      ['A2', 1, 2, 2, 'CD 1'],
      ['A3', 2, 1, 3, 'CD 2'],
      ['A4', 2, 2, 4, 'CD 2'],
      ['A5', 2, 3, 5, 'CD 2'],
    ]);
  });

  it('sums the tracks for a release without its own Duration', () => {
    expect(main.durationMs).toBe((180 + 150 + 300 + 60 + 255) * 1000);
  });

  it('reads a TrackRelease as such, and both share the deal', () => {
    const tr = releaseOf(msg, 'R3');
    expect(tr.isTrackRelease).toBe(true);
    expect(tr.isMain).toBe(false);
    expect(tr.identifiers.isrc).toBe('NLC381700003');
    expect(tr.trackList.map((t) => t.resourceReference)).toEqual(['A3']);
    expect(msg.deals.map((d) => d.releaseReference)).toEqual(['R0', 'R3']);
    expect(main.identifiers.grid).toBe('A1UCASE0000000381X');
  });
});

describe('takedowns and metadata-only updates in 3.x', () => {
  it('a deal with TakeDown true takes the release down', () => {
    const msg = read('valid/ern383_takedown.xml');
    expect(msg.ernVersion).toBe('3.8.3');
    expect(msg.deals[0].takedown).toBe(true);
    expect(msg.mainRelease!.takedown).toBe(true);
    expect(msg.isTakedown).toBe(true);
    expect(msg.header.createdAt).toBe('2019-01-02T03:04:05.678Z');
  });

  it('a 3.x message without DealList and without files is a metadata-only update, not a takedown', () => {
    const msg = read('valid/ern35_metadata_only_update.xml');
    expect(msg.ernVersion).toBe('3.5');
    expect(msg.dealListAbsent).toBe(true);
    expect(msg.deals).toEqual([]);
    expect(msg.isTakedown).toBe(false);
    expect(msg.isMetadataOnly).toBe(true);
    const t = resourceOf(msg, 'A1');
    expect(t.files).toEqual([]);
    expect(t.technicalDetails[0]).toMatchObject({ codec: 'MP3', bitrateKbps: 320 });
    expect(msg.mainRelease!.subtitle).toBe('Remastered');
  });
});
