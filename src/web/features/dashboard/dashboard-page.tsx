import * as React from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  ArrowRight,
  CheckCircle2,
  Database,
  Disc3,
  FileSearch,
  FileText,
  Image as ImageIcon,
  Library,
  ListChecks,
  Send,
  Upload,
  Users,
} from 'lucide-react';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardHeaderRow, CardTitle, ErrorState, PageHeader, Skeleton } from '@/web/components/ui';
import { api, errorMessage } from '@/web/lib/api';
import { useFailureToast } from '@/web/lib/hooks';
import { EMPTY_VALUE, formatCount, formatDate } from '@/web/lib/format';
import { useLiveInvalidate } from '@/web/lib/realtime';
import type { DashboardData, DashboardRelease } from '@/features/dashboard/service';

/** Spec 9: the dashboard refreshes every 30 seconds. */
const REFRESH_MS = 30_000;
const DASHBOARD_KEY = ['dashboard'] as const;
// Live changes refresh it too, at most every 2 s: one request answers the whole page.
const LIVE_TABLES = ['sources', 'ddex_file', 'artist', 'scan_jobs', 'import_jobs', 'release', 'resource', 'asset'];

const fetchDashboard = () => api.get<DashboardData>('/api/dashboard');

/** / : the workflow from discovery to delivery at a glance. */
export function DashboardPage() {
  const query = useQuery({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard, refetchInterval: REFRESH_MS });
  useLiveInvalidate(LIVE_TABLES, DASHBOARD_KEY, { coalesceMs: 2000 });

  useFailureToast(query.isError, 'Failed to load dashboard data.');

  const data = query.data;
  const loading = !data && !query.isError;
  return (
    <LoadingContext.Provider value={loading}>
      <PageHeader title="DDEX Dashboard" subtitle="Monitor your DDEX workflow from discovery to delivery" />
      {query.isError && !data && (
        <ErrorState className="mb-5" title="Failed to load dashboard data." message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      )}
      <WorkflowOverview data={data} />
      <div className="mt-5 grid gap-4 md:grid-cols-3">
        <SourcesCard data={data} />
        <ArtistsCard data={data} />
        <JobsCard data={data} />
      </div>
      <MediaLibraryCard data={data} />
      <div className="mt-5 grid gap-4 lg:grid-cols-3">
        <QuickActionsCard />
        <SystemStatusCard />
      </div>
    </LoadingContext.Provider>
  );
}

/** False once the first load failed: figures then show a dash instead of a skeleton. */
const LoadingContext = React.createContext(true);

/** A line of text still on its way: a pulsing bar while loading, a dash after a failed load. */
function PendingText({ className }: { className: string }) {
  const loading = React.useContext(LoadingContext);
  if (!loading) return <span>{EMPTY_VALUE}</span>;
  return <span aria-hidden className={`block animate-pulse rounded-md bg-subtle ${className}`} />;
}

/** A figure, or a skeleton while the first answer is on its way. */
function Figure({ value, label, className }: { value: number | undefined; label: string; className?: string }) {
  const loading = React.useContext(LoadingContext);
  if (value === undefined && loading) return <span role="status" className="my-0.5 block h-7 w-14 animate-pulse rounded-md bg-subtle" aria-label={`Loading ${label}`} />;
  if (value === undefined) return <span className={className ?? 'text-2xl font-semibold text-muted-foreground'}>{EMPTY_VALUE}</span>;
  return (
    <span className={className ?? 'text-2xl font-semibold tabular-nums'} aria-label={`${label}: ${value}`}>
      {formatCount(value)}
    </span>
  );
}

const TILES = [
  { key: 'discovered', label: 'Discovered', hint: 'DDEX files not imported yet', icon: FileSearch, tone: 'bg-info-soft text-info-soft-foreground' },
  { key: 'ready', label: 'Ready to Import', hint: 'Eligible and waiting', icon: ListChecks, tone: 'bg-warning-soft text-warning-soft-foreground' },
  { key: 'imported', label: 'Imported', hint: 'DDEX files in the catalogue', icon: Upload, tone: 'bg-success-soft text-success-soft-foreground' },
  { key: 'releases', label: 'Releases', hint: 'In the catalogue', icon: Disc3, tone: 'bg-primary-soft text-primary-soft-foreground' },
] as const;

function WorkflowOverview({ data }: { data: DashboardData | undefined }) {
  const values: Record<(typeof TILES)[number]['key'], number | undefined> = {
    discovered: data?.files.not_imported,
    ready: data?.files.ready_to_import,
    imported: data?.files.imported,
    releases: data?.catalogue.releases,
  };
  return (
    <section aria-labelledby="workflow-overview">
      <h2 id="workflow-overview" className="mb-2 text-sm font-semibold text-muted-foreground">
        Workflow Overview
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map((tile, index) => (
          <li key={tile.key} className="relative">
            <Card className="flex items-center gap-3 p-4" data-testid={`tile-${tile.key}`}>
              <div aria-hidden className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tile.tone}`}>
                <tile.icon className="size-5" />
              </div>
              <div className="min-w-0">
                <p className="text-sm font-medium">{tile.label}</p>
                <Figure value={values[tile.key]} label={tile.label} />
                <p className="truncate text-xs text-muted-foreground">{tile.hint}</p>
              </div>
            </Card>
            {index < TILES.length - 1 && (
              <ArrowRight aria-hidden className="absolute top-1/2 -right-3 z-10 hidden size-4 -translate-y-1/2 text-muted-foreground lg:block" />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CardIcon({ children }: { children: React.ReactNode }) {
  return (
    <div aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground [&_svg]:size-4">
      {children}
    </div>
  );
}

function SourcesCard({ data }: { data: DashboardData | undefined }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardHeaderRow>
          <div>
            <CardTitle>Connected Sources</CardTitle>
            <CardDescription>
              {data ? `${formatCount(data.sources.total)} ${data.sources.total === 1 ? 'source' : 'sources'}` : <PendingText className="mt-1 h-4 w-20" />}
            </CardDescription>
          </div>
          <CardIcon>
            <Database />
          </CardIcon>
        </CardHeaderRow>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        <div>
          <Figure value={data?.files.total} label="Total DDEX files" />
          <p className="text-xs text-muted-foreground">Total DDEX files</p>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to="/sources">Manage Sources</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function ArtistsCard({ data }: { data: DashboardData | undefined }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardHeaderRow>
          <div>
            <CardTitle>Artists</CardTitle>
            <CardDescription>{data ? `${formatCount(data.artists.total)} main artists` : <PendingText className="mt-1 h-4 w-24" />}</CardDescription>
          </div>
          <CardIcon>
            <Users />
          </CardIcon>
        </CardHeaderRow>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        {data ? (
          <div className="flex flex-wrap gap-2">
            <Badge variant="warning">{formatCount(data.artists.pending)} pending</Badge>
            <Badge variant="success">{formatCount(data.artists.approved)} approved</Badge>
            <Badge variant="info">{formatCount(data.artists.autopush)} autopush</Badge>
          </div>
        ) : (
          <PendingText className="h-5 w-48" />
        )}
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to="/artists">Review Artists</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function JobsCard({ data }: { data: DashboardData | undefined }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardHeaderRow>
          <div>
            <CardTitle>Active Jobs</CardTitle>
            <CardDescription>Pending or running</CardDescription>
          </div>
          <CardIcon>
            <Activity />
          </CardIcon>
        </CardHeaderRow>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-xs text-muted-foreground">Scan jobs running</dt>
            <dd>
              <Figure value={data?.jobs.scan_active} label="Scan jobs running" className="text-xl font-semibold tabular-nums" />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Import jobs running</dt>
            <dd>
              <Figure value={data?.jobs.import_active} label="Import jobs running" className="text-xl font-semibold tabular-nums" />
            </dd>
          </div>
        </dl>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to="/scan-jobs">View Jobs</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function MediaLibraryCard({ data }: { data: DashboardData | undefined }) {
  const loading = React.useContext(LoadingContext);
  return (
    <Card className="mt-5">
      <CardHeader>
        <CardHeaderRow>
          <div className="flex items-start gap-3">
            <CardIcon>
              <Library />
            </CardIcon>
            <div>
              <CardTitle>Media Library</CardTitle>
              <CardDescription>
                {data ? (
                  <>
                    <span aria-label={`Releases: ${data.catalogue.releases}`}>{formatCount(data.catalogue.releases)} releases</span>
                    {' · '}
                    <span aria-label={`Resources: ${data.catalogue.resources}`}>{formatCount(data.catalogue.resources)} resources</span>
                  </>
                ) : (
                  <PendingText className="mt-1 h-4 w-40" />
                )}
              </CardDescription>
            </div>
          </div>
          <Button asChild variant="link" size="sm">
            <Link to="/releases">
              Browse All <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardHeaderRow>
      </CardHeader>
      <CardContent>
        {!data && !loading ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">The latest releases could not be loaded.</p>
        ) : !data ? (
          <div className="flex gap-3 overflow-hidden" aria-label="Loading latest releases">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="w-36 shrink-0">
                <Skeleton className="aspect-square w-full rounded-md" />
                <Skeleton className="mt-2 h-4 w-28" />
                <Skeleton className="mt-1 h-3 w-20" />
              </div>
            ))}
          </div>
        ) : data.latest_releases.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No releases imported yet.</p>
        ) : (
          <ul className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-2" aria-label="Latest releases">
            {data.latest_releases.map((release) => (
              <li key={release.id} className="w-36 shrink-0">
                <ReleaseTile release={release} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReleaseTile({ release }: { release: DashboardRelease }) {
  // Spec: images that fail to load are hidden (the placeholder shows instead).
  const [imageFailed, setImageFailed] = React.useState(false);
  const artist = release.main_artists.join(', ');
  return (
    <Link to={`/releases/${release.id}`} className="group block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" title={`${release.title}${artist ? ` — ${artist}` : ''}`}>
      <div className="relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground">
        <ImageIcon aria-hidden className="size-8" />
        {release.cover_url && !imageFailed && (
          <img
            src={release.cover_url}
            alt={`Cover of ${release.title}`}
            loading="lazy"
            className="absolute inset-0 size-full object-cover transition-transform group-hover:scale-[1.03]"
            onError={() => setImageFailed(true)}
          />
        )}
      </div>
      <p className="mt-2 truncate text-sm font-medium group-hover:underline">{release.title}</p>
      <p className="truncate text-xs text-muted-foreground">{artist || 'Unknown artist'}</p>
      <p className="truncate text-xs text-muted-foreground">
        {release.type}
        {release.original_release_date ? ` · ${formatDate(release.original_release_date)}` : ''}
      </p>
    </Link>
  );
}

const QUICK_ACTIONS = [
  { label: 'View DDEX Files', to: '/ddex-files', icon: FileText },
  { label: 'Review Artists', to: '/artists', icon: Users },
  { label: 'Delivery Destinations', to: '/delivery-destinations', icon: Send },
  { label: 'Job Status', to: '/scan-jobs', icon: Activity },
] as const;

function QuickActionsCard() {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        {QUICK_ACTIONS.map((action) => (
          <Button key={action.label} asChild variant="outline" className="justify-start">
            <Link to={action.to}>
              <action.icon aria-hidden />
              {action.label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

/** Fixed text (spec): nothing is fetched for it. */
function SystemStatusCard() {
  return (
    <Card>
      <CardHeader>
        <CardHeaderRow>
          <CardTitle>All systems operational</CardTitle>
          <CheckCircle2 aria-hidden className="size-5 text-success" />
        </CardHeaderRow>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Badge variant="success">DDEX Scanner Active</Badge>
        <Badge variant="success">AI Screening Online</Badge>
        <Badge variant="success">Delivery Engine Ready</Badge>
      </CardContent>
    </Card>
  );
}
