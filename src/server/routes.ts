import type { ApiRouter } from './api-router';
import type { AppDeps } from './context';
import { registerUserRoutes } from '@/features/users/routes';
import { registerSourceRoutes } from '@/features/sources/routes';
import { registerDdexFileRoutes } from '@/features/ddex-files/routes';
import { registerScanningRoutes } from '@/features/scanning/routes';
import { registerImportingRoutes } from '@/features/importing/routes';
import { registerMediaRoutes } from '@/features/media/routes';
import { registerDashboardRoutes } from '@/features/dashboard/routes';
import { registerArtistRoutes } from '@/features/artists/routes';

/**
 * Every feature's API routes, in one place. A feature adds one line here; the route-enumeration
 * test then checks each route it declares for 401/403.
 */
export function registerFeatureRoutes(api: ApiRouter, deps: AppDeps): void {
  registerUserRoutes(api, deps);
  registerSourceRoutes(api, deps);
  registerDdexFileRoutes(api, deps);
  registerScanningRoutes(api, deps);
  registerImportingRoutes(api, deps);
  registerMediaRoutes(api, deps);
  registerDashboardRoutes(api, deps);
  registerArtistRoutes(api, deps);
}
