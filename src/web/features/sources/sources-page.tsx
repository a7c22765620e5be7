import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Database, FolderDown, Pencil, PlugZap, Plus, ScanLine, Trash2, Wrench } from 'lucide-react';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  SimpleTooltip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
  notify,
  type BadgeVariant,
} from '@/web/components/ui';
import { api, ApiError, errorMessage } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import { STORAGE_TYPE_LABELS, displayStorageZone, type SourceFormValues } from '@/features/sources/shared';
import { SourceFormDialog } from './source-form-dialog';
import { SOURCES_QUERY_KEY, describeSuccess, fetchSources, sourcePayload, testSavedSource, type Source } from './sources-api';

const COLUMNS = 7;

const STATUS_BADGES: Record<Source['status'], BadgeVariant> = { active: 'success', inactive: 'secondary', error: 'destructive' };

type RowAction = 'scan' | 'test';

/** /sources (admin): the storage sources partners deliver into, with add, edit, test, scan and delete. */
export function SourcesPage() {
  const queryClient = useQueryClient();
  const sourcesQuery = useQuery({ queryKey: SOURCES_QUERY_KEY, queryFn: fetchSources });
  useLiveInvalidate(['sources'], SOURCES_QUERY_KEY);
  // Files Count follows a running scan, but a scan writes many rows: refresh at most every 2 s for those.
  useLiveInvalidate(['ddex_file'], SOURCES_QUERY_KEY, { coalesceMs: 2000 });

  const [formOpen, setFormOpen] = React.useState(false);
  const [editing, setEditing] = React.useState<Source | null>(null);
  const [deleting, setDeleting] = React.useState<Source | null>(null);
  const [busy, setBusy] = React.useState<Record<string, RowAction | undefined>>({});
  const [fixing, setFixing] = React.useState(false);
  const [loadingDemo, setLoadingDemo] = React.useState(false);

  const fetchFailed = sourcesQuery.isError;
  React.useEffect(() => {
    if (fetchFailed) notify.error('Failed to fetch sources from database.');
  }, [fetchFailed]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY });
  const setRowBusy = (id: string, action: RowAction | undefined) => setBusy((b) => ({ ...b, [id]: action }));

  function openAdd() {
    setEditing(null);
    setFormOpen(true);
  }

  function openEdit(source: Source) {
    setEditing(source);
    setFormOpen(true);
  }

  async function save(values: SourceFormValues) {
    try {
      if (editing) {
        await api.patch(`/api/sources/${editing.id}`, sourcePayload(values));
        notify.success('Source Updated', `${values.name.trim()} has been updated.`);
      } else {
        await api.post('/api/sources', sourcePayload(values));
        notify.success('Source Added', `${values.name.trim()} has been added.`);
      }
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) notify.error(error.message, 'Validation Error');
      else notify.error('Failed to save source to database.');
      throw error;
    }
  }

  async function remove(source: Source) {
    try {
      await api.delete(`/api/sources/${source.id}`);
      notify.success('Source Deleted', `${source.name} has been deleted.`);
      await refresh();
    } catch (error) {
      notify.error('Failed to delete source from database.');
      throw error;
    }
  }

  async function testRow(source: Source) {
    setRowBusy(source.id, 'test');
    try {
      const result = await testSavedSource(source.id);
      if (result.success) notify.success('Connection Successful', `${source.name}: ${describeSuccess(result)}`);
      else notify.error(`${source.name}: ${result.message}`);
    } catch {
      notify.error(`Failed to test connection to ${source.name}. Please check the configuration.`);
    } finally {
      setRowBusy(source.id, undefined);
      void refresh();
    }
  }

  async function scanRow(source: Source) {
    setRowBusy(source.id, 'scan');
    try {
      const job = await api.post<{ id: string }>('/api/scan-jobs', { source_id: source.id });
      notify.success('Scan Started', `Scanning ${source.name}...`);
      // The job is queued already; this only pushes the first batch sooner, so a failure is only logged.
      api.post('/api/fn/process-scan-job', { jobId: job?.id }).catch((error) => console.warn('process-scan-job failed', error));
    } catch {
      notify.error(`Failed to start scan for ${source.name}.`, 'Scan Failed');
    } finally {
      setRowBusy(source.id, undefined);
    }
  }

  async function fixStatus() {
    setFixing(true);
    try {
      const result = await api.post<{ success: boolean; fixedInitials: number; fixedRedeliveries: number }>('/api/fn/fix-ddex-status');
      if (result?.success) {
        notify.success('Status Fixed', `Fixed ${result.fixedInitials} initial deliveries and ${result.fixedRedeliveries} redeliveries.`);
      } else {
        notify.error('Failed to fix DDEX status inconsistencies.', 'Fix Failed');
      }
    } catch {
      notify.error('An error occurred while fixing DDEX status.', 'Fix Failed');
    } finally {
      setFixing(false);
    }
  }

  async function loadDemo() {
    setLoadingDemo(true);
    try {
      const result = await api.post<{ success?: boolean; message?: string }>('/api/fn/load-demo-data');
      if (result?.success === false) notify.error(result.message || 'Could not load the demo deliveries.');
      else notify.success('Demo Deliveries Loaded', result?.message);
      await refresh();
    } catch (error) {
      notify.error(errorMessage(error, 'Could not load the demo deliveries.'));
    } finally {
      setLoadingDemo(false);
    }
  }

  const rows = sourcesQuery.data?.rows ?? [];
  const showEmpty = sourcesQuery.isSuccess && rows.length === 0;

  return (
    <>
      <PageHeader
        icon={<Database />}
        title="DDEX Sources"
        subtitle="Storage sources that partners deliver DDEX messages to"
        actions={
          <>
            <Button variant="outline" onClick={fixStatus} loading={fixing}>
              <Wrench aria-hidden />
              Fix DDEX Status
            </Button>
            <Button onClick={openAdd}>
              <Plus aria-hidden />
              Add New DDEX Source
            </Button>
          </>
        }
      />

      <Alert variant="warning" className="mb-5">
        Proceed with caution and only make changes if you know what you are doing
      </Alert>

      {fetchFailed ? (
        <ErrorState
          title="Failed to fetch sources from database."
          message={errorMessage(sourcesQuery.error)}
          onRetry={() => void sourcesQuery.refetch()}
        />
      ) : showEmpty ? (
        <EmptyState
          icon={<Database />}
          title="No DDEX sources yet"
          description="A source is a storage location (a Bunny CDN storage zone, a Google Cloud Storage or S3 bucket, or a folder on this server) where partners drop their DDEX deliveries. Add one to start discovering deliveries, or load the demo deliveries to see the pipeline at work."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={openAdd}>
                <Plus aria-hidden />
                Add New DDEX Source
              </Button>
              <Button variant="outline" onClick={loadDemo} loading={loadingDemo}>
                <FolderDown aria-hidden />
                Load demo deliveries
              </Button>
            </div>
          }
        />
      ) : (
        <Table aria-label="DDEX sources" aria-busy={sourcesQuery.isPending || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>Source</TableHead>
              <TableHead>Storage Type</TableHead>
              <TableHead>Storage Zone</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last Connected</TableHead>
              <TableHead className="text-right">Files Count</TableHead>
              <TableHead className="text-right" pinRight>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sourcesQuery.isPending ? (
              <TableSkeletonRows rows={3} columns={COLUMNS} />
            ) : (
              rows.map((source) => (
                <SourceRow
                  key={source.id}
                  source={source}
                  busy={busy[source.id]}
                  onScan={() => void scanRow(source)}
                  onTest={() => void testRow(source)}
                  onEdit={() => openEdit(source)}
                  onDelete={() => setDeleting(source)}
                />
              ))
            )}
          </TableBody>
        </Table>
      )}

      <SourceFormDialog open={formOpen} onOpenChange={setFormOpen} source={editing} onSave={save} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete DDEX Source"
        description="This action cannot be undone. The source and the records of every DDEX file discovered in it will be permanently deleted; the files in the storage itself are not touched."
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      >
        {deleting && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium break-all">{deleting.name}</dd>
            <dt className="text-muted-foreground">Storage Zone</dt>
            <dd className="font-mono text-xs break-all leading-5">{displayStorageZone(deleting)}</dd>
            <dt className="text-muted-foreground">DDEX files</dt>
            <dd>{deleting.files_count.toLocaleString()}</dd>
          </dl>
        )}
      </ConfirmDialog>
    </>
  );
}

function SourceRow({
  source,
  busy,
  onScan,
  onTest,
  onEdit,
  onDelete,
}: {
  source: Source;
  busy: RowAction | undefined;
  onScan: () => void;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const zone = displayStorageZone(source);
  return (
    <TableRow>
      <TableCell className="min-w-44 max-w-60">
        <div className="font-medium break-words">{source.name}</div>
        <div className="font-mono text-xs break-all text-muted-foreground">{source.id}</div>
      </TableCell>
      <TableCell className="whitespace-nowrap">{STORAGE_TYPE_LABELS[source.storage_type] ?? source.storage_type}</TableCell>
      <TableCell className="max-w-52">
        <span className="block truncate font-mono text-xs" title={zone}>
          {zone}
        </span>
      </TableCell>
      <TableCell>
        <span className="flex items-center gap-1.5">
          <Badge variant={STATUS_BADGES[source.status] ?? 'secondary'} className="capitalize">
            {source.status}
          </Badge>
          {source.last_error && (
            <SimpleTooltip content={`Last test failed: ${source.last_error}`}>
              <span tabIndex={0} aria-label={`Last test failed: ${source.last_error}`} className="inline-flex rounded text-warning focus-ring">
                <AlertTriangle aria-hidden className="size-4" />
              </span>
            </SimpleTooltip>
          )}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">{source.last_connected ? formatDateTime(source.last_connected) : 'Never'}</TableCell>
      <TableCell className="text-right tabular-nums">{source.files_count.toLocaleString()}</TableCell>
      <TableCell pinRight>
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="outline" onClick={onScan} loading={busy === 'scan'} disabled={busy !== undefined} aria-label={`Scan ${source.name}`}>
            {busy !== 'scan' && <ScanLine aria-hidden />}
            Scan
          </Button>
          <Button size="sm" variant="outline" onClick={onTest} loading={busy === 'test'} disabled={busy !== undefined} aria-label={`Test ${source.name}`}>
            {busy !== 'test' && <PlugZap aria-hidden />}
            Test
          </Button>
          <SimpleTooltip content="Edit">
            <Button size="icon-sm" variant="outline" onClick={onEdit} aria-label={`Edit ${source.name}`}>
              <Pencil aria-hidden />
            </Button>
          </SimpleTooltip>
          <SimpleTooltip content="Delete">
            <Button size="icon-sm" variant="destructive-outline" onClick={onDelete} aria-label={`Delete ${source.name}`}>
              <Trash2 aria-hidden />
            </Button>
          </SimpleTooltip>
        </div>
      </TableCell>
    </TableRow>
  );
}
