import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';

export const ARTIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ArtistStatus = (typeof ARTIST_STATUSES)[number];
export const ARTIST_TIERS = ['A', 'B', 'C', 'D'] as const;
export type ArtistTier = (typeof ARTIST_TIERS)[number];
/** The spec's three-valued screening criteria, stored as the words it uses. */
export const TRI_STATES = ['true', 'false', 'unknown'] as const;
export type TriState = (typeof TRI_STATES)[number];

/**
 * An artist to screen. Main artists are upserted by exact name from deliveries, so name is unique.
 * "Ignored" is not a status: it is always_ignore = true on top of any status.
 */
export const artist = pgTable(
  'artist',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull().unique('artist_name_unique'),
    sortName: text('sort_name'),
    status: text('status', { enum: ARTIST_STATUSES }).notNull().default('pending'),
    alwaysIgnore: boolean('always_ignore').notNull().default(false),
    autopush: boolean('autopush').notNull().default(false),
    tier: text('tier', { enum: ARTIST_TIERS }),
    isMainArtist: boolean('is_main_artist').notNull().default(false),
    beneluxRoots: text('benelux_roots', { enum: TRI_STATES }).notNull().default('unknown'),
    performsInDutch: text('performs_in_dutch', { enum: TRI_STATES }).notNull().default('unknown'),
    beneluxAudience: text('benelux_audience', { enum: TRI_STATES }).notNull().default('unknown'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    aiConfidenceScore: doublePrecision('ai_confidence_score'),
    aiReasoning: text('ai_reasoning'),
    lastReviewedAt: timestampTz('last_reviewed_at'),
    /** When screening last ran, and which screener (e.g. 'heuristic', 'llm') produced the verdict. */
    screenedAt: timestampTz('screened_at'),
    screeningSource: text('screening_source'),
    /**
     * Credited as MainArtist on at least one release: kept by a trigger on release_contributor
     * (migration 'dashboard_main_artist_flag'), so the dashboard's artist counts read one table.
     */
    hasMainRelease: boolean('has_main_release').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('artist_status_check', oneOf(table.status, ARTIST_STATUSES)),
    check('artist_tier_check', oneOf(table.tier, ARTIST_TIERS)),
    check('artist_benelux_roots_check', oneOf(table.beneluxRoots, TRI_STATES)),
    check('artist_performs_in_dutch_check', oneOf(table.performsInDutch, TRI_STATES)),
    check('artist_benelux_audience_check', oneOf(table.beneluxAudience, TRI_STATES)),
    check(
      'artist_ai_confidence_score_check',
      sql`${sql.identifier('ai_confidence_score')} BETWEEN 0 AND 1`,
    ),
    index('artist_status_name_idx').on(table.status, table.name),
    index('artist_created_at_idx').on(table.createdAt),
    index('artist_is_main_artist_idx').on(table.isMainArtist),
    index('artist_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);
