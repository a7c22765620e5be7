// Readers for the value formats partners write: ISO 8601 durations and dates, booleans, numbers.
// They never throw; an unreadable value becomes null so one odd field does not sink a message.

/** ISO 8601 duration (PT3M25S, PT0H3M25.500S, P0DT1H, PT225S) or clock time (00:03:25) → ms. */
export function parseDurationMs(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const s = raw.trim();
  if (s.length === 0) return null;
  if (s.charCodeAt(0) === 80 /* P */ || s.charCodeAt(0) === 112 /* p */) return parseIsoDuration(s);
  if (s.indexOf(':') > 0) return parseClock(s);
  // A bare number is read as seconds: some feeds write Duration as "205".
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : null;
}

function parseIsoDuration(s: string): number | null {
  let total = 0;
  let inTime = false;
  let num = '';
  let sawUnit = false;
  for (let i = 1; i < s.length; i++) {
    const c = s[i].toUpperCase();
    if (c === 'T') {
      if (num !== '') return null;
      inTime = true;
      continue;
    }
    if ((c >= '0' && c <= '9') || c === '.' || c === ',') {
      num += c === ',' ? '.' : c;
      continue;
    }
    if (num === '') return null;
    const v = Number(num);
    if (!Number.isFinite(v)) return null;
    num = '';
    sawUnit = true;
    if (!inTime) {
      if (c === 'Y') total += v * 365 * 86400;
      else if (c === 'M') total += v * 30 * 86400;
      else if (c === 'W') total += v * 7 * 86400;
      else if (c === 'D') total += v * 86400;
      else return null;
    } else {
      if (c === 'H') total += v * 3600;
      else if (c === 'M') total += v * 60;
      else if (c === 'S') total += v;
      else return null;
    }
  }
  if (num !== '' || !sawUnit) return null;
  return Math.round(total * 1000);
}

function parseClock(s: string): number | null {
  const parts = s.split(':');
  if (parts.length < 2 || parts.length > 3) return null;
  let total = 0;
  for (const p of parts) {
    const v = Number(p);
    if (p.trim() === '' || !Number.isFinite(v) || v < 0) return null;
    total = total * 60 + v;
  }
  return Math.round(total * 1000);
}

function isDigits(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * A date as partners write it (YYYY, YYYY-MM, YYYY-MM-DD, or a date-time) → YYYY-MM-DD.
 * A year alone becomes YYYY-01-01 and a month YYYY-MM-01, so every date sorts and stores alike.
 */
export function normalizeDate(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const s = raw.trim();
  if (s.length < 4 || !isDigits(s, 0, 4)) return null;
  const year = s.slice(0, 4);
  if (s.length === 4) return `${year}-01-01`;
  if (s[4] !== '-') return s.length === 8 && isDigits(s, 0, 8) ? `${year}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null;
  if (s.length < 7 || !isDigits(s, 5, 7)) return null;
  const month = Number(s.slice(5, 7));
  if (month < 1 || month > 12) return null;
  if (s.length === 7) return `${year}-${s.slice(5, 7)}-01`;
  if (s[7] !== '-' || s.length < 10 || !isDigits(s, 8, 10)) return null;
  const day = Number(s.slice(8, 10));
  if (day < 1 || day > 31) return null;
  return s.slice(0, 10);
}

/** A date-time → ISO 8601 in UTC. A time without a zone is read as UTC; a bare date as midnight UTC. */
export function normalizeDateTime(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  let s = raw.trim();
  if (s.length === 0) return null;
  if (s.length === 10 && normalizeDate(s) === s) s += 'T00:00:00Z';
  else if (s.length >= 19 && s[10] === 'T' && !/(Z|[+-]\d\d:?\d\d)$/i.test(s)) s += 'Z';
  const t = Date.parse(s);
  if (Number.isNaN(t)) return null;
  return new Date(t).toISOString();
}

export function parseBool(raw: string | null | undefined): boolean | null {
  if (raw == null) return null;
  const s = raw.trim().toLowerCase();
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  return null;
}

export function parseNumber(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const s = raw.trim();
  if (s.length === 0) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

export function parseInteger(raw: string | null | undefined): number | null {
  const n = parseNumber(raw);
  return n === null ? null : Math.trunc(n);
}

/** Sampling rate with its UnitOfMeasure (Hz, kHz, MHz) → Hz. Without a unit, small values are kHz. */
export function samplingRateHz(raw: string | null, unit: string | null | undefined): number | null {
  const v = parseNumber(raw);
  if (v === null) return null;
  const u = (unit ?? '').trim().toLowerCase();
  if (u === 'khz') return Math.round(v * 1000);
  if (u === 'mhz') return Math.round(v * 1_000_000);
  if (u === 'hz') return Math.round(v);
  return v < 1000 ? Math.round(v * 1000) : Math.round(v);
}

/** Bit rate with its UnitOfMeasure (bps, kbps, Mbps, Gbps) → kbps. Without a unit, kbps (the DDEX default). */
export function bitrateKbps(raw: string | null, unit: string | null | undefined): number | null {
  const v = parseNumber(raw);
  if (v === null) return null;
  const u = (unit ?? '').trim().toLowerCase();
  if (u === 'bps') return v / 1000;
  if (u === 'mbps') return v * 1000;
  if (u === 'gbps') return v * 1_000_000;
  return v;
}
