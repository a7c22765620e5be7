import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthPage } from '@/web/features/auth/auth-page';
import { SetupPage } from '@/web/features/auth/setup-page';
import { DashboardPage } from '@/web/features/dashboard/dashboard-page';
import { DdexFilesPage } from '@/web/features/ddex-files/ddex-files-page';
import { ArtistsPage } from '@/web/features/artists/artists-page';
import { ArtistDetailPage } from '@/web/features/artists/artist-detail-page';
import { ScanJobsPage } from '@/web/features/scan-jobs/scan-jobs-page';
import { SourcesPage } from '@/web/features/sources/sources-page';
import { MediaPage } from '@/web/features/media/media-page';
import { MediaReleasesPage } from '@/web/features/media/media-releases-page';
import { ReleasesPage } from '@/web/features/releases/releases-page';
import { ReleaseDetailPage } from '@/web/features/releases/release-detail-page';
import { DeliveryStatusPage } from '@/web/features/delivery-status/delivery-status-page';
import { DestinationsPage } from '@/web/features/destinations/destinations-page';
import { AdminPage } from '@/web/features/admin/admin-page';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found';
import { RouteErrorPanel } from './error-boundary';

/**
 * The route table of the spec. /auth is public; everything in the layout needs a session; the
 * RequireAdmin group also needs role admin. /scan-jobs is signed-in (the authoritative table) even
 * though the sidebar lists it under Admin. Unknown paths get the 404 page, signed in or not.
 */
export const routes: RouteObject[] = [
  { path: '/auth', element: <AuthPage />, errorElement: <RouteErrorPanel /> },
  // Where the first-admin link and invitation links lead: public, the token is the key.
  { path: '/setup', element: <SetupPage />, errorElement: <RouteErrorPanel /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorPanel />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'ddex-files', element: <DdexFilesPage /> },
      { path: 'artists', element: <ArtistsPage /> },
      { path: 'artists/:id', element: <ArtistDetailPage /> },
      { path: 'scan-jobs', element: <ScanJobsPage /> },
      { path: 'releases', element: <ReleasesPage /> },
      { path: 'releases/:id', element: <ReleaseDetailPage /> },
      { path: 'ddex-media', element: <MediaPage /> },
      { path: 'ddex-media/releases', element: <MediaReleasesPage /> },
      { path: 'delivery-status', element: <DeliveryStatusPage /> },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'sources', element: <SourcesPage /> },
          { path: 'delivery-destinations', element: <DestinationsPage /> },
          { path: 'admin', element: <AdminPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
