import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validateErn } from '@/ddex';
import { FIXTURES, SHARED_SAMPLES, SHARED_XSD, fixture, hasSharedSamples, hasSharedXsd } from './helpers';

const MINI_XSD = join(FIXTURES, 'xsd-mini');

describe('structural checks (no schemas)', () => {
  it('a clean message has no findings', async () => {
    expect(await validateErn(fixture('valid/ern42_video_single.xml'), { xsdDir: '' })).toEqual([]);
  });

  it('a refusal is one error finding with its line', async () => {
    const f = await validateErn(fixture('refused/malformed_mismatched_tag.xml'), { xsdDir: '' });
    expect(f).toEqual([expect.objectContaining({ severity: 'error', line: 12, source: 'xml' })]);
    expect(f[0].message).toMatch(/^Malformed XML at line 12/);
  });

  it('an unresolved reference is a structural error naming it', async () => {
    const f = await validateErn(fixture('refused/unresolved_party_reference.xml'), { xsdDir: '' });
    expect(f).toEqual([expect.objectContaining({ severity: 'error', line: 18, source: 'structure', message: expect.stringContaining('"PNobody"') })]);
  });

  it('flags a missing header field, a release without identifier and duplicate references', async () => {
    const xml = fixture('valid/ern42_video_single.xml')
      .toString('utf8')
      .replace('<MessageCreatedDateTime>2022-02-22T22:22:22Z</MessageCreatedDateTime>', '<MessageCreatedDateTime>last tuesday</MessageCreatedDateTime>')
      .replace('<ReleaseId><GRid>A1NLH0000000422V</GRid></ReleaseId>', '')
      .replace('</ResourceList>', '<Image><ResourceReference>A1</ResourceReference><Type>FrontCoverImage</Type></Image></ResourceList>');
    const f = await validateErn(xml, { xsdDir: '' });
    const messages = f.filter((x) => x.severity === 'error').map((x) => x.message);
    expect(messages).toContain('MessageCreatedDateTime "last tuesday" is not an ISO 8601 date-time');
    expect(messages.some((m) => /Main release R0 has no identifier/.test(m))).toBe(true);
    expect(messages.some((m) => /ResourceReference "A1" is used by more than one resource/.test(m))).toBe(true);
  });

  it('warns, without failing, about an ERN 4 release that has no deal', async () => {
    const f = await validateErn(fixture('valid/ern411_no_deal_takedown.xml'), { xsdDir: '' });
    expect(f.every((x) => x.severity === 'warning')).toBe(true);
    expect(f.some((x) => /takes the release down/.test(x.message))).toBe(true);
  });
});

describe('XSD validation with a WebAssembly libxml2', () => {
  it('validates against the schema of the message\'s version, resolving its relative import', async () => {
    expect(await validateErn(fixture('valid/ern43_two_disc_metadata_only.xml'), { xsdDir: MINI_XSD })).toEqual([]);
  });

  it('reports each schema error with its line', async () => {
    const xml = fixture('valid/ern43_two_disc_metadata_only.xml').toString('utf8').replace('<MessageControlType>LiveMessage</MessageControlType>', '<MessageControlType>PartyMessage</MessageControlType>');
    const f = await validateErn(xml, { xsdDir: MINI_XSD });
    const xsd = f.filter((x) => x.source === 'xsd');
    expect(xsd).toHaveLength(1);
    const line = xml.slice(0, xml.indexOf('PartyMessage')).split('\n').length;
    expect(xsd[0]).toMatchObject({ severity: 'error', line });
    expect(xsd[0].message).toMatch(/^XSD \(ERN 4\.3\): .*MessageControlType.*PartyMessage/);
  });

  it('validates a UTF-16 message (handed to libxml2 as UTF-8)', async () => {
    const text = fixture('valid/ern43_two_disc_metadata_only.xml').toString('utf8').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await validateErn(utf16, { xsdDir: MINI_XSD })).toEqual([]);
  });

  it('says so when the folder has no schema for the version, and still runs the structural checks', async () => {
    const f = await validateErn(fixture('valid/ern42_video_single.xml'), { xsdDir: MINI_XSD });
    expect(f).toEqual([expect.objectContaining({ severity: 'warning', source: 'xsd', message: expect.stringContaining('No XSD for ERN 4.2') })]);
  });

  it('takes the folder from DDEX_XSD_DIR when no option is given', async () => {
    const before = process.env.DDEX_XSD_DIR;
    process.env.DDEX_XSD_DIR = MINI_XSD;
    try {
      const xml = fixture('valid/ern43_two_disc_metadata_only.xml').toString('utf8').replace('<MessageId>MSG-43-2CD-2</MessageId>', '');
      const f = await validateErn(xml);
      expect(f.some((x) => x.source === 'xsd' && /MessageSender/.test(x.message))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.DDEX_XSD_DIR;
      else process.env.DDEX_XSD_DIR = before;
    }
  });
});

describe.skipIf(!hasSharedSamples || !hasSharedXsd)('DDEX\'s official schemas on the shared samples', () => {
  it('finds the one schema-invalid sample, at the line DDEX\'s schema gives, and passes the others', async () => {
    const results: Record<string, string[]> = {};
    for (const dir of readdirSync(SHARED_SAMPLES)) {
      if (dir.endsWith('.tsv')) continue;
      for (const f of readdirSync(join(SHARED_SAMPLES, dir))) {
        const real = await validateErn(readFileSync(join(SHARED_SAMPLES, dir, f)), { xsdDir: SHARED_XSD });
        results[`${dir}/${f}`] = real.filter((x) => x.severity === 'error').map((x) => `${x.line}: ${x.message}`);
      }
    }
    expect(results['ern382/dealTypes.xml'].length).toBeGreaterThan(0);
    expect(results['ern382/dealTypes.xml'][0]).toMatch(/^527: XSD \(ERN 3\.8\.2\): .*'Conditions'/);
    for (const [file, errors] of Object.entries(results)) {
      if (file !== 'ern382/dealTypes.xml') expect(errors, file).toEqual([]);
    }
  }, 120_000);
});
