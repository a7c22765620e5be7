import { describe, expect, it } from 'vitest';
import { parseErn, summarize } from '@/ddex';
import type { DdexError } from '@/ddex';
import { fixture, read } from './helpers';

function refusal(input: Uint8Array | string, opts = {}): DdexError {
  const r = parseErn(input, opts);
  if (r.ok) throw new Error('expected a refusal, the message was read');
  return r.error;
}

describe('refusals are error values a person can act on', () => {
  it('malformed XML names line and column and the offending tag', () => {
    const e = refusal(fixture('refused/malformed_mismatched_tag.xml'));
    expect(e.code).toBe('malformed_xml');
    expect(e.line).toBe(12);
    expect(e.column).toBeGreaterThan(0);
    expect(e.message).toMatch(/^Malformed XML at line 12, column \d+: closing tag <\/ReferenceTitle>/);
  });

  it('an unclosed element at the end names the element', () => {
    const e = refusal('<?xml version="1.0"?>\n<NewReleaseMessage xmlns="http://ddex.net/xml/ern/43">\n  <MessageHeader>\n');
    expect(e.code).toBe('malformed_xml');
    expect(e.message).toMatch(/unclosed tag <(MessageHeader|NewReleaseMessage)>/);
  });

  it('an undefined entity is malformed, and says which', () => {
    const e = refusal('<NewReleaseMessage xmlns="http://ddex.net/xml/ern/43"><MessageHeader><MessageId>&nbsp;</MessageId></MessageHeader></NewReleaseMessage>');
    expect(e.code).toBe('malformed_xml');
    expect(e.message).toContain('&nbsp;');
  });

  it('refuses a DTD with an external entity before parsing (no XXE)', () => {
    const e = refusal(fixture('refused/dtd_external_entity.xml'));
    expect(e.code).toBe('dtd_refused');
    expect(e.line).toBe(2);
    expect(e.message).toContain('<!ENTITY');
    expect(e.message).not.toContain('root:'); // nothing from /etc/passwd
  });

  it('refuses an entity-expansion bomb quickly, even behind a comment', () => {
    const t0 = performance.now();
    const e = refusal(fixture('refused/entity_expansion_bomb.xml'));
    expect(e.code).toBe('dtd_refused');
    expect(e.line).toBe(3);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('refuses a bare DOCTYPE too', () => {
    const e = refusal('<?xml version="1.0"?><!DOCTYPE NewReleaseMessage SYSTEM "http://example.com/ern.dtd"><NewReleaseMessage xmlns="http://ddex.net/xml/ern/43"/>');
    expect(e.code).toBe('dtd_refused');
    expect(e.message).toContain('<!DOCTYPE');
  });

  it('refuses a file above the configured size, naming both sizes', () => {
    const e = refusal(fixture('valid/ern383_takedown.xml'), { maxBytes: 1000 });
    expect(e.code).toBe('too_large');
    expect(e.message).toMatch(/above the 0\.0 MB limit|above the .* limit/);
    expect(parseErn(fixture('valid/ern383_takedown.xml'), { maxBytes: 100_000 }).ok).toBe(true);
  });

  it.each([
    ['refused/unresolved_resource_reference.xml', 23, 'ReleaseResourceReference "A7" names no resource'],
    ['refused/unresolved_deal_reference.xml', 27, 'DealReleaseReference "R9" names no release'],
    ['refused/unresolved_party_reference.xml', 18, 'ArtistPartyReference "PNobody" names no Party'],
  ])('refuses %s and names the reference and its line', (file, line, text) => {
    const e = refusal(fixture(file));
    expect(e.code).toBe('unresolved_reference');
    expect(e.line).toBe(line);
    expect(e.message).toBe(`Unresolved reference at line ${line}: ${text}${e.message.slice(e.message.indexOf(text) + text.length)}`);
  });

  it('an unknown namespace is named, never guessed', () => {
    const e = refusal(fixture('refused/unknown_namespace.xml'));
    expect(e.code).toBe('unknown_namespace');
    expect(e.message).toContain('"http://ddex.net/xml/ern/99"');
  });

  it('a message without any namespace is refused unless it declares its schema version', () => {
    expect(refusal(fixture('refused/no_namespace.xml')).code).toBe('unknown_namespace');
    const declared = parseErn('<NewReleaseMessage MessageSchemaVersionId="ern/382"><MessageHeader><MessageId>X</MessageId></MessageHeader></NewReleaseMessage>');
    expect(declared.ok && declared.message.ernVersion).toBe('3.8.2');
  });

  it('a document that is not ERN says what it is', () => {
    const e = refusal(fixture('refused/not_ern.xml'));
    expect(e.code).toBe('not_ern');
    expect(e.message).toContain('<rss>');
  });

  it('an ERN message kind we do not import is unsupported, by name', () => {
    const e = refusal(fixture('refused/catalog_list_message.xml'));
    expect(e.code).toBe('unsupported_message');
    expect(e.message).toContain('CatalogListMessage');
  });

  it('empty input and garbage never throw', () => {
    expect(refusal(new Uint8Array(0)).code).toBe('malformed_xml');
    expect(refusal('just text').code).toBe('malformed_xml');
    expect(() => summarize(new Uint8Array([0xff, 0x00, 0x12]))).not.toThrow();
    expect(summarize(new Uint8Array([0x00, 0x01])).error).toBeTruthy();
  });
});

describe('encodings as partners send them', () => {
  it('reads UTF-16 little-endian with a byte-order mark', () => {
    const m = read('encodings/ern41_album_partylist.utf16le.xml');
    const orig = read('valid/ern41_album_partylist.xml');
    expect(m.mainRelease!.title).toBe('Getijden');
    expect(m.parties.find((p) => p.reference === 'PArtist')!.namesByLanguage['ja-Kana']).toBe('フェンナ・フォス');
    expect({ ...m, mainRelease: null }).toEqual({ ...orig, mainRelease: null });
  });

  it('reads UTF-16 big-endian with a byte-order mark', () => {
    const m = read('encodings/ern37_territory_variants.utf16be.xml');
    expect(m.mainRelease!.title).toBe('Noordzee');
    expect(m.resources[0].byTerritory[0].displayArtistName).toBe('Sanne et les Tempêtes');
  });

  it('reads UTF-8 with a byte-order mark', () => {
    expect(read('encodings/ern383_takedown.utf8bom.xml').mainRelease!.title).toBe('Poollicht');
  });

  it('reads the encoding the XML declaration names (ISO-8859-1)', () => {
    expect(read('encodings/ern35_metadata_only.latin1.xml').mainRelease!.label).toBe('Grachten Geluid Café');
  });

  it('reads UTF-16 without a byte-order mark when the bytes show it', () => {
    const text = fixture('valid/ern383_takedown.xml').toString('utf8').replace('UTF-8', 'UTF-16');
    const r = parseErn(Buffer.from(text, 'utf16le'));
    expect(r.ok && r.message.mainRelease!.title).toBe('Poollicht');
  });

  it('refuses bytes that are not UTF-8 when nothing else is declared, naming the line', () => {
    const good = fixture('valid/ern383_takedown.xml');
    const at = good.indexOf('Poollicht');
    const bad = Buffer.concat([good.subarray(0, at), Buffer.from([0xe9, 0x41]), good.subarray(at)]);
    const e = refusal(bad);
    expect(e.code).toBe('encoding');
    expect(e.message).toMatch(/not valid UTF-8 \(invalid byte at line \d+\)/);
    expect(e.line).toBe(good.subarray(0, at).toString('utf8').split('\n').length);
  });

  it('refuses an encoding it cannot decode, by name', () => {
    const e = refusal(Buffer.from('<?xml version="1.0" encoding="EBCDIC-XYZ"?><a/>'));
    expect(e.code).toBe('encoding');
    expect(e.message).toContain('"ebcdic-xyz"');
  });
});

describe('nothing crashes', () => {
  it('every truncation of a real-shaped message is a malformed_xml refusal, never an exception', () => {
    const whole = fixture('valid/ern41_album_partylist.xml');
    for (let cut = 50; cut < whole.length - 30; cut += 97) {
      const r = parseErn(whole.subarray(0, cut));
      expect(r.ok, `cut at ${cut}`).toBe(false);
      if (!r.ok) expect(['malformed_xml', 'encoding']).toContain(r.error.code);
    }
  });

  it('corrupted bytes give an error value or a message, never an exception', () => {
    const whole = fixture('valid/ern381_double_album_nested_groups.xml');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 200; i++) {
      const copy = Buffer.from(whole);
      for (let k = 0; k < 3; k++) copy[next() % copy.length] = next() % 256;
      expect(() => parseErn(copy)).not.toThrow();
      expect(() => summarize(copy)).not.toThrow();
    }
  });
});
