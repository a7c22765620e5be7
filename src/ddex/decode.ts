// Bytes → text as partners send them: BOM sniffing (UTF-8, UTF-16LE/BE), then the encoding the
// XML declaration names. Also the pre-parse refusals: size, and any DTD or entity declaration.

import type { DdexError } from './types';

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export type DecodeResult = { ok: true; text: string; encoding: string } | { ok: false; error: DdexError };

const ENCODING_ALIASES: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8', // ASCII is a subset of UTF-8; decoding it strictly as UTF-8 is right
  ascii: 'utf-8',
  'iso-8859-1': 'latin1',
  'iso8859-1': 'latin1',
  'iso_8859-1': 'latin1',
  latin1: 'latin1',
  'latin-1': 'latin1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'utf-16': 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
};

function utf16be(bytes: Uint8Array, from: number): string {
  // Swap to little-endian on a copy: the input belongs to the caller.
  const copy = Buffer.from(bytes.subarray(from));
  if (copy.length % 2 === 1) throw new RangeError('odd length');
  copy.swap16();
  return new TextDecoder('utf-16le', { fatal: true }).decode(copy);
}

function declaredEncoding(bytes: Uint8Array): string | null {
  // The declaration is ASCII whatever the encoding (for ASCII-compatible ones), within the first bytes.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 256)).toString('latin1');
  if (!head.startsWith('<?xml')) return null;
  const end = head.indexOf('?>');
  const decl = end > 0 ? head.slice(0, end) : head;
  const m = /encoding\s*=\s*["']([^"']+)["']/.exec(decl);
  return m ? m[1].trim().toLowerCase() : null;
}

export function decodeXml(input: Uint8Array | string, maxBytes = DEFAULT_MAX_BYTES): DecodeResult {
  if (typeof input === 'string') {
    // A string is already text; its length in UTF-16 units bounds its UTF-8 size from below.
    if (input.length > maxBytes) return tooLarge(input.length, maxBytes);
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    return { ok: true, text, encoding: 'string' };
  }
  const bytes = input;
  if (bytes.length > maxBytes) return tooLarge(bytes.length, maxBytes);
  if (bytes.length === 0) return { ok: false, error: { code: 'malformed_xml', message: 'The file is empty: no XML to read' } };
  try {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)), encoding: 'utf-8' };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      return { ok: true, text: new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2)), encoding: 'utf-16le' };
    }
    if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      return { ok: true, text: utf16be(bytes, 2), encoding: 'utf-16be' };
    }
    // UTF-16 without a byte-order mark still shows itself by the zero bytes around "<?".
    if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) {
      return { ok: true, text: new TextDecoder('utf-16le', { fatal: true }).decode(bytes), encoding: 'utf-16le' };
    }
    if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) {
      return { ok: true, text: utf16be(bytes, 0), encoding: 'utf-16be' };
    }
  } catch {
    return { ok: false, error: { code: 'encoding', message: 'The file is not valid UTF-16 although it starts like UTF-16 (truncated or corrupt bytes)' } };
  }
  const declared = declaredEncoding(bytes);
  const label = declared === null ? 'utf-8' : ENCODING_ALIASES[declared];
  if (label === undefined) {
    return { ok: false, error: { code: 'encoding', message: `Unsupported encoding "${declared}" named in the XML declaration (supported: UTF-8, UTF-16, ISO-8859-1, windows-1252)` } };
  }
  if (label.startsWith('utf-16')) {
    return { ok: false, error: { code: 'encoding', message: `The XML declaration says ${declared} but the file has no UTF-16 byte-order mark and its bytes are not UTF-16` } };
  }
  try {
    const text = label === 'utf-8' ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : new TextDecoder(label).decode(bytes);
    return { ok: true, text, encoding: label };
  } catch {
    const where = firstInvalidUtf8(bytes);
    return {
      ok: false,
      error: {
        code: 'encoding',
        message: `The file is not valid UTF-8${where ? ` (invalid byte at line ${where.line})` : ''}${declared ? '' : ' and its XML declaration names no other encoding'}: re-save it as UTF-8 or declare its real encoding`,
        line: where?.line,
      },
    };
  }
}

function tooLarge(size: number, max: number): DecodeResult {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return { ok: false, error: { code: 'too_large', message: `The file is ${mb(size)}, above the ${mb(max)} limit for one message` } };
}

function firstInvalidUtf8(bytes: Uint8Array): { line: number } | null {
  let line = 1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) line++;
    if (b < 0x80) continue;
    const len = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (len === 0) return { line };
    for (let k = 1; k < len; k++) {
      if ((bytes[i + k] & 0xc0) !== 0x80) return { line };
    }
    i += len - 1;
  }
  return null;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Refuses a DTD or an entity declaration before any parser sees the text, so nothing can be
 * expanded or fetched. Both may only stand in the prolog, so only the prolog is scanned.
 */
export function refuseDtd(text: string): DdexError | null {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
      continue;
    }
    if (c !== 0x3c /* < */) return null;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return null;
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return null;
      i = end + 3;
      continue;
    }
    const upper = text.slice(i, i + 9).toUpperCase();
    if (upper === '<!DOCTYPE' || upper.startsWith('<!ENTITY')) {
      const hasEntity = text.indexOf('<!ENTITY', i) >= 0;
      return {
        code: 'dtd_refused',
        message: `Refused: the message contains ${hasEntity ? 'an entity declaration (<!ENTITY)' : 'a DTD (<!DOCTYPE)'} at line ${lineAt(text, i)}; DTDs and entities are not accepted in ERN messages (XXE and entity-expansion risk)`,
        line: lineAt(text, i),
      };
    }
    return null;
  }
  return null;
}
