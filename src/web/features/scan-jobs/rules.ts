/** The pure rules of the Scan Jobs screen (spec section 4). */

export interface ScanPhaseInput {
  status: string;
  resume_token: string | null;
  processed_directories: number | null;
  current_batch: number | null;
  /** The source's storage_type, read with the job. */
  source_storage_type: string | null;
}

/** Sources whose listing pages with a token (the spec's "cloud source"). */
const PAGED_LISTING_TYPES = new Set(['google_cloud', 's3']);
export const FULL_SCAN_TOKEN = 'FULL_SCAN';

const titleCase = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/**
 * Spec section 4: Completed, Failed or Pending by status; 'Listing directories (batch n)' for a
 * cloud source that has a resume token; 'Processing directories' once some directories are done;
 * otherwise 'Initializing'. FULL_SCAN only marks a full scan before it starts: it is not a page
 * token, so it does not count as listing.
 */
export function scanPhaseLabel(job: ScanPhaseInput): string {
  if (job.status === 'completed' || job.status === 'failed' || job.status === 'pending') return titleCase(job.status);
  const storage = job.source_storage_type ?? '';
  if (PAGED_LISTING_TYPES.has(storage) && job.resume_token && job.resume_token !== FULL_SCAN_TOKEN) {
    return `Listing directories (batch ${Math.max(1, job.current_batch ?? 0)})`;
  }
  if ((job.processed_directories ?? 0) > 0) return 'Processing directories';
  return 'Initializing';
}

/** Spec: an import job can be resumed when failed, or completed with processed fewer than total. */
export function canResumeImportJob(job: { status: string; processed_files: number; total_files: number }): boolean {
  return job.status === 'failed' || (job.status === 'completed' && job.processed_files < job.total_files);
}
