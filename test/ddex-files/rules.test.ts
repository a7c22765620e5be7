import { describe, expect, it } from 'vitest';
import { assetBadge, displayStatus, DISPLAY_STATUS_LABELS, type DisplayStatusInput } from '@/web/features/ddex-files/status';
import { canResumeImportJob, scanPhaseLabel, type ScanPhaseInput } from '@/web/features/scan-jobs/rules';

const file = (overrides: Partial<DisplayStatusInput>): DisplayStatusInput => ({
  status: 'metadata_scanned',
  error: null,
  imported_at: null,
  import_eligible: false,
  is_latest_in_thread: true,
  ...overrides,
});

describe('ddex_file display status (first match wins)', () => {
  it('shows Error whenever an error is set, even on an imported, eligible file', () => {
    expect(displayStatus(file({ error: 'Line 3, column 7: unexpected end', imported_at: '2025-01-01T00:00:00Z', import_eligible: true }))).toBe('error');
    expect(DISPLAY_STATUS_LABELS.error).toBe('Error');
  });

  it('shows Waiting for Initial for both waiting statuses, before Imported', () => {
    expect(displayStatus(file({ status: 'waiting_for_initial' }))).toBe('waiting_for_initial');
    expect(displayStatus(file({ status: 'waiting_for_initial_delivery', imported_at: '2025-01-01T00:00:00Z' }))).toBe('waiting_for_initial');
    expect(DISPLAY_STATUS_LABELS.waiting_for_initial).toBe('Waiting for Initial');
  });

  it('shows Imported once imported_at is set, before Ready to Import', () => {
    expect(displayStatus(file({ imported_at: '2025-01-01T00:00:00Z', import_eligible: true }))).toBe('imported');
  });

  it('shows Ready to Import for a scanned, eligible file', () => {
    expect(displayStatus(file({ import_eligible: true }))).toBe('ready');
    expect(DISPLAY_STATUS_LABELS.ready).toBe('Ready to Import');
  });

  it('shows Superseded for a scanned, ineligible file that is not the latest of its thread', () => {
    expect(displayStatus(file({ is_latest_in_thread: false }))).toBe('superseded');
  });

  it('shows Awaiting Approval for a scanned, ineligible latest file', () => {
    expect(displayStatus(file({}))).toBe('awaiting_approval');
    expect(DISPLAY_STATUS_LABELS.awaiting_approval).toBe('Awaiting Approval');
  });

  it('shows Discovered for a file not read yet, and Unknown for anything else', () => {
    expect(displayStatus(file({ status: 'discovered' }))).toBe('discovered');
    expect(displayStatus(file({ status: 'something_new' }))).toBe('unknown');
    expect(DISPLAY_STATUS_LABELS.unknown).toBe('Unknown');
  });

  it('follows a stored error, imported or superseded status that lacks the column the spec reads', () => {
    expect(displayStatus(file({ status: 'error' }))).toBe('error');
    expect(displayStatus(file({ status: 'imported' }))).toBe('imported');
    expect(displayStatus(file({ status: 'superseded' }))).toBe('superseded');
  });
});

describe('asset badge', () => {
  it('is Superseded when replaced, whatever the history says', () => {
    expect(assetBadge({ superseded_by: 'a2', reused: true, previous_asset_id: 'a0' })).toBe('superseded');
  });
  it('is Reused, then Changed (has a previous asset), otherwise New', () => {
    expect(assetBadge({ superseded_by: null, reused: true, previous_asset_id: 'a0' })).toBe('reused');
    expect(assetBadge({ superseded_by: null, reused: false, previous_asset_id: 'a0' })).toBe('changed');
    expect(assetBadge({ superseded_by: null, reused: null, previous_asset_id: null })).toBe('new');
  });
});

const job = (overrides: Partial<ScanPhaseInput>): ScanPhaseInput => ({
  status: 'running',
  resume_token: null,
  processed_directories: 0,
  current_batch: 0,
  source_storage_type: 'bunny_cdn',
  ...overrides,
});

describe('scan phase label', () => {
  it('names Completed, Failed and Pending by status', () => {
    expect(scanPhaseLabel(job({ status: 'completed', processed_directories: 10 }))).toBe('Completed');
    expect(scanPhaseLabel(job({ status: 'failed' }))).toBe('Failed');
    expect(scanPhaseLabel(job({ status: 'pending', resume_token: 'FULL_SCAN' }))).toBe('Pending');
  });

  it('says Listing directories (batch n) for a cloud source with a resume token', () => {
    expect(scanPhaseLabel(job({ source_storage_type: 'google_cloud', resume_token: 'page-token-2', current_batch: 3, processed_directories: 200 }))).toBe(
      'Listing directories (batch 3)',
    );
  });

  it('does not call a Bunny resume cursor, or the FULL_SCAN marker, listing', () => {
    expect(scanPhaseLabel(job({ resume_token: 'folder-120', processed_directories: 100 }))).toBe('Processing directories');
    expect(scanPhaseLabel(job({ source_storage_type: 'google_cloud', resume_token: 'FULL_SCAN' }))).toBe('Initializing');
  });

  it('says Processing directories once some are done, otherwise Initializing', () => {
    expect(scanPhaseLabel(job({ processed_directories: 1 }))).toBe('Processing directories');
    expect(scanPhaseLabel(job({}))).toBe('Initializing');
  });
});

describe('import job resume', () => {
  it('is offered for failed jobs and for completed jobs that stopped short', () => {
    expect(canResumeImportJob({ status: 'failed', processed_files: 10, total_files: 10 })).toBe(true);
    expect(canResumeImportJob({ status: 'completed', processed_files: 5, total_files: 10 })).toBe(true);
    expect(canResumeImportJob({ status: 'completed', processed_files: 10, total_files: 10 })).toBe(false);
    expect(canResumeImportJob({ status: 'running', processed_files: 1, total_files: 10 })).toBe(false);
  });
});
