import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts for the dashboard without counting millions of rows per request: triggers on
 * release and resource (migration 'dashboard_counters') append one delta row per statement, and
 * a counter's value is the sum of its deltas. Appending instead of updating one row keeps
 * concurrent imports from queueing on a hot row; the dashboard folds the deltas of a counter
 * into one row now and then. Counters: 'release_listed' (releases other than TrackRelease),
 * 'resource'.
 */
export const rowCountDelta = pgTable(
  'row_count_delta',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    counter: text('counter').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (table) => [index('row_count_delta_counter_idx').on(table.counter)],
);

export const ROW_COUNTERS = ['release_listed', 'resource'] as const;
export type RowCounter = (typeof ROW_COUNTERS)[number];
