// Quirks met in real partner messages outside the shared sample corpus (label systems, distributors,
// DDEX's own profile samples as partners copy them). Each fixture is written from scratch to
// reproduce one quirk; none is a copy of the message where it was met.
import { describe, expect, it } from 'vitest';
import { detectMessageKind, summarize } from '@/ddex';
import { fixture, read, releaseOf, resourceOf } from './helpers';

const TODAY = '2025-06-01';

describe('ERN 3.7 written against the draft namespace http://ddex.net/xml/ern/37D2', () => {
  const file = 'partner-quirks/ern37D2_draft_namespace.xml';

  it('reads it as ERN 3.7 and keeps the namespace as written', () => {
    const msg = read(file);
    expect(msg.ernVersion).toBe('3.7');
    expect(msg.family).toBe(3);
    expect(msg.namespace).toBe('http://ddex.net/xml/ern/37D2');
  });

  it('gives the full summary line instead of an unknown-namespace refusal', () => {
    expect(summarize(fixture(file), { today: TODAY })).toMatchObject({
      error: null,
      ernVersion: '3.7',
      messageId: '20190304101112131',
      senderName: 'Heide Music Services',
      releaseTitle: 'Heidebloem',
      artistName: 'Saar Heijmans',
      upc: '8712345678901',
      label: 'Heide Records',
      releaseDate: '2019-03-29',
      isrcs: ['NLZ371900001'],
      durationMs: 192_000,
      territories: ['Worldwide'],
    });
  });

  it('is recognised by the scanner from the head of the file', () => {
    expect(detectMessageKind(fixture(file).subarray(0, 512))).toEqual({
      kind: 'NewReleaseMessage',
      namespace: 'http://ddex.net/xml/ern/37D2',
      ernVersion: '3.7',
    });
  });

  it('still refuses a draft suffix on a version that does not exist', () => {
    const text = fixture(file).toString('utf8').replaceAll('37D2', '39D1');
    const s = summarize(text, { today: TODAY });
    expect(s.error).toMatch(/^Unknown namespace "http:\/\/ddex\.net\/xml\/ern\/39D1"/);
  });
});

describe('ERN 4.3.1 classical album: MultiWorkPart groups and a TrackReleaseVisibility', () => {
  const file = 'partner-quirks/ern431_classical_work_groups.xml';

  it('resolves a TrackRelease pointing at a TrackReleaseVisibility instead of refusing the message', () => {
    const msg = read(file, { today: TODAY });
    const track = releaseOf(msg, 'R1');
    expect(track.isTrackRelease).toBe(true);
    // A TrackReleaseVisibility holds preview dates only: the display start falls back to the deal.
    expect(track.displayStartDate).toBe('2021-06-04');
    expect(msg.mainRelease!.displayStartDate).toBe('2021-05-21');
  });

  it('keeps works in the running order of one disc, ordered by their SequenceNumber', () => {
    const main = read(file, { today: TODAY }).mainRelease!;
    expect(main.trackList.map((t) => [t.resourceReference, t.discNumber, t.trackNumber])).toEqual([
      ['A1', 1, 1],
      ['A2', 1, 2],
      ['A3', 1, 3],
      ['A4', 1, 4],
    ]);
    expect(main.resourceReferences).toContain('A9');
  });

  it('summarises it like a full read', () => {
    expect(summarize(fixture(file), { today: TODAY })).toMatchObject({
      error: null,
      ernVersion: '4.3.1',
      releaseTitle: 'Twee Kwartetten',
      artistName: 'Amstelkwartet',
      label: 'Grachtengordel Classics',
      releaseDate: '2021-05-21',
      trackCount: 4,
      isrcs: ['NLC432100001', 'NLC432100002', 'NLC432100003', 'NLC432100004'],
      durationMs: 1_330_000,
      territories: ['BE', 'NL'],
      takedown: false,
    });
  });
});

describe('ERN 3.4.1 display artists with several ArtistRoles and composers among them', () => {
  const file = 'partner-quirks/ern341_multi_role_display_artists.xml';
  const msg = read(file, { today: TODAY });

  it('takes MainArtist as the role when it is listed after another role', () => {
    expect(resourceOf(msg, 'A1').displayArtists.map((a) => [a.name, a.role])).toEqual([
      ['Lieke Molenaar', 'MainArtist'],
      ['Joost Wieken', 'MainArtist'],
      ['Hendrik Zeilstra', 'Composer'],
      ['Orkest van de Lage Landen', 'AssociatedPerformer'],
    ]);
  });

  it('composes the display name from the main artists only, not the composers and orchestra', () => {
    expect(resourceOf(msg, 'A1').displayArtistName).toBe('Lieke Molenaar, Joost Wieken');
    expect(msg.mainRelease!.displayArtistName).toBe('Lieke Molenaar, Joost Wieken');
    expect(summarize(fixture(file), { today: TODAY }).artistName).toBe('Lieke Molenaar, Joost Wieken');
  });
});

describe('ERN 4.3 deals without ValidityPeriod, and DealTerms without a Deal around them', () => {
  const file = 'partner-quirks/ern43_deal_terms_without_wrappers.xml';
  const msg = read(file, { today: TODAY });

  it('reads StartDate and EndDate written straight into the Deal', () => {
    const own = msg.deals.filter((d) => d.releaseReference === 'R1');
    expect(own.map((d) => [d.territoriesIncluded, d.validFrom, d.validTo, d.ended])).toEqual([
      [['NL'], '2023-02-01', '2023-03-01', true],
      [['BE'], '2023-02-15', null, false],
    ]);
  });

  it('reads a ReleaseDeal whose DealTerms have no Deal element, so its release is not taken down', () => {
    const live = releaseOf(msg, 'R2');
    expect(msg.deals.filter((d) => d.releaseReference === 'R2')).toEqual([
      expect.objectContaining({ dealReference: 'D-LIVE', territoriesIncluded: ['DE'], validFrom: '2023-04-01', useTypes: ['PermanentDownload'], commercialModels: ['PayAsYouGoModel'] }),
    ]);
    expect(live.takedown).toBe(false);
  });

  it('summarises the main release with its live territories and first start date', () => {
    expect(summarize(fixture(file), { today: TODAY })).toMatchObject({
      error: null,
      releaseTitle: 'Eb en Vloed',
      releaseDate: '2023-02-01',
      territories: ['BE'],
      takedown: false,
    });
  });
});
