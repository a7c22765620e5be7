/** HTTP byte ranges (RFC 9110 14.1.2), the subset audio and video players send. */

export type RangeRequest =
  /** No Range header, or one we may ignore (several ranges, another unit, bad syntax): send it all. */
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  /** Syntactically fine but outside the object: 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * Resolves a Range header against an object of `size` bytes. Multi-range requests are answered
 * whole, which RFC 9110 allows, rather than with multipart/byteranges that no player needs.
 */
export function resolveRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };

  if (first === '') {
    // Suffix: the last n bytes.
    const length = Number(last);
    if (!Number.isSafeInteger(length) || length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }

  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', start, end: size - 1 };
  const end = Number(last);
  if (!Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** Does an If-None-Match header match this ETag (weak comparison, as for GET)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === wanted);
}
