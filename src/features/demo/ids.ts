/**
 * Identifiers and small utilities for generated deliveries: a seeded PRNG (so the demo is the
 * same on every machine), GS1 check digits for UPC/EAN, ISRC and GRid shapes, MD5, timestamps.
 */
import { createHash } from 'node:crypto';

/** Deterministic 32-bit PRNG (a SplitMix-style mixer over a Weyl sequence). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 0x1_0000_0000;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('SeededRandom.pick: empty list');
    return items[Math.floor(this.next() * items.length)];
  }
}

/** GS1 check digit for the first 12 (EAN-13/UPC as GTIN-13) or 11 (UPC-A) digits. */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  if (!/^\d+$/.test(digitsWithoutCheck)) {
    throw new Error(`GS1 check digit: "${digitsWithoutCheck}" is not a string of digits`);
  }
  let sum = 0;
  // Weights alternate 3,1,3,... starting from the rightmost data digit.
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/** A 13-digit EAN/UPC from a 12-digit body: a GS1 company prefix plus an item reference. */
export function makeUpc(companyPrefix: string, itemReference: number): string {
  const itemDigits = 12 - companyPrefix.length;
  if (itemDigits < 1) throw new Error(`UPC company prefix "${companyPrefix}" leaves no room for an item reference`);
  const body = companyPrefix + String(itemReference).padStart(itemDigits, '0');
  if (body.length !== 12) throw new Error(`UPC item reference ${itemReference} does not fit in ${itemDigits} digits`);
  return body + String(gs1CheckDigit(body));
}

export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

/** ISRC without dashes: country (2), registrant (3), year (2), designation (5). */
export function makeIsrc(country: string, registrant: string, year: number, designation: number): string {
  const isrc = `${country}${registrant}${String(year % 100).padStart(2, '0')}${String(designation).padStart(5, '0')}`;
  if (!ISRC_PATTERN.test(isrc)) throw new Error(`ISRC "${isrc}" does not have the CC-XXX-YY-NNNNN shape`);
  return isrc;
}

const GRID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO 7064 MOD 37,36 check character, as GRid uses. */
export function gridCheckCharacter(body: string): string {
  let product = 36;
  for (const char of body) {
    const value = GRID_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`GRid "${body}" contains "${char}", outside 0-9 and A-Z`);
    let sum = (product + value) % 36;
    if (sum === 0) sum = 36;
    product = (sum * 2) % 37;
  }
  return GRID_ALPHABET[(37 - product) % 36];
}

/** GRid: "A1", a 5-character issuer code, a 10-character release number and a check character. */
export function makeGrid(issuerCode: string, releaseNumber: number): string {
  if (!/^[A-Z0-9]{5}$/.test(issuerCode)) throw new Error(`GRid issuer code "${issuerCode}" must be 5 characters 0-9/A-Z`);
  const body = `A1${issuerCode}${releaseNumber.toString(36).toUpperCase().padStart(10, '0')}`;
  return body + gridCheckCharacter(body);
}

export function isValidGrid(grid: string): boolean {
  if (!/^A1[A-Z0-9]{16}$/.test(grid)) return false;
  return gridCheckCharacter(grid.slice(0, 17)) === grid[17];
}

export function md5Hex(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The ERN choreography's batch id / folder timestamp: YYYYMMDDhhmmssnnn in UTC. */
export function choreographyTimestamp(date: Date): string {
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1, 2) +
    pad(date.getUTCDate(), 2) +
    pad(date.getUTCHours(), 2) +
    pad(date.getUTCMinutes(), 2) +
    pad(date.getUTCSeconds(), 2) +
    pad(date.getUTCMilliseconds(), 3)
  );
}

/** xs:dateTime in UTC with second precision, the way most partners stamp MessageCreatedDateTime. */
export function xsDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function xsDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** ISO 8601 duration in the PT#M#S form partners use for track and release durations. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `PT${hours}H${minutes}M${rest}S` : `PT${minutes}M${rest}S`;
}
