import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { detectMessageKind, parseErn, summarize } from '@/ddex';
import { main } from '@/ddex/cli';
import { FIXTURES, REPO_ROOT, fixture, read } from './helpers';

const SUMMARY_FIELDS = [
  'file',
  'messageType',
  'ernVersion',
  'messageId',
  'messageThreadId',
  'messageCreatedAt',
  'senderName',
  'senderPartyId',
  'controlType',
  'releaseType',
  'releaseTitle',
  'artistName',
  'upc',
  'grid',
  'catalogNumber',
  'label',
  'releaseDate',
  'trackCount',
  'isrcs',
  'isrc',
  'durationMs',
  'territories',
  'takedown',
  'error',
];

function sink() {
  let data = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      data += chunk.toString();
      cb();
    },
  });
  return { stream, text: () => data };
}

async function cli(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(args, out.stream, err.stream);
  return { code, out: out.text(), err: err.text() };
}

describe('summary', () => {
  it('has exactly the CLI fields, with the main release\'s values', () => {
    const s = summarize(fixture('valid/ern381_double_album_nested_groups.xml'), { fileName: 'x.xml', today: '2025-01-01' });
    expect(Object.keys(s)).toEqual(SUMMARY_FIELDS);
    expect(s).toEqual({
      file: 'x.xml',
      messageType: 'NewReleaseMessage',
      ernVersion: '3.8.1',
      messageId: 'MSG-381-2CD',
      messageThreadId: 'TH-381-2CD',
      messageCreatedAt: '2017-07-07T07:07:07.000Z',
      senderName: 'Klassiek Centraal',
      senderPartyId: 'PADPIDA2017070707G',
      controlType: null,
      releaseType: 'Album',
      releaseTitle: 'Dubbel',
      artistName: 'Het Dubbelkwartet',
      upc: '871234500003',
      grid: 'A1UCASE0000000381X',
      catalogNumber: null,
      label: 'Klassiek Centraal',
      releaseDate: '2017-08-01',
      trackCount: 5,
      isrcs: ['NLC381700001', 'NLC381700002', 'NLC381700003', 'NLC381700004', 'NLC381700005'],
      isrc: 'NLC381700001',
      durationMs: 945_000,
      territories: ['Worldwide'],
      takedown: false,
      error: null,
    });
  });

  it('agrees with the full parse on every fixture', () => {
    for (const f of ['ern341_single_ernm_prefix', 'ern37_territory_variants_default_ns', 'ern41_album_partylist', 'ern42_video_single', 'ern43_two_disc_metadata_only', 'ern411_no_deal_takedown']) {
      const msg = read(`valid/${f}.xml`);
      const s = summarize(fixture(`valid/${f}.xml`), { today: '2025-06-01' });
      const main = msg.mainRelease!;
      expect(s.releaseTitle, f).toBe(main.title);
      expect(s.artistName, f).toBe(main.displayArtistName);
      expect(s.trackCount, f).toBe(main.trackList.length);
      expect(s.isrcs, f).toEqual(main.trackList.map((t) => msg.resources.find((r) => r.reference === t.resourceReference)!.identifiers.isrc));
      expect(s.takedown, f).toBe(msg.isTakedown);
    }
  });

  it('lists only territories with a deal still running, sorted', () => {
    expect(summarize(fixture('valid/ern37_territory_variants_default_ns.xml'), { today: '2025-01-01' }).territories).toEqual(['BE', 'NL']);
    expect(summarize(fixture('valid/ern37_territory_variants_default_ns.xml'), { today: '2016-06-01' }).territories).toEqual(['BE', 'NL', 'Worldwide']);
    expect(summarize(fixture('valid/ern42_video_single.xml')).territories).toEqual(['BE', 'DE', 'LU', 'NL']);
    expect(summarize(fixture('valid/ern383_takedown.xml')).territories).toEqual([]);
  });

  it('fills dates from deals when the release gives none, and pads partial dates', () => {
    expect(summarize(fixture('valid/ern42_video_single.xml')).releaseDate).toBe('2022-03-01');
    expect(summarize(fixture('valid/ern341_single_ernm_prefix.xml')).releaseDate).toBe('2013-01-01');
  });

  it('reports a refusal in error and nulls elsewhere', () => {
    const s = summarize(fixture('refused/unresolved_resource_reference.xml'), { fileName: 'bad.xml' });
    expect(Object.keys(s)).toEqual(SUMMARY_FIELDS);
    expect(s.error).toMatch(/^Unresolved reference at line 23/);
    expect(s.file).toBe('bad.xml');
    expect(s.releaseTitle).toBeNull();
    expect(s.takedown).toBeNull();
  });

  it('summarises a purge as a takedown of the named release', () => {
    const s = summarize(fixture('valid/ern432_purge.xml'));
    expect(s).toMatchObject({ messageType: 'PurgeReleaseMessage', upc: '871234500008', releaseTitle: 'Eilanden', takedown: true, trackCount: null, territories: null });
  });
});

describe('choreography messages are recognised, not read as deliveries', () => {
  it('reads a BatchComplete manifest', () => {
    const r = parseErn(fixture('choreography/BatchComplete_20240601120000000.xml'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message.kind).toBe('ManifestMessage');
    expect(r.message.ernVersion).toBeNull();
    expect(r.message.namespace).toBe('http://ddex.net/xml/ern-c/15');
    expect(r.message.releases).toEqual([]);
    expect(r.message.manifest).toEqual({
      numberOfMessages: 2,
      messages: [
        { messageId: 'MSG-A', messageType: 'NewReleaseMessage', url: '871234500008/871234500008.xml', releaseIds: ['871234500008'], hash: '5d41402abc4b2a76b9719d911017c592', hashAlgorithm: 'MD5' },
        { messageId: 'MSG-B', messageType: 'PurgeReleaseMessage', url: '871234500007/871234500007.xml', releaseIds: ['871234500007'], hash: null, hashAlgorithm: null },
      ],
    });
    const s = summarize(fixture('choreography/BatchComplete_20240601120000000.xml'));
    expect(s).toMatchObject({ messageType: 'ManifestMessage', messageId: 'MANIFEST-20240601-1', ernVersion: null, releaseTitle: null, takedown: null, error: null });
  });

  it('reads an acknowledgement as such', () => {
    const r = parseErn(fixture('choreography/ACK_871234500008.xml'));
    expect(r.ok && r.message.kind).toBe('Acknowledgement');
    expect(summarize(fixture('choreography/ACK_871234500008.xml')).messageType).toBe('FtpAcknowledgementMessage');
  });
});

describe('detectMessageKind looks at the head only', () => {
  it.each([
    ['valid/ern341_single_ernm_prefix.xml', 'NewReleaseMessage', 'http://ddex.net/xml/ern/341', '3.4.1'],
    ['valid/ern37_territory_variants_default_ns.xml', 'NewReleaseMessage', 'http://ddex.net/xml/ern/37', '3.7'],
    ['valid/ern432_purge.xml', 'PurgeReleaseMessage', 'http://ddex.net/xml/ern/432', '4.3.2'],
    ['choreography/BatchComplete_20240601120000000.xml', 'ManifestMessage', 'http://ddex.net/xml/ern-c/15', null],
    ['choreography/ACK_871234500008.xml', 'Acknowledgement', 'http://ddex.net/xml/ern-c/15', null],
    ['refused/not_ern.xml', 'other', null, null],
    ['encodings/ern41_album_partylist.utf16le.xml', 'NewReleaseMessage', 'http://ddex.net/xml/ern/41', '4.1'],
    ['encodings/ern37_territory_variants.utf16be.xml', 'NewReleaseMessage', 'http://ddex.net/xml/ern/37', '3.7'],
    ['encodings/ern383_takedown.utf8bom.xml', 'NewReleaseMessage', 'http://ddex.net/xml/ern/383', '3.8.3'],
  ])('%s is %s', (file, kind, namespace, ernVersion) => {
    const head = fixture(file).subarray(0, 4096);
    expect(detectMessageKind(head)).toEqual({ kind, namespace, ernVersion });
  });

  it('gives up cleanly on a head with no element in it', () => {
    expect(detectMessageKind('<?xml version="1.0"?><!-- only a comment')).toEqual({ kind: 'other', namespace: null, ernVersion: null });
    expect(detectMessageKind(new Uint8Array([1, 2, 3]))).toEqual({ kind: 'other', namespace: null, ernVersion: null });
  });
});

describe('command line', () => {
  it('summary prints one JSON line per file, folders expanded, refusals included', async () => {
    const { code, out } = await cli(['summary', join(FIXTURES, 'valid/ern42_video_single.xml'), join(FIXTURES, 'refused')]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ releaseTitle: 'Grachtengordel', error: null });
    expect(lines.length).toBe(11);
    expect(lines.slice(1).every((l) => typeof l.error === 'string' && l.error.length > 0)).toBe(true);
    for (const l of lines) expect(Object.keys(l)).toEqual(SUMMARY_FIELDS);
  });

  it('summary reports a missing file as that line\'s error', async () => {
    const { code, out } = await cli(['summary', join(FIXTURES, 'nope.xml')]);
    expect(code).toBe(0);
    expect(JSON.parse(out).error).toMatch(/Cannot read .*nope\.xml: no such file/);
  });

  it('parse prints the full model, and the refusal with exit 1', async () => {
    const ok = await cli(['parse', join(FIXTURES, 'valid/ern41_album_partylist.xml')]);
    expect(ok.code).toBe(0);
    const model = JSON.parse(ok.out);
    expect(model.mainRelease.title).toBe('Getijden');
    expect(model.resources).toHaveLength(3);
    const bad = await cli(['parse', join(FIXTURES, 'refused/dtd_external_entity.xml')]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).error.code).toBe('dtd_refused');
  });

  it('rejects unknown commands and options with usage', async () => {
    expect((await cli(['explode', 'x'])).code).toBe(2);
    const r = await cli(['summary', '--frobnicate', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown option --frobnicate');
  });

  it('runs as `npm run ddex -- summary FILE`', () => {
    const out = execFileSync('npm', ['run', '-s', 'ddex', '--', 'summary', join(FIXTURES, 'valid/ern383_takedown.xml')], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toMatchObject({ releaseTitle: 'Poollicht', takedown: true });
  });

  it('validate exits non-zero on errors and zero on a clean message', () => {
    const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
    const cliPath = join(REPO_ROOT, 'src/ddex/cli.ts');
    const bad = spawnSync(tsx, [cliPath, 'validate', join(FIXTURES, 'refused/unresolved_deal_reference.xml')], { encoding: 'utf8', env: { ...process.env, DDEX_XSD_DIR: '' } });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/unresolved_deal_reference\.xml:27: error: Unresolved reference at line 27/);
    const good = spawnSync(tsx, [cliPath, 'validate', join(FIXTURES, 'valid/ern42_video_single.xml')], { encoding: 'utf8', env: { ...process.env, DDEX_XSD_DIR: '' } });
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('valid');
  });
});
