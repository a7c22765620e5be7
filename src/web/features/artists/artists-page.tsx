import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Download, EyeOff, Eye, FileDown, Search, Users, X } from 'lucide-react';
import {
  Alert,
  Button,
  ErrorState,
  Input,
  notify,
  PageHeader,
  Pagination,
  SimpleSelect,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  TableSkeletonRows,
  Tabs,
  TabsList,
  TabsTrigger,
} from '@/web/components/ui';
import { errorMessage } from '@/web/lib/api';
import { useDebounced, useFailureToast } from '@/web/lib/hooks';
import { formatCount, formatDate } from '@/web/lib/format';
import { pageCountFor } from '@/web/lib/pagination';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { ArtistStatusBadge, CriteriaBadges } from './badges';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SORT_OPTIONS,
  TABS,
  TIER_NAMES,
  allowedActions,
  exportUrl,
  fetchArtists,
  importApprovedArtists,
  updateArtist,
  type ArtistPatch,
  type ArtistRow,
  type ArtistTab,
  type ArtistTier,
  type ImportApprovedResult,
} from './data';

const FETCH_FAILED = 'Failed to fetch artists from database.';
const SEARCH_DEBOUNCE_MS = 300;
const TIER_OPTIONS = [{ value: 'none', label: 'No tier' }, ...(['A', 'B', 'C', 'D'] as const).map((t) => ({ value: t, label: `${t} · ${TIER_NAMES[t]}` }))];

type Action = 'approve' | 'reject' | 'ignore' | 'unignore' | 'autopush' | 'tier';

/** What each change sends, the spec's failure toast, and the success line. */
const ACTIONS: Record<Exclude<Action, 'autopush' | 'tier'>, { patch: ArtistPatch; failure: string; done: (name: string) => [string, string] }> = {
  approve: { patch: { status: 'approved' }, failure: 'Failed to update artist status.', done: (n) => ['Artist Approved', `${n} is approved; autopush is on.`] },
  reject: { patch: { status: 'rejected' }, failure: 'Failed to update artist status.', done: (n) => ['Artist Rejected', `${n} is rejected; autopush is off.`] },
  ignore: { patch: { always_ignore: true }, failure: 'Failed to ignore artist.', done: (n) => ['Artist Ignored', `${n} moved to Ignored.`] },
  unignore: { patch: { always_ignore: false }, failure: 'Failed to update artist status.', done: (n) => ['Artist Restored', `${n} is no longer ignored.`] },
};

export function ArtistsPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ArtistTab>('approved');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState('name:asc');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [tab, pageSize, sort, search]);

  const query = { tab, page, pageSize, sort, search };
  const artists = useQuery({ queryKey: ['artists', 'list', query], queryFn: () => fetchArtists(query), placeholderData: keepPreviousData });
  useLiveInvalidate(['artist'], ['artists']);

  useFailureToast(artists.isError, FETCH_FAILED);

  const rows = artists.data?.rows ?? [];
  const total = artists.data?.total ?? 0;
  const counts = artists.data?.counts;
  const shownPage = artists.data?.page ?? page;
  const shownPageSize = artists.data?.pageSize ?? pageSize;
  const pageCount = pageCountFor(total, pageSize);
  const showCriteria = tab === 'approved' || tab === 'pending';
  const columns = showCriteria ? 6 : 4;

  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['artists'] });

  async function change(artist: ArtistRow, action: Action, patch?: ArtistPatch) {
    setBusy(`${artist.id}:${action}`);
    try {
      if (action === 'autopush' || action === 'tier') {
        const result = await updateArtist(artist.id, patch ?? {});
        if (action === 'autopush') {
          notify.success(patch?.autopush ? 'Autopush On' : 'Autopush Off', result.import_job ? `Importing ${formatCount(result.import_job.total_files)} eligible file(s) of ${artist.name}.` : undefined);
        } else notify.success('Tier Updated', `${artist.name}: ${result.tier ? `${result.tier} · ${TIER_NAMES[result.tier]}` : 'no tier'}.`);
      } else {
        const spec = ACTIONS[action];
        const result = await updateArtist(artist.id, spec.patch);
        const [title, message] = spec.done(artist.name);
        const imported = result.import_job ? ` Importing ${formatCount(result.import_job.total_files)} eligible file(s).` : '';
        notify.success(title, `${message}${imported}`);
        if (result.import_error) notify.warning('Autopush Import Not Started', result.import_error);
      }
      refresh();
    } catch (error) {
      const failure = action === 'autopush' ? 'Failed to update autopush setting.' : action === 'tier' ? 'Failed to update tier.' : ACTIONS[action].failure;
      notify.error(`${failure} ${errorMessage(error)}`.trim());
    } finally {
      setBusy(null);
    }
  }

  const [importOutcome, setImportOutcome] = useState<ImportApprovedResult | null>(null);
  async function runImportApproved() {
    setBusy('import-approved');
    try {
      const result = await importApprovedArtists();
      setImportOutcome(result);
      notify.success('Import Approved Artists', result.message);
      void queryClient.invalidateQueries({ queryKey: ['ddex-files'] });
    } catch (error) {
      notify.error(`Failed to import approved artists. ${errorMessage(error)}`.trim());
    } finally {
      setBusy(null);
    }
  }

  async function exportData() {
    setBusy('export');
    try {
      const response = await fetch(exportUrl({ tab, sort, search }), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`The export failed with status ${response.status}.`);
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `artists-${tab}.csv`;
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      notify.success('Export Ready', `${formatCount(total)} artist${total === 1 ? '' : 's'} exported to ${name}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The export failed.'));
    } finally {
      setBusy(null);
    }
  }

  const filtering = search.trim() !== '';
  const emptyText = filtering
    ? 'No artists match this search.'
    : tab === 'all'
      ? 'No artists yet. Artists appear here once DDEX files are scanned.'
      : `No ${TABS.find((t) => t.value === tab)!.label.toLowerCase()} artists.`;

  return (
    <>
      <PageHeader
        icon={<Users />}
        title="Artists"
        subtitle="Screen the main artists of your deliveries and decide whose releases to import"
        actions={
          <>
            <Button loading={busy === 'import-approved'} onClick={() => void runImportApproved()}>
              <Download aria-hidden />
              Import Approved Artists
            </Button>
            <Button variant="outline" loading={busy === 'export'} onClick={() => void exportData()}>
              <FileDown aria-hidden />
              Export Data
            </Button>
          </>
        }
      />

      {importOutcome && (
        <Alert variant={importOutcome.failed > 0 ? 'warning' : 'success'} className="mb-4" title="Import Approved Artists">
          <span data-testid="import-outcome">
            {importOutcome.message} {formatCount(importOutcome.count)} approved artist{importOutcome.count === 1 ? '' : 's'}, {formatCount(importOutcome.totalFiles)} file
            {importOutcome.totalFiles === 1 ? '' : 's'}: {formatCount(importOutcome.imported)} imported, {formatCount(importOutcome.failed)} failed.
          </span>
        </Alert>
      )}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <Tabs value={tab} onValueChange={(value) => setTab(value as ArtistTab)}>
          <TabsList aria-label="Artist status">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
                {counts && <span className="tabular text-xs text-muted-foreground">({formatCount(counts[t.value])})</span>}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative w-64">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input aria-label="Search artists" placeholder="Search artists" className="pl-8" value={searchInput} onChange={(event) => setSearchInput(event.target.value)} />
          </div>
          <SimpleSelect aria-label="Sort" className="w-40" value={sort} options={SORT_OPTIONS} onValueChange={setSort} />
          <SimpleSelect
            aria-label="Page size"
            className="w-36"
            value={String(pageSize)}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
            onValueChange={(value) => setPageSize(Number(value))}
          />
        </div>
      </div>

      {artists.isError && !artists.data ? (
        <ErrorState title={FETCH_FAILED} message={errorMessage(artists.error)} onRetry={() => void artists.refetch()} />
      ) : (
        <>
          <Table aria-label="Artists">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                {showCriteria && <TableHead>Criteria</TableHead>}
                {showCriteria && <TableHead>Tier</TableHead>}
                <TableHead>Status</TableHead>
                <TableHead>Autopush</TableHead>
                <TableHead className="text-right" pinRight>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {artists.isPending ? (
                <TableSkeletonRows rows={8} columns={columns} />
              ) : rows.length === 0 ? (
                <TableMessageRow colSpan={columns}>{emptyText}</TableMessageRow>
              ) : (
                rows.map((artist) => (
                  <TableRow key={artist.id} data-testid="artist-row">
                    <TableCell>
                      <Link to={`/artists/${artist.id}`} className="font-medium text-foreground hover:text-primary hover:underline">
                        {artist.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">Added {formatDate(artist.created_at)}</div>
                    </TableCell>
                    {showCriteria && (
                      <TableCell>
                        <CriteriaBadges artist={artist} />
                      </TableCell>
                    )}
                    {showCriteria && (
                      <TableCell>
                        <SimpleSelect
                          aria-label={`Tier of ${artist.name}`}
                          className="h-7 w-40 text-xs"
                          value={artist.tier ?? 'none'}
                          options={TIER_OPTIONS}
                          disabled={busy !== null}
                          onValueChange={(value) => void change(artist, 'tier', { tier: value === 'none' ? null : (value as ArtistTier) })}
                        />
                      </TableCell>
                    )}
                    <TableCell>
                      <ArtistStatusBadge artist={artist} />
                    </TableCell>
                    <TableCell>
                      <Switch
                        aria-label={`Autopush for ${artist.name}`}
                        checked={artist.autopush}
                        disabled={busy === `${artist.id}:autopush` || (artist.status === 'rejected' && !artist.autopush)}
                        title={artist.status === 'rejected' ? 'Approve the artist to turn autopush on' : undefined}
                        onCheckedChange={(checked) => void change(artist, 'autopush', { autopush: checked })}
                      />
                    </TableCell>
                    <TableCell className="text-right" pinRight>
                      <RowActions artist={artist} busy={busy} onAction={(action) => void change(artist, action)} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <span className="tabular" aria-live="polite">
              {total === 0 ? 'No artists' : `Showing ${(shownPage - 1) * shownPageSize + 1}–${Math.min(shownPage * shownPageSize, total)} of ${formatCount(total)} artists`}
            </span>
            {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPageChange={setPage} disabled={artists.isFetching && artists.isPlaceholderData} />}
          </div>
        </>
      )}
    </>
  );
}

function RowActions({ artist, busy, onAction }: { artist: ArtistRow; busy: string | null; onAction: (action: 'approve' | 'reject' | 'ignore' | 'unignore') => void }) {
  const actions = allowedActions(artist);
  const isBusy = (action: string) => busy === `${artist.id}:${action}`;
  return (
    <div className="flex justify-end gap-1">
      {actions.includes('approve') && (
        <Button size="sm" variant="outline" loading={isBusy('approve')} disabled={busy !== null} onClick={() => onAction('approve')} aria-label={`Approve ${artist.name}`}>
          <Check aria-hidden />
          Approve
        </Button>
      )}
      {actions.includes('reject') && (
        <Button size="sm" variant="destructive-outline" loading={isBusy('reject')} disabled={busy !== null} onClick={() => onAction('reject')} aria-label={`Reject ${artist.name}`}>
          <X aria-hidden />
          Reject
        </Button>
      )}
      {actions.includes('ignore') && (
        <Button size="sm" variant="ghost" loading={isBusy('ignore')} disabled={busy !== null} onClick={() => onAction('ignore')} aria-label={`Ignore ${artist.name}`}>
          <EyeOff aria-hidden />
          Ignore
        </Button>
      )}
      {actions.includes('unignore') && (
        <Button size="sm" variant="ghost" loading={isBusy('unignore')} disabled={busy !== null} onClick={() => onAction('unignore')} aria-label={`Stop ignoring ${artist.name}`}>
          <Eye aria-hidden />
          Unignore
        </Button>
      )}
    </div>
  );
}
