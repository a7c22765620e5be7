import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Play, RotateCcw, ScanSearch, StepForward } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckboxField,
  ConfirmDialog,
  notify,
  PageHeader,
  Progress,
  SimpleSelect,
  SimpleTooltip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  TableSkeletonRows,
  type BadgeVariant,
} from '@/web/components/ui';
import { api, errorMessage, type ListResponse } from '@/web/lib/api';
import { useFailureToast } from '@/web/lib/hooks';
import { formatDateTime, shortId, truncate } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import type { SourceCardData } from '@/web/features/ddex-files/data';
import { canResumeImportJob, scanPhaseLabel } from './rules';

/** Spec section 9: latest 20 jobs, refreshed every 3 seconds (and on live changes). */
const JOB_LIMIT = 20;
const REFRESH_MS = 3000;
const ERROR_PREVIEW_LENGTH = 100;
/** Spec section 9: the processing refresh after an action waits 1 to 2 seconds. */
const AFTER_ACTION_REFRESH_MS = 1500;

export interface ScanJobRow {
  id: string;
  source_id: string;
  source_name: string | null;
  source_storage_type: string | null;
  status: string;
  total_directories: number;
  processed_directories: number;
  total_files: number;
  imported_files: number;
  current_batch: number;
  batch_size: number;
  resume_token: string | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface ImportJobRow {
  id: string;
  status: string;
  total_files: number;
  processed_files: number;
  imported_files: number;
  failed_files: number;
  current_batch: number;
  error_message?: string | null;
  created_at: string;
}

const STATUS_VARIANTS: Record<string, BadgeVariant> = {
  pending: 'warning',
  running: 'info',
  completed: 'success',
  failed: 'destructive',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? 'outline'} className="capitalize">
      {status}
    </Badge>
  );
}

function ErrorText({ text }: { text: string | null | undefined }) {
  if (!text) return <span className="text-muted-foreground">—</span>;
  const preview = truncate(text, ERROR_PREVIEW_LENGTH);
  const cell = (
    <span tabIndex={preview !== text ? 0 : undefined} className="block max-w-64 min-w-40 text-xs break-words text-destructive" data-testid="job-error">
      {preview}
    </span>
  );
  return preview !== text ? <SimpleTooltip content={<span className="break-words">{text}</span>}>{cell}</SimpleTooltip> : cell;
}

/** The spec's sentence, followed by the server's reason when it gave one. */
function withServerReason(failure: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason ? `${failure} ${reason}` : failure;
}

/** Created, started and completed stacked in one cell, so the table fits beside the sidebar. */
function JobTimes({ created, started, completed }: { created: string; started: string | null; completed: string | null }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
      <dt className="text-muted-foreground">Created</dt>
      <dd>{formatDateTime(created)}</dd>
      <dt className="text-muted-foreground">Started</dt>
      <dd>{formatDateTime(started)}</dd>
      <dt className="text-muted-foreground">Completed</dt>
      <dd>{formatDateTime(completed)}</dd>
    </dl>
  );
}

const STORAGE_LABELS: Record<string, string> = { bunny_cdn: 'Bunny CDN', google_cloud: 'Google Cloud', local: 'Local folder', s3: 'S3' };

export function ScanJobsPage() {
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: ['ddex-files-summary'], queryFn: () => api.get<{ sources: SourceCardData[] }>('/api/ddex-files/summary') });
  const scanJobs = useQuery({
    queryKey: ['scan-jobs', 'latest'],
    queryFn: () => api.get<ListResponse<ScanJobRow>>('/api/scan-jobs', { query: { limit: JOB_LIMIT } }),
    refetchInterval: REFRESH_MS,
  });
  const importJobs = useQuery({
    queryKey: ['import-jobs', 'latest'],
    queryFn: () => api.get<ListResponse<ImportJobRow>>('/api/import-jobs', { query: { limit: JOB_LIMIT } }),
    refetchInterval: REFRESH_MS,
  });
  useLiveInvalidate(['scan_jobs'], ['scan-jobs']);
  useLiveInvalidate(['import_jobs'], ['import-jobs']);
  useLiveInvalidate(['sources'], ['ddex-files-summary']);

  useFailureToast(scanJobs.isError || importJobs.isError, 'Failed to fetch scan jobs.');

  const sources = summary.data?.sources ?? [];
  const [sourceId, setSourceId] = useState<string>('');
  const [fullScan, setFullScan] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmPurge, setConfirmPurge] = useState(false);

  const refreshSoon = () => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: ['scan-jobs'] });
      void queryClient.invalidateQueries({ queryKey: ['import-jobs'] });
    };
    refresh();
    setTimeout(refresh, AFTER_ACTION_REFRESH_MS);
  };

  async function act(key: string, work: () => Promise<void>, failure: string) {
    setBusy(key);
    try {
      await work();
      refreshSoon();
    } catch (error) {
      notify.error(withServerReason(failure, error));
    } finally {
      setBusy(null);
    }
  }

  function startScan() {
    if (!sourceId) {
      notify.error('Please select a source first.');
      return;
    }
    const source = sources.find((s) => s.id === sourceId);
    void act(
      'scan',
      async () => {
        await api.post('/api/scan-jobs', { source_id: sourceId, full_scan: fullScan });
        notify.success('Scan Started', `Scanning ${source?.name ?? 'source'}${fullScan ? ' (full scan)' : ''}...`);
      },
      'Failed to start scan.',
    );
  }

  const processNextBatch = () =>
    act(
      'batch',
      async () => {
        const result = await api.post<{ success: boolean; message: string }>('/api/fn/process-scan-job', {});
        if (result.success) notify.success('Batch Processed', result.message);
        else notify.error(`Failed to process batch. ${result.message}`);
      },
      'Failed to process batch.',
    );

  async function purgeHistory() {
    setBusy('purge');
    try {
      const result = await api.post<{ message: string }>('/api/fn/purge-scan-history', sourceId ? { sourceId } : {});
      notify.success('Scan History Purged', result.message);
      void queryClient.invalidateQueries({ queryKey: ['ddex-files-summary'] });
    } catch (error) {
      notify.error(withServerReason('Failed to purge scan history.', error));
      throw error;
    } finally {
      setBusy(null);
    }
  }

  const retry = (job: ScanJobRow) =>
    act(
      `retry-${job.id}`,
      async () => {
        await api.patch(`/api/scan-jobs/${job.id}`, { status: 'pending' });
        notify.success('Job Retried', `Scan job ${shortId(job.id)} is pending again.`);
      },
      'Failed to retry job.',
    );

  const resume = (job: ImportJobRow) =>
    act(
      `resume-${job.id}`,
      async () => {
        await api.post('/api/fn/process-import-job', { jobId: job.id });
        notify.success('Job Resumed', `Import job ${shortId(job.id)} is running again.`);
      },
      'Failed to resume job.',
    );

  const selectedSource = sources.find((s) => s.id === sourceId);

  return (
    <>
      <PageHeader icon={<ScanSearch />} title="Scan Jobs" subtitle="Scan sources for DDEX deliveries and follow scan and import jobs" />

      <Card className="mb-5">
        <CardContent className="flex flex-wrap items-center gap-3 pt-4">
          <SimpleSelect
            aria-label="Source"
            className="w-72"
            placeholder={summary.isPending ? 'Loading sources...' : sources.length === 0 ? 'No sources' : 'Select a source'}
            value={sourceId || undefined}
            options={sources.map((s) => ({ value: s.id, label: `${s.name} (${STORAGE_LABELS[s.storage_type] ?? s.storage_type})` }))}
            onValueChange={setSourceId}
          />
          <CheckboxField id="full-scan" label="Full Scan" checked={fullScan} onCheckedChange={(checked) => setFullScan(checked === true)} />
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setConfirmPurge(true)}>
              <History aria-hidden />
              Purge History
            </Button>
            <Button loading={busy === 'scan'} onClick={startScan}>
              <Play aria-hidden />
              {fullScan ? 'Start Full Scan' : 'Start Lightweight Scan'}
            </Button>
            <Button variant="outline" loading={busy === 'batch'} onClick={() => void processNextBatch()}>
              <StepForward aria-hidden />
              Process Next Batch
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card className="mb-5">
        <CardHeader>
          <CardTitle as="h2">Recent Scan Jobs</CardTitle>
          <CardDescription>The latest {JOB_LIMIT} scans, refreshed every 3 seconds and on every change.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Scan jobs" className="[&_td]:px-2 [&_th]:px-2">
            <TableHeader>
              <TableRow>
                <TableHead>Job</TableHead>
                <TableHead>Source</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Phase</TableHead>
                <TableHead>Directories</TableHead>
                <TableHead>Files</TableHead>
                <TableHead>Batch</TableHead>
                <TableHead>Times</TableHead>
                <TableHead>Error</TableHead>
                <TableHead className="text-right" pinRight>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {scanJobs.isPending ? (
                <TableSkeletonRows rows={4} columns={10} />
              ) : (scanJobs.data?.rows ?? []).length === 0 ? (
                <TableMessageRow colSpan={10}>{scanJobs.isError ? 'Failed to fetch scan jobs.' : 'No scan jobs yet. Start a scan above.'}</TableMessageRow>
              ) : (
                scanJobs.data!.rows.map((job) => (
                  <TableRow key={job.id} data-job-id={job.id}>
                    <TableCell className="font-mono text-xs" title={job.id}>
                      {shortId(job.id)}
                    </TableCell>
                    <TableCell>
                      <div className="font-medium whitespace-nowrap">{job.source_name ?? 'Deleted source'}</div>
                      <div className="text-xs whitespace-nowrap text-muted-foreground">{STORAGE_LABELS[job.source_storage_type ?? ''] ?? job.source_storage_type}</div>
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={job.status} />
                    </TableCell>
                    <TableCell className="text-xs whitespace-nowrap">{scanPhaseLabel(job)}</TableCell>
                    <TableCell className="min-w-32">
                      <div className="text-xs tabular">
                        {job.processed_directories} / {job.total_directories}
                      </div>
                      {job.status === 'running' && (
                        <Progress
                          className="mt-1"
                          aria-label={`Scan job ${shortId(job.id)} progress`}
                          value={job.total_directories > 0 ? job.processed_directories : null}
                          max={Math.max(job.total_directories, 1)}
                        />
                      )}
                    </TableCell>
                    <TableCell className="tabular">{job.total_files}</TableCell>
                    <TableCell className="tabular">{job.current_batch}</TableCell>
                    <TableCell>
                      <JobTimes created={job.created_at} started={job.started_at} completed={job.completed_at} />
                    </TableCell>
                    <TableCell>
                      <ErrorText text={job.error_message} />
                    </TableCell>
                    <TableCell className="text-right" pinRight>
                      {job.status === 'failed' && (
                        <Button size="sm" variant="outline" loading={busy === `retry-${job.id}`} onClick={() => void retry(job)}>
                          <RotateCcw aria-hidden />
                          Retry
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent Import Jobs</CardTitle>
          <CardDescription>The latest {JOB_LIMIT} imports. A failed import, or one that stopped short, can be resumed.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Import jobs">
            <TableHeader>
              <TableRow>
                <TableHead>Job</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Processed</TableHead>
                <TableHead>Imported</TableHead>
                <TableHead>Failed</TableHead>
                <TableHead>Batch</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Error</TableHead>
                <TableHead className="text-right" pinRight>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {importJobs.isPending ? (
                <TableSkeletonRows rows={3} columns={9} />
              ) : (importJobs.data?.rows ?? []).length === 0 ? (
                <TableMessageRow colSpan={9}>{importJobs.isError ? 'Failed to fetch scan jobs.' : 'No import jobs yet.'}</TableMessageRow>
              ) : (
                importJobs.data!.rows.map((job) => (
                  <TableRow key={job.id} data-job-id={job.id}>
                    <TableCell className="font-mono text-xs" title={job.id}>
                      {shortId(job.id)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={job.status} />
                    </TableCell>
                    <TableCell className="min-w-32">
                      <div className="text-xs tabular">
                        {job.processed_files} / {job.total_files}
                      </div>
                      {job.status === 'running' && (
                        <Progress className="mt-1" aria-label={`Import job ${shortId(job.id)} progress`} value={job.total_files > 0 ? job.processed_files : null} max={Math.max(job.total_files, 1)} />
                      )}
                    </TableCell>
                    <TableCell className="tabular">{job.imported_files}</TableCell>
                    <TableCell className="tabular">{job.failed_files}</TableCell>
                    <TableCell className="tabular">{job.current_batch}</TableCell>
                    <TableCell className="text-xs whitespace-nowrap">{formatDateTime(job.created_at)}</TableCell>
                    <TableCell>
                      <ErrorText text={job.error_message} />
                    </TableCell>
                    <TableCell className="text-right" pinRight>
                      {canResumeImportJob(job) && (
                        <Button size="sm" variant="outline" loading={busy === `resume-${job.id}`} onClick={() => void resume(job)}>
                          <Play aria-hidden />
                          Resume
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmPurge}
        onOpenChange={setConfirmPurge}
        title="Purge scan history?"
        description={
          selectedSource
            ? `The last scan time of ${selectedSource.name} is cleared, so its next lightweight scan looks at every directory again.`
            : 'The last scan time of every source is cleared, so the next lightweight scans look at every directory again.'
        }
        confirmLabel="Purge History"
        destructive
        onConfirm={purgeHistory}
      />
    </>
  );
}
