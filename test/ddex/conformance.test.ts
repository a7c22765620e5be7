// Conformance over the real messages in ../shared/ddex/samples (present on developer machines and
// CI, absent on a user's machine: then this file skips). Every expected value below was read by
// hand from the XML file it belongs to, not from the engine's output.

import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseErn, summarize } from '@/ddex';
import type { ErnMessage, Summary } from '@/ddex';
import { SHARED_SAMPLES, hasSharedSamples } from './helpers';

const TODAY = '2025-06-01';

function load(rel: string): { msg: ErnMessage; summary: Summary } {
  const bytes = readFileSync(join(SHARED_SAMPLES, rel));
  const r = parseErn(bytes, { today: TODAY });
  if (!r.ok) throw new Error(`${rel}: ${r.error.message}`);
  return { msg: r.message, summary: summarize(bytes, { today: TODAY, fileName: rel }) };
}

const EXPECTED: Record<string, Partial<Summary>> = {
  'ern35/AudioSingle_10.xml': {
    messageType: 'NewReleaseMessage',
    ernVersion: '3.5',
    messageId: '058AF4F5-4B2B-4fb4-A677-D360350D5013',
    senderName: 'Iron Crown Music',
    senderPartyId: 'PADPIDA0000000001A',
    controlType: 'TestMessage',
    releaseType: 'Single',
    releaseTitle: 'Can you feel ...the Monkey Claw!',
    artistName: 'Monkey Claw',
    grid: 'A1UCASE0000000001X',
    label: 'Iron Crown Music',
    trackCount: 1,
    isrcs: ['CASE00000001'],
    durationMs: (13 * 60 + 31) * 1000,
    territories: [],
    takedown: false,
    error: null,
  },
  'ern382/001_audioalbum_complete.xml': {
    ernVersion: '3.8.2',
    messageCreatedAt: '2012-12-11T15:50:00.000Z',
    senderPartyId: 'DPID_OF_THE_SENDER',
    releaseType: 'Album',
    releaseTitle: 'A Monkey Claw in a Velvet Glove',
    artistName: 'Monkey Claw',
    grid: 'A1UCASE0000000401X',
    label: 'Iron Crown Music',
    trackCount: 6,
    isrcs: ['CASE00000001', 'CASE00000002', 'CASE00000003', 'CASE00000004', 'CASE00000005', 'CASE00000006'],
    takedown: false,
  },
  'ern382/017_purged_release.xml': {
    messageType: 'PurgeReleaseMessage',
    messageId: '56779846',
    messageThreadId: '16687354369',
    senderName: 'Sender',
    controlType: 'TestMessage',
    releaseTitle: 'Whoa',
    upc: '7665431654967',
    grid: 'AxxxxxxxxxxxZ',
    catalogNumber: '46567987654',
    takedown: true,
  },
  'ern382/01_delivery.xml': {
    messageId: 'MessageID5678',
    messageThreadId: 'UniqueThreadID1234',
    messageCreatedAt: '2024-04-01T05:00:00.000Z',
    senderName: 'Label Name',
    senderPartyId: 'PADPIDA1234567890',
    releaseTitle: 'Example Album',
    artistName: 'DJ Theo',
    grid: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0',
    label: 'Iron Crown Music',
    releaseDate: '2010-01-01',
    trackCount: 1,
    isrc: 'USRC12345678',
    durationMs: 225_000,
    territories: ['Worldwide'],
    takedown: false,
  },
  'ern382/02_update.xml': { messageCreatedAt: '2024-04-01T06:00:00.000Z', releaseTitle: 'Example Album', isrc: 'USRC12345678', takedown: false },
  'ern382/03_delete.xml': { messageType: 'PurgeReleaseMessage', messageId: 'MessageID5680', grid: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0', takedown: true },
  'ern382/04_no_deal.xml': { messageCreatedAt: '2024-04-05T09:00:00.000Z', territories: [], takedown: true },
  'ern382/Profile_SingleResourceRelease.xml': {
    releaseType: 'SingleResourceRelease',
    releaseTitle: 'Can you feel ...the Monkey Claw!',
    artistName: 'Monkey Claw',
    grid: '1234567890098',
    releaseDate: '2010-01-01',
    isrcs: ['CASE00000001'],
    durationMs: (13 * 60 + 31) * 1000,
    territories: ['Worldwide'],
  },
  'ern382/dealTypes.xml': { releaseType: 'Album', releaseTitle: 'A Monkey Claw in a Velvet Glove', upc: '721620118165', takedown: false },
  'ern411/2_Video.xml': {
    ernVersion: '4.1.1',
    messageId: 'test1',
    releaseType: 'VideoAlbum',
    releaseTitle: 'La Première Fois (Video)',
    artistName: 'Lolita Jolie',
    upc: '05099962136853',
    label: 'Capitol Records',
    trackCount: 2,
    durationMs: (3 * 60 + 10 + 3 * 60 + 26) * 1000,
    territories: ['AT', 'CH', 'DE'],
    takedown: false,
  },
  'ern42/4_SimpleAudioSingle.xml': {
    ernVersion: '4.2',
    controlType: 'LiveMessage',
    senderName: 'Warner Music Group',
    releaseType: 'SingleResourceRelease',
    releaseTitle: 'RIOPY: I Love You',
    artistName: 'RIOPY',
    upc: null, // the ICPN in the file belongs to a RelatedRelease
    grid: 'A10302B0003989564F',
    label: 'Warner Classics',
    trackCount: 1,
    takedown: false,
  },
  'ern43/1_Audio.xml': {
    ernVersion: '4.3',
    messageId: 'Test1.1',
    messageThreadId: 'Test1',
    messageCreatedAt: '2014-09-24T13:57:25.000Z',
    senderName: 'UniversalMusicGroup',
    releaseType: 'Album',
    releaseTitle: 'Yume no Hajmari',
    artistName: 'Saeko Shu',
    upc: '00094631432057',
    label: 'EMI MUSIC JAPAN INC.',
    trackCount: 21,
    isrc: 'JPTO09404900',
    territories: ['JP'],
    takedown: false,
  },
  'ern43/2_Video.xml': { ernVersion: '4.3', releaseType: 'VideoAlbum', upc: '05099962136853', label: 'Capitol Records', trackCount: 2, territories: ['AT', 'CH', 'DE'] },
  'ern43/4_SimpleAudioSingle.xml': { ernVersion: '4.3', releaseTitle: 'RIOPY: I Love You', grid: 'A10302B0003989564F', label: 'Warner Classics', trackCount: 1 },
  'ern43/5_SimpleVideoSingle.xml': { releaseTitle: 'Been Waiting', artistName: 'Ash', grid: 'A10302B0003662026S', label: 'WM South Africa', trackCount: 1, territories: ['ZA'] },
  'ern43/8_DjMix.xml': { releaseType: 'DjMix', releaseTitle: 'MMix', artistName: 'Monkey Claw', upc: '123123123123', label: 'DubSetMedia', trackCount: 1, isrc: 'USWE34255410' },
  'ern43/ERN_PurgeReleaseMessage_example.xml': { messageType: 'PurgeReleaseMessage', ernVersion: '4.3', messageId: 'MSG12345-01', senderName: 'Example Sender', grid: 'G123456789012345', takedown: true },
};

describe.skipIf(!hasSharedSamples)('conformance over the shared real samples', () => {
  const files = hasSharedSamples
    ? readdirSync(SHARED_SAMPLES)
        .filter((d) => !d.endsWith('.tsv'))
        .flatMap((d) => readdirSync(join(SHARED_SAMPLES, d)).map((f) => `${d}/${f}`))
    : [];

  it('every sample reads, and every sample has hand-checked expectations', () => {
    for (const f of files) {
      expect(load(f).summary.error, f).toBeNull();
      expect(EXPECTED[f], `no expectations written for ${f}`).toBeDefined();
    }
  });

  it.each(Object.keys(EXPECTED))('%s: key values match the XML', (file) => {
    expect(load(file).summary).toMatchObject(EXPECTED[file]);
  });

  it('a 3.x territory variant keeps the MX artist apart from the default', () => {
    const { msg } = load('ern35/AudioSingle_10.xml');
    expect(msg.header.updateIndicator).toBe('UpdateMessage');
    expect(msg.mainRelease!.byTerritory).toEqual([expect.objectContaining({ territories: ['MX'], displayArtistName: 'Monkey Claw (UK)' })]);
    expect(msg.mainRelease!.originalReleaseDate).toBe('1955-01-01');
    expect(msg.mainRelease!.resourceReferences).toEqual(['A1', 'A2']);
  });

  it('reads 3.8.2 technical details and file paths of a real delivery', () => {
    const { msg } = load('ern382/01_delivery.xml');
    const a1 = msg.resources.find((r) => r.reference === 'A1')!;
    expect(a1.technicalDetails[0]).toMatchObject({ codec: 'FLAC', channels: 2, samplingRateHz: 44_100, bitsPerSample: 16, isPreview: false });
    expect(a1.files[0]).toMatchObject({ path: 'resources/SoundRecording_001_001.flac', provided: true });
    expect(a1.rightsControllers[0]).toMatchObject({ name: 'Robert Louis', role: 'RightsController' });
    expect(a1.genre).toBe('Folk');
    const cover = msg.resources.find((r) => r.reference === 'A2')!;
    expect(cover.technicalDetails[0]).toMatchObject({ width: 2000, height: 2000 });
    const { msg: update } = load('ern382/02_update.xml');
    expect(update.resources[0].title).toBe('Updated Example Song');
  });

  it('reads the 3.8.2 album with its six TrackReleases and indirect contributors', () => {
    const { msg } = load('ern382/001_audioalbum_complete.xml');
    expect(msg.releases).toHaveLength(7);
    expect(msg.releases.filter((r) => r.isTrackRelease)).toHaveLength(6);
    const a1 = msg.resources.find((r) => r.reference === 'A1')!;
    expect(a1.identifiers.iswc).toBe('T1234567890');
    expect(a1.contributors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Steve Albino', role: 'Producer', direct: true }),
        expect.objectContaining({ name: 'Bob Black', role: 'Composer', direct: false }),
      ]),
    );
  });

  it('lists every one of the ~240 territories of a real deal, sorted', () => {
    const { summary } = load('ern42/4_SimpleAudioSingle.xml');
    expect(summary.territories).toHaveLength(249);
    expect(summary.territories).toEqual([...summary.territories!].sort());
    expect(summary.territories).toContain('NL');
  });

  it('resolves 4.3 PartyList names and multi-script names', () => {
    const { msg } = load('ern43/1_Audio.xml');
    expect(msg.parties.find((p) => p.reference === 'PSaekoShu')!.namesByLanguage['ja-Jpan']).toBe('しゅうさえこ');
    expect(msg.releases).toHaveLength(22);
    expect(msg.mainRelease!.trackList[20]).toMatchObject({ resourceReference: 'A21', discNumber: 1, trackNumber: 21 });
    expect(msg.resources.find((r) => r.reference === 'A22')!.kind).toBe('image');
  });

  it('keeps a 4.3 video\'s screen captures out of the track list', () => {
    const { msg } = load('ern43/2_Video.xml');
    expect(msg.mainRelease!.trackList.map((t) => t.resourceReference)).toEqual(['A1', 'A2']);
    expect(msg.mainRelease!.resourceReferences).toEqual(['A1', 'A4', 'A2', 'A5', 'A3']);
    expect(msg.resources.find((r) => r.reference === 'A1')!.kind).toBe('video');
  });
});
