import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';
import { sources } from './sources';

export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The resume_token value that marks a full scan (spec: "resume_token FULL_SCAN or null"). */
export const FULL_SCAN_TOKEN = 'FULL_SCAN';

// Job rows are the truth about a job (pg-boss only dispatches): a worker records progress after
// each batch, heartbeat_at while it works and locked_by (worker id), so a job whose worker died
// (stale heartbeat) is picked up again and resumes from its counters.

export const SCAN_JOB_KINDS = ['scan', 'metadata'] as const;
export type ScanJobKind = (typeof SCAN_JOB_KINDS)[number];

/** Scanning one source. Deleting the source deletes its scan history. */
export const scanJobs = pgTable(
  'scan_jobs',
  {
    id: uuidPrimaryKey(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /** Full scan: revisit everything and re-read changed files (also signalled by resume_token FULL_SCAN). */
    fullScan: boolean('full_scan').notNull().default(false),
    /** What the worker is doing now (e.g. listing, processing, metadata), beyond the spec's label. */
    phase: text('phase'),
    totalDirectories: integer('total_directories').notNull().default(0),
    processedDirectories: integer('processed_directories').notNull().default(0),
    totalFiles: integer('total_files').notNull().default(0),
    importedFiles: integer('imported_files').notNull().default(0),
    currentBatch: integer('current_batch').notNull().default(0),
    batchSize: integer('batch_size').notNull().default(100),
    /** Where listing resumes: a GCS page token, a directory cursor, or FULL_SCAN before the first batch. */
    resumeToken: text('resume_token'),
    errorMessage: text('error_message'),
    /** Things reported without failing the job, e.g. incomplete batches skipped. */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** 'scan' walks the source; 'metadata' re-reads the files of file_ids (all of the source when null). */
    kind: text('kind', { enum: SCAN_JOB_KINDS }).notNull().default('scan'),
    fileIds: uuid('file_ids').array(),
    /** Files whose metadata this job read (new or changed files; every file of a metadata job). */
    processedFiles: integer('processed_files').notNull().default(0),
    /** Files of this job that ended in status error. */
    errorFiles: integer('error_files').notNull().default(0),
    heartbeatAt: timestampTz('heartbeat_at'),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('scan_jobs_status_check', oneOf(table.status, JOB_STATUSES)),
    check('scan_jobs_kind_check', oneOf(table.kind, SCAN_JOB_KINDS)),
    index('scan_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('scan_jobs_created_at_idx').on(table.createdAt.desc()),
    index('scan_jobs_source_id_idx').on(table.sourceId),
  ],
);

export const SCAN_DIRECTORY_STATUSES = ['pending', 'done'] as const;
export type ScanDirectoryStatus = (typeof SCAN_DIRECTORY_STATUSES)[number];

/**
 * The walk frontier of one scan job: every directory it found, pending until a batch has listed it
 * and stored what it held in the same transaction. A killed worker's batch leaves its directories
 * pending, so whoever resumes the job redoes exactly that batch.
 */
export const scanJobDirectories = pgTable(
  'scan_job_directories',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => scanJobs.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    depth: integer('depth').notNull(),
    /** Batches and deliveries are processed in the order of their folder timestamp. */
    sortKey: text('sort_key').notNull(),
    status: text('status', { enum: SCAN_DIRECTORY_STATUSES }).notNull().default('pending'),
    /** A GCS/S3 listing page token when the directory has more entries than one page. */
    pageToken: text('page_token'),
    /** Batch id when the directory is inside a batch folder closed by BatchComplete_<id>.xml. */
    batchId: text('batch_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'scan_job_directories_pk', columns: [table.jobId, table.path] }),
    check('scan_job_directories_status_check', oneOf(table.status, SCAN_DIRECTORY_STATUSES)),
    index('scan_job_directories_claim_idx').on(table.jobId, table.status, table.sortKey, table.depth, table.path),
  ],
);

export interface ImportFileFailure {
  fileId: string;
  message: string;
}

/** Importing a list of ddex_file ids (file_ids), in batches. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuidPrimaryKey(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    totalFiles: integer('total_files').notNull().default(0),
    processedFiles: integer('processed_files').notNull().default(0),
    importedFiles: integer('imported_files').notNull().default(0),
    failedFiles: integer('failed_files').notNull().default(0),
    currentBatch: integer('current_batch').notNull().default(0),
    batchSize: integer('batch_size').notNull().default(50),
    /** Autopush: deliver the imported releases to every active destination when done. */
    deliverAfter: boolean('deliver_after').notNull().default(false),
    /** Who or what started it (user email, 'autopush', 'auto-import'). */
    requestedBy: text('requested_by'),
    errorMessage: text('error_message'),
    failures: jsonb('failures').$type<ImportFileFailure[]>().notNull().default([]),
    heartbeatAt: timestampTz('heartbeat_at'),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('import_jobs_status_check', oneOf(table.status, JOB_STATUSES)),
    index('import_jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('import_jobs_created_at_idx').on(table.createdAt.desc()),
  ],
);

export const CONTAMINATION_ACTIONS = ['scan', 'fix'] as const;
export type ContaminationAction = (typeof CONTAMINATION_ACTIONS)[number];

/** A contamination scan or fix run as a job that the SPA polls (check-contamination-job). */
export const contaminationJobs = pgTable(
  'contamination_jobs',
  {
    id: uuidPrimaryKey(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    action: text('action', { enum: CONTAMINATION_ACTIONS }).notNull().default('fix'),
    /** Restrict to these releases; null means all. */
    releaseIds: integer('release_ids').array(),
    trackFixes: integer('track_fixes').notNull().default(0),
    imageFixes: integer('image_fixes').notNull().default(0),
    filesReparsed: integer('files_reparsed').notNull().default(0),
    totalFilesToReparse: integer('total_files_to_reparse').notNull().default(0),
    releasesScanned: integer('releases_scanned').notNull().default(0),
    totalReleasesScanned: integer('total_releases_scanned').notNull().default(0),
    reparseErrors: integer('reparse_errors').notNull().default(0),
    errorMessage: text('error_message'),
    /** The scan's summary (total_violations, ..., unresolved_issues) and sample violations. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    requestedBy: text('requested_by'),
    heartbeatAt: timestampTz('heartbeat_at'),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    completedAt: timestampTz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('contamination_jobs_status_check', oneOf(table.status, JOB_STATUSES)),
    check('contamination_jobs_action_check', oneOf(table.action, CONTAMINATION_ACTIONS)),
    index('contamination_jobs_status_created_at_idx').on(table.status, table.createdAt),
  ],
);
