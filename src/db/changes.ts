/** Tables whose row changes are announced on TABLE_CHANGES_CHANNEL (migration 0002). */
export const WATCHED_TABLES = [
  'sources',
  'partner',
  'ddex_file',
  'artist',
  'scan_jobs',
  'import_jobs',
  'release',
  'resource',
  'asset',
  'delivery_jobs',
  'audio_conversion_jobs',
  'video_conversion_jobs',
  'delivery_destinations',
  'contamination_jobs',
  'user_roles',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export type TableChangeOp = 'INSERT' | 'UPDATE' | 'DELETE';

/** One notification: which row of which table changed. Integer ids (release, resource) arrive as text. */
export interface TableChange {
  table: WatchedTable;
  op: TableChangeOp;
  id: string;
}

const OPS: readonly string[] = ['INSERT', 'UPDATE', 'DELETE'];

/** Reads a table_changes payload; null for anything that is not one (never throws). */
export function parseTableChange(payload: string): TableChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { table, op, id } = value as Record<string, unknown>;
  if (typeof table !== 'string' || !(WATCHED_TABLES as readonly string[]).includes(table)) return null;
  if (typeof op !== 'string' || !OPS.includes(op)) return null;
  if (typeof id !== 'string' || id === '') return null;
  return { table: table as WatchedTable, op: op as TableChangeOp, id };
}
