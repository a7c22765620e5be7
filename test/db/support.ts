import { sources } from '@/db/schema';
import type { AppDb } from '@/db/client';

/** The SQLSTATE of a failed query, looking through drizzle's wrapper to the driver's error. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function expectSqlState(promise: Promise<unknown>, state: string): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (caught === undefined) throw new Error(`expected SQLSTATE ${state}, but the statement succeeded`);
  const actual = sqlState(caught);
  if (actual !== state) {
    throw new Error(`expected SQLSTATE ${state}, got ${actual ?? 'none'}: ${(caught as Error).message}`);
  }
}

export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
export const FOREIGN_KEY_VIOLATION = '23503';

export async function insertSource(db: AppDb, name = 'FUGA'): Promise<string> {
  const [row] = await db
    .insert(sources)
    .values({ name, storageType: 'bunny_cdn', storageZone: `${name.toLowerCase()}-zone`, accessKey: 'cipher' })
    .returning({ id: sources.id });
  return row.id;
}
