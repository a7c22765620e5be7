import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileCode2, Octagon, RefreshCw, ScanSearch, Search, Sparkles, Zap } from 'lucide-react';
import {
  Alert,
  Button,
  CheckboxField,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  Input,
  notify,
  PageHeader,
  Pagination,
  SimpleSelect,
} from '@/web/components/ui';
import { useAuth } from '@/web/app/auth/auth-context';
import { api, errorMessage } from '@/web/lib/api';
import { useDebounced, useFailureToast } from '@/web/lib/hooks';
import { formatCount } from '@/web/lib/format';
import { pageCountFor } from '@/web/lib/pagination';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { AssetsDialog } from './assets-dialog';
import {
  DEFAULT_FILTERS,
  fetchFiles,
  fetchPartners,
  fetchSummary,
  isImportable,
  PAGE_SIZE,
  SORT_OPTIONS,
  startImport,
  type DdexFileFilters,
  type DdexFileRow,
} from './data';
import { FilesTable } from './files-table';
import { SourceCards } from './source-cards';
import { DISPLAY_STATUS_LABELS, FILTERABLE_DISPLAY_STATUSES } from './status';

const FETCH_FAILED = 'Failed to fetch DDEX files from database.';
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...FILTERABLE_DISPLAY_STATUSES.map((status) => ({ value: status, label: DISPLAY_STATUS_LABELS[status] })),
];

type PendingImport = { kind: 'visible' | 'eligible' | 'row'; ids: string[]; label: string } | null;

export function DdexFilesPage() {
  const { isAdmin } = useAuth();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<DdexFileFilters>(DEFAULT_FILTERS);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const effectiveFilters = useMemo(() => ({ ...filters, search }), [filters, search]);

  const files = useQuery({
    queryKey: ['ddex-files', effectiveFilters, page],
    queryFn: () => fetchFiles(effectiveFilters, page),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery({ queryKey: ['ddex-files-summary'], queryFn: fetchSummary });
  const partners = useQuery({ queryKey: ['partners'], queryFn: fetchPartners });
  const eligibleCount = useQuery({
    queryKey: ['ddex-files', 'eligible-count'],
    queryFn: () => api.get<{ total: number }>('/api/ddex-files', { query: { status: 'ready', pageSize: 1 } }),
  });
  useLiveInvalidate(['ddex_file'], ['ddex-files']);
  useLiveInvalidate(['ddex_file', 'sources'], ['ddex-files-summary']);
  useLiveInvalidate(['partner'], ['partners']);

  useFailureToast(files.isError, FETCH_FAILED);

  const rows = files.data?.rows ?? [];
  const total = files.data?.total ?? 0;
  const pageCount = pageCountFor(total, PAGE_SIZE);
  // The page the rows on screen belong to (the previous page stays up while the next one loads).
  const shownPage = files.data?.page ?? page;
  const visibleImportable = rows.filter(isImportable);
  const sources = summary.data?.sources ?? [];

  const updateFilters = (patch: Partial<DdexFileFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  useEffect(() => setPage(1), [search]);
  // Live deletes and purges can leave the current page past the end: step back to the last page.
  useEffect(() => {
    if (files.data && page > pageCount) setPage(pageCount);
  }, [files.data, page, pageCount]);

  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: ['ddex-files'] });
    void queryClient.invalidateQueries({ queryKey: ['ddex-files-summary'] });
  };

  // ---- header actions
  const [busy, setBusy] = useState<string | null>(null);
  async function scanAll() {
    setBusy('scan-all');
    try {
      const result = await api.post<{ created: number }>('/api/fn/scan-all-sources');
      notify.success('Scans Started', `Created ${result.created} scan job${result.created === 1 ? '' : 's'}.`);
      refreshAll();
    } catch (error) {
      notify.error(errorMessage(error), 'Failed to Create Scan Jobs');
    } finally {
      setBusy(null);
    }
  }
  async function stopAll() {
    setBusy('stop');
    try {
      const result = await api.post<{ scanJobs: number; importJobs: number }>('/api/fn/stop-all-jobs');
      notify.success('Jobs Stopped', `Stopped ${result.scanJobs} scan and ${result.importJobs} import jobs.`);
    } catch (error) {
      notify.error(errorMessage(error), 'Failed to stop jobs');
    } finally {
      setBusy(null);
    }
  }

  const [rescanOpen, setRescanOpen] = useState(false);
  async function rescanMetadata(scope: 'visible' | 'all') {
    setBusy(`rescan-${scope}`);
    try {
      const body = scope === 'visible' ? { fileIds: rows.map((row) => row.id) } : {};
      const result = await api.post<{ queued: number }>('/api/fn/rescan-metadata', body);
      notify.success('Rescan Started', `Queued ${formatCount(result.queued)} file${result.queued === 1 ? '' : 's'} for a metadata rescan.`);
      setRescanOpen(false);
    } catch (error) {
      notify.error(errorMessage(error), 'Rescan Failed');
    } finally {
      setBusy(null);
    }
  }

  const [pendingImport, setPendingImport] = useState<PendingImport>(null);
  function askImportVisible() {
    if (visibleImportable.length === 0) {
      notify.error('None of the visible files is eligible for import.', 'No Files to Import');
      return;
    }
    setPendingImport({ kind: 'visible', ids: visibleImportable.map((row) => row.id), label: `Import ${visibleImportable.length} visible eligible file${visibleImportable.length === 1 ? '' : 's'}?` });
  }
  async function askAutoImport() {
    setBusy('auto-import');
    try {
      const { total } = await eligibleCount.refetch().then((result) => result.data ?? { total: 0 });
      if (total === 0) {
        notify.error('No eligible files are waiting to be imported.', 'No Files to Import');
        return;
      }
      setPendingImport({ kind: 'eligible', ids: [], label: `Import all ${formatCount(total)} eligible file${total === 1 ? '' : 's'}?` });
    } finally {
      setBusy(null);
    }
  }
  async function runAutoImport() {
    try {
      const result = await api.post<{ success: boolean; count: number; message: string }>('/api/fn/auto-import-eligible');
      if (!result.success) {
        notify.error(result.message, 'No Files to Import');
        return;
      }
      notify.success('Import Started', result.message);
      refreshAll();
    } catch (error) {
      notify.error(errorMessage(error), 'Import Failed');
      throw error;
    }
  }
  async function runImport(ids: string[]) {
    try {
      await startImport(ids);
      notify.success('Import Started', `Importing ${formatCount(ids.length)} file${ids.length === 1 ? '' : 's'}...`);
      refreshAll();
    } catch (error) {
      notify.error(errorMessage(error), 'Import Failed');
      throw error;
    }
  }

  // ---- row actions
  const [assetsFile, setAssetsFile] = useState<DdexFileRow | null>(null);
  const [deleteFile, setDeleteFile] = useState<DdexFileRow | null>(null);
  async function confirmDelete() {
    if (!deleteFile) return;
    try {
      await api.delete(`/api/ddex-files/${deleteFile.id}`);
      notify.success('File Deleted', `${deleteFile.release_title ?? deleteFile.source_path} was removed from the list.`);
      refreshAll();
    } catch (error) {
      notify.error(errorMessage(error), 'Delete Failed');
      throw error;
    }
  }
  async function rescanRow(row: DdexFileRow) {
    try {
      const result = await api.post<{ success: boolean; message?: string; stats?: { releases: number; resources: number } }>('/api/fn/parse-ddex-file', { fileId: row.id });
      if (!result.success) {
        notify.error(result.message || 'Unknown error', 'Parse Failed');
        return;
      }
      notify.success('Metadata Rescanned', result.message ?? `${result.stats?.releases ?? 0} releases, ${result.stats?.resources ?? 0} resources.`);
    } catch (error) {
      notify.error(errorMessage(error, 'Unknown error'), 'Parse Failed');
    }
  }

  const [loadingDemo, setLoadingDemo] = useState(false);
  async function loadDemo() {
    setLoadingDemo(true);
    try {
      const result = await api.post<{ message: string }>('/api/fn/load-demo-data');
      notify.success('Demo Deliveries Loaded', result.message);
      refreshAll();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setLoadingDemo(false);
    }
  }

  const filtering = search.trim() !== '' || filters.status !== 'all' || filters.partnerId !== 'all' || filters.showRejected || filters.hideSuperseded;
  const noSources = summary.isSuccess && sources.length === 0;
  const eligibleTotal = eligibleCount.data?.total ?? 0;

  return (
    <>
      <PageHeader
        icon={<FileCode2 />}
        title="DDEX Files"
        subtitle="Discovered DDEX deliveries, ready to screen and import"
        actions={
          <>
            <Button variant="outline" loading={busy === 'scan-all'} onClick={() => void scanAll()}>
              <ScanSearch aria-hidden />
              Scan All Sources
            </Button>
            <Button variant="outline" loading={busy === 'stop'} onClick={() => void stopAll()}>
              <Octagon aria-hidden />
              Stop All Jobs
            </Button>
            <Button variant="outline" onClick={() => setRescanOpen(true)}>
              <RefreshCw aria-hidden />
              Rescan Metadata
            </Button>
            <Button variant="outline" onClick={askImportVisible}>
              <Download aria-hidden />
              Import Visible ({visibleImportable.length})
            </Button>
            <Button loading={busy === 'auto-import'} onClick={() => void askAutoImport()}>
              <Zap aria-hidden />
              Auto-Import Eligible ({formatCount(eligibleTotal)})
            </Button>
          </>
        }
      />

      <Alert variant="info" className="mb-5" title="Scan sources, then import">
        Scanning a source discovers the DDEX deliveries partners dropped into it and reads their metadata. Files of approved
        artists become Ready to Import; import them here, one by one or all eligible files at once.
      </Alert>

      {noSources ? (
        <EmptyState
          icon={<FileCode2 />}
          title="No DDEX sources yet"
          description={
            isAdmin
              ? 'Add a source on the DDEX Sources page, or load the demo deliveries to see the pipeline work.'
              : 'An administrator needs to add a DDEX source before files can be discovered.'
          }
          action={
            isAdmin ? (
              <Button loading={loadingDemo} onClick={() => void loadDemo()}>
                <Sparkles aria-hidden />
                Load demo deliveries
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <SourceCards sources={sources} isAdmin={isAdmin} onChanged={refreshAll} />

          <section aria-label="Filters" className="mb-3 flex flex-wrap items-center gap-3">
            <div className="relative min-w-64 flex-1">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                aria-label="Search DDEX files"
                placeholder="Search path, message id, artist, title, UPC or ISRC"
                className="pl-8"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
              />
            </div>
            <SimpleSelect aria-label="Status" className="w-full sm:w-44" value={filters.status} options={STATUS_OPTIONS} onValueChange={(value) => updateFilters({ status: value as DdexFileFilters['status'] })} />
            <SimpleSelect
              aria-label="Partner"
              className="w-full sm:w-44"
              value={filters.partnerId}
              options={[{ value: 'all', label: 'All Partners' }, ...(partners.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))]}
              onValueChange={(value) => updateFilters({ partnerId: value })}
            />
            <SimpleSelect aria-label="Sort" className="w-full sm:w-52" value={filters.sort} options={SORT_OPTIONS} onValueChange={(value) => updateFilters({ sort: value as DdexFileFilters['sort'] })} />
            <CheckboxField
              id="show-rejected"
              label="Show rejected artists"
              checked={filters.showRejected}
              onCheckedChange={(checked) => updateFilters({ showRejected: checked === true })}
            />
            <CheckboxField
              id="hide-superseded"
              label="Hide superseded deliveries"
              checked={filters.hideSuperseded}
              onCheckedChange={(checked) => updateFilters({ hideSuperseded: checked === true })}
            />
          </section>

          {files.isError && !files.data ? (
            <ErrorState title={FETCH_FAILED} message={errorMessage(files.error)} onRetry={() => void files.refetch()} />
          ) : (
            <>
              <FilesTable
                rows={rows}
                loading={files.isPending}
                emptyMessage={filtering ? 'No DDEX files match these filters.' : 'No DDEX files yet. Scan a source to discover deliveries.'}
                actions={{
                  onImport: (row) =>
                    setPendingImport({ kind: 'row', ids: [row.id], label: `${row.imported_at ? 'Re-import' : 'Import'} ${row.release_title ?? row.source_path}?` }),
                  onViewAssets: setAssetsFile,
                  onDelete: setDeleteFile,
                  onRescan: (row) => void rescanRow(row),
                }}
              />
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
                <span className="tabular" aria-live="polite">
                  {total === 0 ? 'No files' : `Showing ${(shownPage - 1) * PAGE_SIZE + 1}–${Math.min(shownPage * PAGE_SIZE, total)} of ${formatCount(total)} files`}
                </span>
                {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPageChange={setPage} disabled={files.isFetching && files.isPlaceholderData} />}
              </div>
            </>
          )}
        </>
      )}

      <AssetsDialog file={assetsFile} onOpenChange={(open) => !open && setAssetsFile(null)} />

      <ConfirmDialog
        open={deleteFile !== null}
        onOpenChange={(open) => !open && setDeleteFile(null)}
        title="Delete this DDEX file?"
        description="The file's row is removed from the list; the delivery itself stays in the source and a later scan finds it again. Imported releases are kept."
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      >
        {deleteFile && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">
            <span className="font-medium">{deleteFile.release_title ?? 'Untitled'}</span>
            <br />
            <span className="font-mono text-xs break-all text-muted-foreground">{deleteFile.source_path}</span>
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={pendingImport !== null}
        onOpenChange={(open) => !open && setPendingImport(null)}
        title={pendingImport?.label ?? ''}
        description="Each file is imported in its own job step: releases, tracks, deals and assets are created or replaced from the message."
        confirmLabel="Import"
        onConfirm={() => (pendingImport?.kind === 'eligible' ? runAutoImport() : runImport(pendingImport?.ids ?? []))}
      />

      <Dialog open={rescanOpen} onOpenChange={(open) => busy === null && setRescanOpen(open)}>
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>Rescan metadata?</DialogTitle>
            <DialogDescription>
              Reads the header fields of the files again (partner, artist, title, identifiers, threads and eligibility). It runs as a job in the
              background.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRescanOpen(false)} disabled={busy !== null}>
              Cancel
            </Button>
            <Button variant="outline" loading={busy === 'rescan-visible'} disabled={busy !== null || rows.length === 0} onClick={() => void rescanMetadata('visible')}>
              Visible files ({rows.length})
            </Button>
            <Button loading={busy === 'rescan-all'} disabled={busy !== null} onClick={() => void rescanMetadata('all')}>
              All files
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
